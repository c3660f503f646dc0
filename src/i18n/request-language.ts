import { AsyncLocalStorage } from 'node:async_hooks';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addVary } from '../lib/vary.js';
import { DEFAULT_LANGUAGE, isPageLanguage, LANGUAGES, type Language, type PageLanguage } from './locales.js';

/** The cookie a person's language choice is kept in (a choice, not tracking: it holds only the language's code). */
const LANGUAGE_COOKIE = 'avs_lang';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const requestLanguage = new AsyncLocalStorage<{ language: PageLanguage }>();

/** The language of the page being drawn: the request's (set by languageHook), English outside a request. */
export function currentLanguage(): PageLanguage {
  return requestLanguage.getStore()?.language ?? DEFAULT_LANGUAGE;
}

/** Draws something in a language, e.g. an error page drawn outside a page app's hooks. */
export function inLanguage<T>(language: PageLanguage, draw: () => T): T {
  return requestLanguage.run({ language }, draw);
}

function cookieLanguage(request: FastifyRequest): string | undefined {
  const cookies = (request as { cookies?: Record<string, string | undefined> }).cookies;
  return cookies
    ? cookies[LANGUAGE_COOKIE]
    : fastifyCookie.parse(request.headers.cookie ?? '')[LANGUAGE_COOKIE];
}

/** The language asked for in the address (`?lang=fr`), when it is one the pages speak. */
function askedLanguage(request: FastifyRequest): PageLanguage | undefined {
  const asked = (request.query as { lang?: unknown } | undefined)?.lang;
  return isPageLanguage(asked) ? asked : undefined;
}

/** The language the browser asks for (Accept-Language), or English. */
export function browserLanguage(request: FastifyRequest): Language {
  const accepted = request.headers['accept-language'] ? request.language([...LANGUAGES]) : false;
  return accepted ? (accepted as Language) : DEFAULT_LANGUAGE;
}

/**
 * A request's language (docs/languages.md): `?lang=` first, then the signed-in person's own choice, then the cookie a
 * switcher left, then the browser's Accept-Language, then English.
 */
function negotiateLanguage(request: FastifyRequest, preference?: Language | null): PageLanguage {
  const asked = askedLanguage(request);
  if (asked) return asked;
  if (preference) return preference;
  const kept = cookieLanguage(request);
  if (isPageLanguage(kept)) return kept;
  return browserLanguage(request);
}

/**
 * Keeps a language choice in the `avs_lang` cookie for the pages after this one (those without a signed-in person's
 * own choice); null forgets it, so the browser's language speaks again.
 */
export function keepLanguageCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  language: PageLanguage | null,
): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  void reply.header(
    'set-cookie',
    language === null
      ? `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`,
  );
}

const negotiated = new WeakMap<FastifyRequest, PageLanguage>();

/** The language a page app's hook chose for this request (or, before any hook ran, the one it would choose). */
export function languageOf(request: FastifyRequest): PageLanguage {
  return negotiated.get(request) ?? negotiateLanguage(request);
}

/** Draws a request's page (an error page, a not-found page) in its language, wherever in the request it is drawn. */
export function inRequestLanguage<T>(request: FastifyRequest, draw: () => T): T {
  return inLanguage(languageOf(request), draw);
}

/**
 * onRequest and preHandler of a page app (the second after the body is read, so the handler runs inside it): the rest of the
 * request draws in the negotiated language. A `?lang=` is kept in a cookie for the next page; the answer varies by language.
 */
function languageHook(preference?: (request: FastifyRequest) => Language | null | undefined) {
  return function setRequestLanguage(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    const language = negotiateLanguage(request, preference?.(request));
    negotiated.set(request, language);
    const asked = askedLanguage(request);
    if (asked) keepLanguageCookie(request, reply, asked);
    addVary(reply, 'Accept-Language', 'Cookie');
    requestLanguage.run({ language }, done);
  };
}

/** A page app speaks each request's language: from its first hook (so early error pages do) and again around its handler. */
export function speakRequestLanguage(
  app: FastifyInstance,
  preference?: (request: FastifyRequest) => Language | null | undefined,
): void {
  app.addHook('onRequest', languageHook());
  app.addHook('preHandler', languageHook(preference));
}
