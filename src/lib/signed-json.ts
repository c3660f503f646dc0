import type { FastifyReply } from 'fastify';

/**
 * JSON text sent as it is. A signed JSON document goes out as the text that was signed: a schema's serialiser would
 * drop the fields it does not know and reorder the rest, and the proof would no longer verify. The asset list's
 * page goes out as the database wrote its records.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  // A string with a JSON content type is sent by Fastify as it is, without the response schema's serialiser.
  return reply.type('application/json; charset=utf-8').send(text);
}

/** `object` as JSON with the text of a signed document as its last member `name`, the signed bytes untouched. */
export function jsonWithSignedMember(object: Record<string, unknown>, name: string, signed: string): string {
  const head = JSON.stringify(object).slice(0, -1);
  return `${head}${head.length > 1 ? ',' : ''}${JSON.stringify(name)}:${signed}}`;
}
