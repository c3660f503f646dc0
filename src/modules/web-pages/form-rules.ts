import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../errors/error-catalogue.js';
import type { Flash } from './page-document.views.js';

export const FormText = Type.Optional(Type.String({ maxLength: 4000 }));
export const FormBody = Type.Object({ _csrf: FormText }, { additionalProperties: true });

/** A refusal the person can act on becomes a flash on the page; anything else is thrown on. */
export function refusal(error: unknown): { flash: Flash; status: number } {
  if (error instanceof AppError && error.statusCode < 500) {
    return { flash: { kind: 'error', message: error.message }, status: error.statusCode };
  }
  throw error;
}

/** After a form: the notice goes into the session and the browser to a plain URL (no notice in it). */
export async function redirectAfterForm(
  reply: FastifyReply,
  url: string,
  flashLeft: Promise<void>,
): Promise<FastifyReply> {
  await flashLeft;
  return reply.redirect(url, 303);
}
