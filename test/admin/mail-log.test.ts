import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMemberSession } from '../../src/modules/members/member-sessions.service.js';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { MAIL_HTML_CSP } from '../../src/modules/admin/pages/mail.routes.js';
import { findMail } from '../../src/modules/mail/mail-outbox.repository.js';
import { createMailWorker } from '../../src/modules/mail/mail.plugin.js';
import { queueMail, type MailRequest } from '../../src/modules/mail/mail.service.js';
import { insertMember } from '../helpers/member-factory.js';
import { createTestContext, testConfig, type TestContext } from '../helpers/test-app.js';
import { createAdmin, logIn } from './admin-helpers.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const RESET_LINK = 'https://verify.example.com/console/reset/s3cret-one-time-token';

function request(overrides: Partial<MailRequest> = {}): MailRequest {
  return {
    kind: 'invitation',
    to: 'registrar@galerie-lumiere.example',
    language: 'fr',
    service: 'Asset Verification Service',
    draw: () => ({
      subject: 'Une œuvre vous attend',
      heading: 'Bonjour',
      paragraphs: ['Le certificat de <Nymphéas> est prêt.'],
      action: { label: 'Ouvrir', url: 'https://verify.example.com/console/assets?a=1&b=2' },
    }),
    ...overrides,
  };
}

/** A loopback port nothing listens on: an SMTP server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let context: TestContext;
let dataDir: string;
let cookie: string;
const ids = { sent: '', pending: '', secret: '' };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'avs-mail-log-'));
  // No AVS_SMTP_URL: the app's own worker writes to the local mailbox under AVS_DATA_DIR/mail.
  context = await createTestContext({
    config: { AVS_DATA_DIR: dataDir, AVS_PUBLIC_URL: 'https://verify.example.com' },
  });
  ids.sent = (await context.db.transaction((tx) => queueMail(tx, request())))!;
  await context.app.mailWorker.drain();

  // A message whose SMTP server is down: tried once, pending, with the connection's refusal as its answer.
  ids.pending = (await context.db.transaction((tx) =>
    queueMail(
      tx,
      request({
        kind: 'password_changed',
        to: 'curator@musee.example',
        draw: () => ({
          subject: 'Mot de passe modifié',
          heading: 'Bonjour',
          paragraphs: ['Votre mot de passe.'],
        }),
      }),
    ),
  ))!;
  const downSmtp = createMailWorker(
    context.db,
    testConfig({
      AVS_SMTP_URL: `smtp://127.0.0.1:${await closedPort()}?tls=off`,
      AVS_MAIL_TIMEOUT_MS: 2_000,
      AVS_PUBLIC_URL: 'https://verify.example.com',
    }),
    silent,
  );
  await downSmtp.drain();
  await downSmtp.stop();

  // A one-time link, written to the local mailbox: its body leaves the row once it is sent.
  ids.secret = (await context.db.transaction((tx) =>
    queueMail(
      tx,
      request({
        kind: 'password_reset',
        carriesSecretLink: true,
        draw: () => ({
          subject: 'Réinitialiser votre mot de passe',
          heading: 'Bonjour',
          paragraphs: ['Quelqu’un a demandé un nouveau mot de passe.'],
          action: { label: 'Choisir un mot de passe', url: RESET_LINK },
        }),
      }),
    ),
  ))!;
  await context.app.mailWorker.drain();

  const admin = await createAdmin(context.db);
  cookie = (await logIn(context.app, admin.email)).cookie;
});

afterAll(async () => {
  await context?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = { cookie }) =>
  context.app.inject({ method: 'GET', url, headers });

/** The rows of the log as the page lists them: id, state, tries and last answer. */
function logRows(body: string) {
  return [
    ...body.matchAll(
      /<tr data-mail-id="([^"]+)" data-state="([^"]+)">[\s\S]*?<td data-label="[^"]*" class="number">(\d+)<\/td>\s*<td data-label="[^"]*">([\s\S]*?)<\/td>/g,
    ),
  ].map(([, id, state, tries, answer]) => ({ id, state, tries: Number(tries), answer: answer!.trim() }));
}

