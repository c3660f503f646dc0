import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { findMail } from '../../src/modules/mail/mail-outbox.repository.js';
import { queueMail, type MailRequest } from '../../src/modules/mail/mail.service.js';
import { createMailWorker } from '../../src/modules/mail/mail.plugin.js';
import { createTestContext, testConfig, type TestContext } from '../helpers/test-app.js';
import { linksIn, startMailServer, type MailServer } from '../helpers/mail-server.js';
import { waitFor } from '../helpers/wait-for.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

function request(overrides: Partial<MailRequest> = {}): MailRequest {
  return {
    kind: 'test',
    to: 'registrar@galerie-lumiere.example',
    language: 'fr',
    service: 'Asset Verification Service',
    draw: () => ({
      subject: 'Un message',
      heading: 'Bonjour',
      paragraphs: ['Une œuvre <vous> attend.'],
      action: { label: 'Ouvrir', url: 'https://verify.example.com/console/x?a=1&b=2' },
    }),
    ...overrides,
  };
}

describe('the mail outbox', () => {
  let context: TestContext;
  let server: MailServer;

  beforeAll(async () => {
    server = await startMailServer();
    context = await createTestContext({
      config: {
        ...server.config,
        AVS_PUBLIC_URL: 'https://verify.example.com',
        // The first retry comes late enough that a drain on a loaded machine sees one attempt, not two.
        AVS_MAIL_RETRY_SCHEDULE: [2_000, 200, 200, 200, 200, 200, 200, 200],
        AVS_MAIL_TIMEOUT_MS: 15_000,
      },
    });
  });
  afterAll(async () => {
    await context.close();
    await server.close();
  });

  it('queues nothing when the change that caused the message rolls back', async () => {
    const marker = `rolled-back-${Date.now()}@example.com`;
    await expect(
      context.db.transaction(async (tx) => {
        await queueMail(tx, request({ to: marker }));
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    const { rows } = await context.db.query('SELECT 1 FROM mail_outbox WHERE recipient = $1', [marker]);
    expect(rows).toHaveLength(0);
  });

  it('hands a committed message to a real SMTP server over STARTTLS with AUTH, both versions, its Message-ID stable', async () => {
    const before = server.received.length;
    const id = await context.db.transaction((tx) => queueMail(tx, request()));
    await context.app.mailWorker.drain();
    const [mail] = (await server.waitFor(before + 1)).slice(before);
    expect(mail!.secure).toBe(true);
    expect(mail!.user).toBe('avs-mailer');
    expect(mail!.to).toEqual(['registrar@galerie-lumiere.example']);
    const parsed = mail!.parsed;
    expect(parsed.messageId).toBe(`<${id}@verify.example.com>`);
    expect(parsed.subject).toBe('Un message');
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(parsed.headers.get('content-language')).toBe('fr');
    expect(parsed.headers.has('list')).toBe(false);
    expect(parsed.text).toContain('Une œuvre <vous> attend.');
    expect(linksIn(parsed.text!)).toContain('https://verify.example.com/console/x?a=1&b=2');
    expect(parsed.html).toContain('Une œuvre &lt;vous&gt; attend.');
    expect(parsed.html).toContain('href="https://verify.example.com/console/x?a=1&amp;b=2"');
    expect(parsed.html).not.toMatch(/<img|<script|src=/i);
    expect(parsed.html).toContain('<html lang="fr">');
    const row = await findMail(context.db, id!);
    expect(row).toMatchObject({ state: 'sent', attempts: 1, transport: 'smtp' });
    expect(row!.last_answer).toMatch(/^250/);
  });

  it('says List-Unsubscribe (one click) on a notice', async () => {
    const before = server.received.length;
    await context.db.transaction((tx) =>
      queueMail(
        tx,
        request({ kind: 'notice', unsubscribeUrl: 'https://verify.example.com/console/notices/off/t' }),
      ),
    );
    await context.app.mailWorker.drain();
    const [mail] = (await server.waitFor(before + 1)).slice(before);
    expect(mail!.parsed.headers.get('list')).toMatchObject({
      unsubscribe: { url: 'https://verify.example.com/console/notices/off/t' },
    });
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it('keeps a message while the SMTP server is down and delivers it once when it is back', async () => {
    await server.stop();
    const before = server.received.length;
    const id = await context.db.transaction((tx) => queueMail(tx, request({ to: 'down@example.com' })));
    await context.app.mailWorker.drain();
    const waiting = await findMail(context.db, id!);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1 });
    expect(waiting!.last_answer).toMatch(/ECONNECTION|ECONNREFUSED|connect/i);
    await server.start();
    await waitFor(async () => {
      await context.app.mailWorker.drain();
      return (await findMail(context.db, id!))?.state === 'sent';
    });
    await context.app.mailWorker.drain();
    const arrived = server.received.slice(before).filter((mail) => mail.to.includes('down@example.com'));
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.parsed.messageId).toBe(`<${id}@verify.example.com>`);
  });

  it('never keeps the body of a message that carries a one-time link once it is sent', async () => {
    const id = await context.db.transaction((tx) => queueMail(tx, request({ carriesSecretLink: true })));
    await context.app.mailWorker.drain();
    await waitFor(async () => (await findMail(context.db, id!))?.state === 'sent');
    const row = await findMail(context.db, id!);
    expect(row).toMatchObject({ text_body: null, html_body: null, subject: 'Un message' });
  });
});

describe('a refusal and the configuration', () => {
  it('fails a message at once on a 5xx answer, and retries a 4xx', async () => {
    const answers = [
      Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }),
      Object.assign(new Error('Try again later'), { responseCode: 451 }),
    ];
    const server = await startMailServer({ answer: () => answers.shift() });
    const context = await createTestContext({
      config: { ...server.config, AVS_MAIL_RETRY_SCHEDULE: [1_500, 1_500] },
    });
    try {
      const refused = await context.db.transaction((tx) =>
        queueMail(tx, request({ to: 'gone@example.com' })),
      );
      await context.app.mailWorker.drain();
      expect(await findMail(context.db, refused!)).toMatchObject({ state: 'failed', attempts: 1 });
      const delayed = await context.db.transaction((tx) =>
        queueMail(tx, request({ to: 'later@example.com' })),
      );
      await context.app.mailWorker.drain();
      expect(await findMail(context.db, delayed!)).toMatchObject({ state: 'pending', attempts: 1 });
      await waitFor(async () => {
        await context.app.mailWorker.drain();
        return (await findMail(context.db, delayed!))?.state === 'sent';
      });
      expect(server.received.map((mail) => mail.to[0])).toEqual(['later@example.com']);
    } finally {
      await context.close();
      await server.close();
    }
  });

  it('refuses a plain SMTP conversation except with a server on this machine', () => {
    expect(() => loadConfig({ AVS_SMTP_URL: 'smtp://mail.example.com:25?tls=off' })).toThrow(ConfigError);
    expect(() => loadConfig({ AVS_SMTP_URL: 'smtps://127.0.0.1:465?tls=off' })).toThrow(ConfigError);
    expect(() => loadConfig({ AVS_SMTP_URL: 'http://mail.example.com' })).toThrow(ConfigError);
    expect(loadConfig({ AVS_SMTP_URL: 'smtp://127.0.0.1:2525?tls=off' }).AVS_SMTP_URL).toBe(
      'smtp://127.0.0.1:2525?tls=off',
    );
    expect(loadConfig({ AVS_SMTP_URL: 'smtp://localhost:2525?tls=off' }).AVS_SMTP_URL).toBeDefined();
  });

  it('without AVS_SMTP_URL writes each message whole to the local mailbox under AVS_DATA_DIR/mail', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'avs-mailbox-'));
    const context = await createTestContext();
    try {
      const worker = createMailWorker(context.db, testConfig({ AVS_DATA_DIR: dataDir }), silent);
      const id = await context.db.transaction((tx) => queueMail(tx, request({ to: 'local@example.com' })));
      await worker.drain();
      const files = readdirSync(path.join(dataDir, 'mail')).filter((file) => file.includes(id!));
      expect(files).toHaveLength(1);
      const parsed = await simpleParser(readFileSync(path.join(dataDir, 'mail', files[0]!)));
      expect(parsed.subject).toBe('Un message');
      expect(parsed.to).toMatchObject({ text: 'local@example.com' });
      expect(parsed.text).toContain('https://verify.example.com/console/x?a=1&b=2');
      expect(await findMail(context.db, id!)).toMatchObject({ state: 'sent', transport: 'mailbox' });
      expect(statSync(path.join(dataDir, 'mail')).mode & 0o777).toBe(0o700);
      // The folder removed while the service runs is made again by the next message.
      rmSync(path.join(dataDir, 'mail'), { recursive: true });
      const next = await context.db.transaction((tx) => queueMail(tx, request({ to: 'again@example.com' })));
      await worker.drain();
      expect(readdirSync(path.join(dataDir, 'mail')).filter((file) => file.includes(next!))).toHaveLength(1);
      expect(await findMail(context.db, next!)).toMatchObject({ state: 'sent', transport: 'mailbox' });
      await worker.stop();
    } finally {
      await context.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
