import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../errors/error-catalogue.js';
import { pageErrorMessage } from './error-pages/page-error-message.js';
import type { Flash } from './page-document.views.js';

export const FormText = Type.Optional(Type.String({ maxLength: 4000 }));
export const FormBody = Type.Object({ _csrf: FormText }, { additionalProperties: true });

/** A field sent once per ticked box: absent (none ticked), one value, or several. */
export const FormList = (maxItems: number) =>
  Type.Optional(
    Type.Union([Type.String({ maxLength: 200 }), Type.Array(Type.String({ maxLength: 200 }), { maxItems })]),
  );

/** A FormList's values as a list: none ticked is an empty one. */
export function formList(value: string | string[] | undefined): string[] {
  return value === undefined ? [] : [value].flat();
}

/** A refusal the person can act on becomes a flash on the page; anything else is thrown on. */
export function refusal(error: unknown): { flash: Flash; status: number } {
  if (error instanceof AppError && error.statusCode < 500) {
    return { flash: { kind: 'error', message: pageErrorMessage(error) }, status: error.statusCode };
  }
  throw error;
}

/**
 * A form's change: `run`, then `done` with its result (back to a plain URL with a notice); refused (a 4xx the person
 * can act on), `refused` shows the page again with why, the refusal's own headers with it (a 429's Retry-After).
 */
export async function formChange<T>(
  reply: FastifyReply,
  run: () => Promise<T>,
  done: (result: T) => Promise<FastifyReply>,
  refused: (answer: { flash: Flash; status: number }) => Promise<FastifyReply>,
): Promise<FastifyReply> {
  let result: T;
  try {
    result = await run();
  } catch (error) {
    const answer = refusal(error);
    if (error instanceof AppError) void reply.headers(error.headers);
    return refused(answer);
  }
  return done(result);
}

/**
 * A form whose answer is its page drawn again, not a redirect (what it made is shown this once: a key's secret, an
 * invitation's link): `show` draws `run`'s answer, or, refused (a 4xx the person can act on), `refused` (the form
 * as typed) with why.
 */
export async function formOnPage<Done, Refused>(
  run: () => Promise<Done>,
  refused: Refused,
  show: (answer: Done | (Refused & { flash: Flash; status: number })) => Promise<FastifyReply>,
): Promise<FastifyReply> {
  let done: Done;
  try {
    done = await run();
  } catch (error) {
    return show({ ...refused, ...refusal(error) });
  }
  return show(done);
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
