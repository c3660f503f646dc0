import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenHash } from '../../src/modules/web-pages/web-sessions.js';
import { linksIn, startMailServer, type MailServer } from '../helpers/mail-server.js';
import { postSignInForm } from '../helpers/sign-in-forms.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { ADMIN_PASSWORD, createAdmin, logIn } from './admin-helpers.js';

// Issue #48 item 5 at /admin: the operator's administrators get the console's way back in, for their own table.
const PUBLIC_URL = 'https://verify.example.com';
const NEW_PASSWORD = 'a brand new and uncommon passphrase';

let context: TestContext;
let server: MailServer;
let counter = 0;
const clientAddress = () => `10.7.${Math.floor(++counter / 250)}.${counter % 250}`;

beforeAll(async () => {
  server = await startMailServer();
  context = await createTestContext({ config: { ...server.config, AVS_PUBLIC_URL: PUBLIC_URL } });
});
afterAll(async () => {
  await context?.close();
  await server?.close();
});

const forgot = (email: string) =>
  postSignInForm(context.app, {
    url: '/admin/forgot-password',
    fields: { email },
    remoteAddress: clientAddress(),
  });
const setPassword = (token: string, password = NEW_PASSWORD) =>
  postSignInForm(context.app, {
    url: `/admin/reset-password/${token}`,
    fields: { password, password_again: password },
    remoteAddress: clientAddress(),
  });
const openLink = (token: string) =>
  context.app.inject({ method: 'GET', url: `/admin/reset-password/${token}` });
const logInWith = (email: string, password: string) =>
  postSignInForm(context.app, {
    url: '/admin/login',
    fields: { email, password },
    remoteAddress: clientAddress(),
  });

async function delivered(recipient: string, subject: RegExp): Promise<ParsedMail> {
  await context.app.mailWorker.drain();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const found = server.received.find(
      (mail) => mail.to.includes(recipient) && subject.test(mail.parsed.subject ?? ''),
    );
    if (found) return found.parsed;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no message "${subject.source}" to ${recipient}`);
}

function tokenOf(mail: ParsedMail): string {
  const link = linksIn(mail.text!).find((url) => url.startsWith(`${PUBLIC_URL}/admin/reset-password/`));
  expect(link, mail.text).toBeDefined();
  expect(mail.html).toContain(`href="${link}"`);
  return link!.split('/').pop()!;
}

describe('/admin: forgot your password', () => {
  it('the log-in page links to it; a known and an unknown address get the same page; only the known is mailed', async () => {
    const login = await context.app.inject({ method: 'GET', url: '/admin/login' });
    expect(login.body).toContain('href="/admin/forgot-password"');
    const page = await context.app.inject({ method: 'GET', url: '/admin/forgot-password' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/name="_csrf" value="[^"]+"/);

    const admin = await createAdmin(context.db);
    const unknown = `nobody-${Date.now()}@example.com`;
    const [known, stranger] = [await forgot(admin.email), await forgot(unknown)];
    expect(known.statusCode).toBe(200);
    expect(stranger.statusCode).toBe(200);
    expect(known.body.replaceAll(admin.email, 'X')).toBe(stranger.body.replaceAll(unknown, 'X'));
    const { rows } = await context.db.query<{ recipient: string }>(
      `SELECT recipient FROM mail_outbox WHERE kind = 'password_reset' AND recipient = ANY($1)`,
      [[admin.email, unknown]],
    );
    expect(rows).toEqual([{ recipient: admin.email }]);
  });

  it('the link sets a new password once, ends every session of that administrator only, and a notice follows', async () => {
    const admin = await createAdmin(context.db);
    const other = await createAdmin(context.db);
    const [first, second, others] = [
      await logIn(context.app, admin.email),
      await logIn(context.app, admin.email),
      await logIn(context.app, other.email),
    ];
    await forgot(admin.email);
    const mail = await delivered(admin.email, /^Choose a new password/);
    expect(mail.headers.has('list-unsubscribe')).toBe(false);
    const token = tokenOf(mail);
    const page = await openLink(token);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`value="${admin.email}"`);
    // An /admin link is no /console link.
    expect(
      (await context.app.inject({ method: 'GET', url: `/console/reset-password/${token}` })).statusCode,
    ).toBe(404);

    const done = await setPassword(token);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('href="/admin/login"');
    for (const session of [first, second]) {
      const dashboard = await context.app.inject({
        method: 'GET',
        url: '/admin',
        headers: { cookie: session.cookie },
      });
      expect(dashboard.statusCode).toBe(303);
    }
    const untouched = await context.app.inject({
      method: 'GET',
      url: '/admin',
      headers: { cookie: others.cookie },
    });
    expect(untouched.statusCode).toBe(200);
    expect((await logInWith(admin.email, ADMIN_PASSWORD)).statusCode).toBe(401);
    expect((await logInWith(admin.email, NEW_PASSWORD)).statusCode).toBe(303);

    expect((await setPassword(token, 'yet another uncommon passphrase')).statusCode).toBe(410);
    expect((await openLink(token)).statusCode).toBe(410);

    const notice = await delivered(admin.email, /was changed$/);
    expect(notice.headers.has('list-unsubscribe')).toBe(false);
    expect(linksIn(notice.text!)).toContain(`${PUBLIC_URL}/admin/forgot-password`);
  });

  it('expires after an hour (the row moved back, not waited for)', async () => {
    const admin = await createAdmin(context.db);
    await forgot(admin.email);
    const token = tokenOf(await delivered(admin.email, /^Choose a new password/));
    await context.db.query(
      `UPDATE password_resets SET created_at = created_at - interval '3601 seconds',
         expires_at = expires_at - interval '3601 seconds' WHERE id = $1`,
      [tokenHash(token)],
    );
    const page = await openLink(token);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This link has expired');
    expect((await setPassword(token)).statusCode).toBe(410);
    expect((await logInWith(admin.email, ADMIN_PASSWORD)).statusCode).toBe(303);
  });
});
