import type { FastifyReply } from 'fastify';

/** Adds header names to an answer's Vary, keeping those already there (several hooks each add what they read). */
export function addVary(reply: FastifyReply, ...fields: string[]): void {
  const existing = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  const missing = fields.filter(
    (field) => !existing.some((name) => name.toLowerCase() === field.toLowerCase()),
  );
  if (missing.length > 0) void reply.header('vary', [...existing, ...missing].join(', '));
}
