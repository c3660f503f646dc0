import type { FastifyReply } from 'fastify';
import type { LookupAnswer } from './alert-lookups.service.js';

/** The value to send, the reply marked `no-store` when the answer is about an asset with an open alert (docs/alerts.md). */
export function lookupAnswerValue<T>(reply: FastifyReply, answer: LookupAnswer<T>): T {
  if (answer.noStore) void reply.header('cache-control', 'no-store');
  return answer.value;
}