describe('the mail log, /admin/mail', () => {
  it('lists every message newest first with its state, tries and last answer, never a body', async () => {
    const response = await get('/admin/mail');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const rows = logRows(response.body);
    expect(rows.map((row) => row.id)).toEqual([ids.secret, ids.pending, ids.sent]);
    expect(rows[2]).toMatchObject({ state: 'sent', tries: 1 });
    expect(rows[2]!.answer).toMatch(/saved to the local mailbox as .*\.eml/);
    expect(rows[1]).toMatchObject({ state: 'pending', tries: 1 });
    expect(rows[1]!.answer).toMatch(/ECONNREFUSED|ECONNECTION|connect/i);
    expect(rows[0]).toMatchObject({ state: 'sent', tries: 1 });
    // To, subject (a link to the message), kind by its word, the admin menu's new entry.
    expect(response.body).toContain('registrar@galerie-lumiere.example');
    expect(response.body).toContain(`<a href="/admin/mail/${ids.sent}">Une œuvre vous attend</a>`);
    expect(response.body).toContain('Password reset');
    expect(response.body).toMatch(/<a href="\/admin\/mail"[^>]*aria-current="page"\s*>Mail<\/a\s*>/);
    // Never a body, and never a one-time link.
    expect(response.body).not.toContain('Nymphéas');
    expect(response.body).not.toContain('s3cret-one-time-token');
    expect(response.body).not.toContain('Quelqu’un a demandé');
  });

  it('filters by state and by recipient', async () => {
    const pending = logRows((await get('/admin/mail?state=pending')).body);
    expect(pending.map((row) => row.id)).toEqual([ids.pending]);
    const toCurator = logRows((await get('/admin/mail?to=curator%40musee.example')).body);
    expect(toCurator.map((row) => row.id)).toEqual([ids.pending]);
    const sentToRegistrar = logRows(
      (await get('/admin/mail?state=sent&to=registrar%40galerie-lumiere.example')).body,
    );
    expect(sentToRegistrar.map((row) => row.id)).toEqual([ids.secret, ids.sent]);
    const none = await get('/admin/mail?to=nobody%40example.com');
    expect(logRows(none.body)).toEqual([]);
    expect(none.body).toContain('No messages match.');
  });

  it('pages by a cursor that serves only the filters it was made with', async () => {
    const first = await get('/admin/mail?limit=2');
    expect(logRows(first.body).map((row) => row.id)).toEqual([ids.secret, ids.pending]);
    const next = /<a href="([^"]+)" rel="next">/.exec(first.body)![1]!.replace(/&amp;/g, '&');
    expect(next).toMatch(/^\/admin\/mail\?limit=2&cursor=/);
    const second = await get(next);
    expect(logRows(second.body).map((row) => row.id)).toEqual([ids.sent]);
    expect(second.body).not.toContain('rel="next"');
    const cursor = new URL(next, 'http://x').searchParams.get('cursor')!;
    const otherFilter = await get(`/admin/mail?state=failed&cursor=${encodeURIComponent(cursor)}`);
    expect(otherFilter.statusCode).toBe(400);
  });
});

