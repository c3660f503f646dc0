import { Type, type Static } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { html, type SafeHtml } from '../../lib/html.js';
import { emailField, passwordField } from './form-parts.views.js';
import { flashMessage, sendPage, type Flash } from './page-document.views.js';
import { csrfField } from './page-frame.views.js';
import { text } from './text/index.js';

export const SignInBody = Type.Object(
  { email: Type.Optional(Type.String()), password: Type.Optional(Type.String()) },
  { additionalProperties: true },
);
type SignInBody = Static<typeof SignInBody>;

/** The e-mail and password as typed, cut to lengths no real one reaches (the hash never sees a megabyte). */
export function signInFields(body: SignInBody): { email: string; password: string } {
  return { email: (body.email ?? '').slice(0, 320), password: (body.password ?? '').slice(0, 1024) };
}

/** The e-mail and password form of a sign-in page, its notice above it. */
export function signInForm(options: {
  action: string;
  button: string;
  /** The pre-session token (signInCsrf) the form carries back. */
  csrfToken: string;
  email?: string;
  flash?: Flash;
  /** Fields after the password (the console's choice of account). */
  more?: SafeHtml;
}): SafeHtml {
  return html`${flashMessage(options.flash)}
    <form method="post" action="${options.action}" class="stacked">
      ${csrfField(options.csrfToken)} ${emailField(options.email)}
      ${passwordField(text.forms.password, { id: 'password', autocomplete: 'current-password' })}
      ${options.more ?? ''}
      <button type="submit">${options.button}</button>
    </form>`;
}

/** A throttled sign-in or invitation: 429 with Retry-After, on the page the person was on. */
function sendThrottled(
  reply: FastifyReply,
  retryAfterSeconds: number,
  page: (message: string) => SafeHtml,
  throttled: (minutes: number) => string = text.signIn.throttled,
): FastifyReply {
  void reply.header('retry-after', String(retryAfterSeconds));
  return sendPage(reply, page(throttled(Math.ceil(retryAfterSeconds / 60))), 429);
}

/** The answer to a refused or throttled sign-in: the sign-in page again, with why. */
export function sendSignInRefusal(
  reply: FastifyReply,
  result: { outcome: 'refused' } | { outcome: 'throttled'; retryAfterSeconds: number },
  options: {
    page: (flash: Flash) => SafeHtml;
    /** The sentence of a throttled attempt, given the minutes to wait (the app's word for its sign-in). */
    throttled?: (minutes: number) => string;
    refused?: string;
  },
): FastifyReply {
  if (result.outcome === 'throttled') {
    return sendThrottled(
      reply,
      result.retryAfterSeconds,
      (message) => options.page({ kind: 'error', message }),
      options.throttled,
    );
  }
  const message = options.refused ?? text.signIn.refused;
  return sendPage(reply, options.page({ kind: 'error', message }), 401);
}
