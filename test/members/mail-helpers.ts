import type { ParsedMail } from 'mailparser';
import type { FastifyInstance } from 'fastify';
import { form, FORM } from '../admin/admin-helpers.js';
import { linksIn, type MailServer } from '../helpers/mail-server.js';
import type { TestContext } from '../helpers/test-app.js';
import { waitFor } from '../helpers/wait-for.js';

/** The public address the mail tests give the service: every link in a message must be absolute under it. */
export const PUBLIC_URL = 'https://verify.example.com';

/**
 * The messages that arrived at the SMTP server for this address, once the outbox is drained and at least `count`
 * have come (oldest first).
 */
export async function mailsTo(
  context: TestContext,
  server: MailServer,
  address: string,
  count = 1,
): Promise<ParsedMail[]> {
  await context.app.mailWorker.drain();
  const arrived = () => server.received.filter((mail) => mail.to.includes(address));
  await waitFor(() => arrived().length >= count, { message: `${count} message(s) to ${address}` });
  return arrived().map((mail) => mail.parsed);
}

/**
 * The messages to this address that carry a link under `path` (oldest first), once at least `count` have come: a
 * message caused earlier may arrive after a later one when both wait in the outbox.
 */
export async function mailsWithLink(
  context: TestContext,
  server: MailServer,
  address: string,
  path: string,
  count = 1,
  base = PUBLIC_URL,
): Promise<ParsedMail[]> {
  await context.app.mailWorker.drain();
  const carrying = () =>
    server.received
      .filter((mail) => mail.to.includes(address))
      .map((mail) => mail.parsed)
      .filter((mail) => linksIn(mail.text ?? '').some((link) => link.startsWith(`${base}${path}`)));
  await waitFor(() => carrying().length >= count, { message: `${count} ${path} message(s) to ${address}` });
  return carrying();
}

/** The one link of a message under a path (its action), from the plain-text version. */
export function linkIn(mail: ParsedMail, path: string, base = PUBLIC_URL): string {
  const links = linksIn(mail.text ?? '').filter((link) => link.startsWith(`${base}${path}`));
  if (links.length !== 1) throw new Error(`expected one ${path} link, found ${links.length}: ${mail.text}`);
  return links[0]!;
}

/** The token at the end of a link. */
export const tokenOf = (link: string) => link.split('/').pop()!;

/** A path of a link under the public address, for app.inject. */
export const pathOf = (link: string) => link.slice(PUBLIC_URL.length);

export const get = (app: FastifyInstance, url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

export const post = (app: FastifyInstance, url: string, cookie: string, fields: Record<string, string>) =>
  app.inject({ method: 'POST', url, headers: { ...FORM, cookie }, payload: form(fields) });