describe('the local mailbox page, /admin/mail/{id}', () => {
  it('shows a message sent to the local mailbox as its file says: headers, the HTML in a sandboxed frame, the text', async () => {
    const [file] = readdirSync(path.join(dataDir, 'mail')).filter((name) => name.includes(ids.sent));
    expect(file).toBeDefined();
    const response = await get(`/admin/mail/${ids.sent}`);
    expect(response.statusCode).toBe(200);
    const body = response.body;
    expect(body).toContain(`<code>${file}</code>`);
    expect(body).toContain('&quot;Asset Verification Service&quot; &lt;no-reply@verify.example.com&gt;');
    expect(body).toContain('registrar@galerie-lumiere.example');
    expect(body).toContain('Une œuvre vous attend');
    expect(body).toContain(`<code>&lt;${ids.sent}@verify.example.com&gt;</code>`);
    // The plain-text version, the link spelled out.
    expect(body).toMatch(
      /<pre class="code-block mail-text">[\s\S]*Le certificat de &lt;Nymphéas&gt; est prêt\./,
    );
    expect(body).toContain('https://verify.example.com/console/assets?a=1&amp;b=2');
    // The HTML version in a frame that may run nothing.
    const frame = /<iframe[^>]*>/.exec(body)![0];
    expect(frame).toMatch(/\ssandbox[\s>]/);
    expect(frame).not.toMatch(/allow-/);
    expect(frame).toContain(`src="/admin/mail/${ids.sent}/html"`);
    expect(frame).toMatch(/title="[^"]+"/);
  });

  it('serves the HTML version on its own route with a strict policy, framed by the service only', async () => {
    const response = await get(`/admin/mail/${ids.sent}/html`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'",
    );
    expect(MAIL_HTML_CSP).toBe(response.headers['content-security-policy']);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cache-control']).toBe('no-store');
    const file = readdirSync(path.join(dataDir, 'mail')).find((name) => name.includes(ids.sent))!;
    expect(readFileSync(path.join(dataDir, 'mail', file), 'utf8')).toContain('Content-Type: text/html');
    expect(response.body).toContain('<html lang="fr">');
    expect(response.body).toContain('Le certificat de &lt;Nymphéas&gt; est prêt.');
    expect(response.body).toContain('href="https://verify.example.com/console/assets?a=1&amp;b=2"');
    // Every other /admin page may be framed by nobody.
    const page = await get(`/admin/mail/${ids.sent}`);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('shows a message the SMTP server has not taken yet from the outbox row', async () => {
    const response = await get(`/admin/mail/${ids.pending}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Mot de passe modifié');
    expect(response.body).toContain('Votre mot de passe.');
    expect(response.body).toContain('Shown as the mail outbox keeps it.');
    const html = await get(`/admin/mail/${ids.pending}/html`);
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('Votre mot de passe.');
  });

  it('shows only the headers of a message that carries a one-time link, though its file holds the body', async () => {
    const file = readdirSync(path.join(dataDir, 'mail')).find((name) => name.includes(ids.secret))!;
    expect(readFileSync(path.join(dataDir, 'mail', file), 'utf8')).toContain('s3cret-one-time-token');
    expect(await findMail(context.db, ids.secret)).toMatchObject({ text_body: null, html_body: null });
    const response = await get(`/admin/mail/${ids.secret}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Réinitialiser votre mot de passe');
    expect(response.body).toContain('registrar@galerie-lumiere.example');
    expect(response.body).toContain('data-body-withheld="secret_link"');
    expect(response.body).toContain('its body is not shown here');
    expect(response.body).not.toContain('s3cret-one-time-token');
    expect(response.body).not.toContain('Quelqu’un a demandé');
    expect(response.body).not.toContain('<iframe');
    const html = await get(`/admin/mail/${ids.secret}/html`);
    expect(html.statusCode).toBe(404);
    expect(html.body).not.toContain('s3cret-one-time-token');
  });

  it('answers an unknown message with the not-found page', async () => {
    expect((await get('/admin/mail/0196a0a0-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/admin/mail/not-an-id')).statusCode).toBe(404);
    expect((await get('/admin/mail/0196a0a0-0000-7000-8000-000000000000/html')).statusCode).toBe(404);
  });

  it('speaks the reader’s language', async () => {
    const response = await get(`/admin/mail/${ids.secret}?lang=de`, { cookie });
    expect(response.body).toContain('Kopfzeilen');
    expect(response.body).toContain('Einmal-Link');
  });
});

describe('who may open the mail pages', () => {
  it('sends a visitor without a session, and a member of an account, to the log-in page', async () => {
    const account = await createAccount(context.db, { name: 'Galerie Lumière' });
    const memberId = await insertMember(context.db, account.id, 'owner');
    const { rows } = await context.db.query<{ person_id: string }>(
      'SELECT person_id FROM account_members WHERE id = $1',
      [memberId],
    );
    const { token } = await startMemberSession(context.db, rows[0]!.person_id, account.id);
    const member = { cookie: `avs_member_session=${token}` };
    for (const url of ['/admin/mail', `/admin/mail/${ids.sent}`, `/admin/mail/${ids.sent}/html`]) {
      for (const headers of [{}, member]) {
        const response = await get(url, headers);
        expect(response.statusCode, url).toBe(303);
        expect(response.headers.location).toBe('/admin/login');
        expect(response.body).not.toContain('Nymphéas');
      }
    }
  });
});
