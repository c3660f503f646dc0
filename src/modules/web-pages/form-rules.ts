import { Type } from '@sinclair/typebox';
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
