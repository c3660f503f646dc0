import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';

const HOME = '/console';
// Any origin will do: it only lets URL read a path, and is never written anywhere.
const BASE = 'http://console.invalid';

const pageAddress = new AsyncLocalStorage<string>();

/**
 * Where a form that comes back sends the browser: a /console path (never another site, nor /admin), with no `?lang=`
 * (which would override the choice just made). Undefined when `value` is anything else.
 */
export function consoleReturnPath(value: string | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//')) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE || (url.pathname !== HOME && !url.pathname.startsWith(`${HOME}/`)))
    return undefined;
  url.searchParams.delete('lang');
  return `${url.pathname}${url.search}`;
}

/**
 * preHandler of the console: the page being drawn knows its own address, so the language switcher at its foot comes
 * back to it. An answer to a form (a POST) comes back to the console's home, its address being no page to open.
 */
export function rememberPageAddress(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  const address = request.method === 'GET' ? (consoleReturnPath(request.url) ?? HOME) : HOME;
  pageAddress.run(address, done);
}

/** The address of the page being drawn (see rememberPageAddress). */
export function currentPageAddress(): string {
  return pageAddress.getStore() ?? HOME;
}
