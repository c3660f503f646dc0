import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMail } from '../../src/modules/mail/mail-outbox.repository.js';
import { queueMail, type MailRequest } from '../../src/modules/mail/mail.service.js';
import { MailWorker } from '../../src/modules/mail/mail.worker.js';
import { MailSendError, type MailTransport } from '../../src/modules/mail/transports/mail-transport.js';
import { runAvsInProcess } from '../helpers/cli-in-process.js';
import { testConfig } from '../helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

function request(overrides: Partial<MailRequest> = {}): MailRequest {
  return {
    kind: 'invitation',
    to: 'registrar@galerie-lumiere.example',
    language: 'en',
    service: 'Asset Verification Service',
    draw: () => ({
      subject: 'You are invited',
      heading: 'Hello',
      paragraphs: ['The body of the message.'],
      action: { label: 'Open', url: 'https://verify.example.com/console/invitations/one-time-token' },
    }),
    ...overrides,
  };
}

/** A worker whose SMTP server answers each message with the next of `answers` (an Error refuses it). */
function workerAnswering(database: TestDatabase, answers: (string | Error)[]): MailWorker {
  const transport: MailTransport = {
    name: 'smtp',
    send: async () => {
      const answer = answers.shift() ?? '250 2.0.0 Ok';
      if (answer instanceof Error) throw answer;
      return answer;
    },
    close: () => undefined,
  };
  return new MailWorker({
    db: database.db,
    config: testConfig(),
    transport,
    from: 'avs@example.com',
    messageIdHost: 'verify.example.com',
    log: silent,
  });
}

function json(text: string): Record<string, unknown> {
  return JSON.parse(text) as Record<string, unknown>;
}

describe('avs mail list and avs mail retry', () => {
  let database: TestDatabase;
  const ids = { sent: '', failed: '', failedSecret: '', pending: '' };
  const avs = (args: string[]) => runAvsInProcess(args, { db: database.db });

  beforeAll(async () => {
    database = await createTestDatabase();
    const queue = (overrides: Partial<MailRequest>) =>
      database.db.transaction(async (tx) => (await queueMail(tx, request(overrides)))!);
    ids.sent = await queue({});
    ids.failed = await queue({ kind: 'password_changed', to: 'gone@example.com' });
    ids.failedSecret = await queue({
      kind: 'password_reset',
      to: 'gone@example.com',
      carriesSecretLink: true,
    });
    // One at a time, in the order queued: the first accepted, the next two refused for good.
    const worker = workerAnswering(database, [
      '250 2.0.0 Ok: queued as 4F1A2',
      new MailSendError('550 5.1.1 <gone@example.com>: Recipient address rejected', true),
      new MailSendError('550 5.1.1 <gone@example.com>: Recipient address rejected', true),
    ]);
    for (const id of [ids.sent, ids.failed, ids.failedSecret]) {
      await database.db.query(
        `UPDATE mail_outbox SET next_attempt_at = now() + interval '1 hour' WHERE id <> $1`,
        [id],
      );
      await database.db.query(`UPDATE mail_outbox SET next_attempt_at = now() WHERE id = $1`, [id]);
      await worker.drain();
    }
    ids.pending = await queue({ kind: 'notice.certificate_issued', to: 'owner@example.com' });
  });
  afterAll(() => database.drop());

  it('lists the messages newest first: id, created, kind, to, state, tries, last answer', async () => {
    const result = await avs(['mail', 'list']);
    expect(result.code, result.stderr).toBe(0);
    const [header, ...lines] = result.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^id\s+created\s+kind\s+to\s+state\s+tries\s+last answer$/);
    expect(lines.map((line) => line.split(/\s+/)[0])).toEqual([
      ids.pending,
      ids.failedSecret,
      ids.failed,
      ids.sent,
    ]);
    expect(lines[0]).toMatch(/notice\.certificate_issued\s+owner@example\.com\s+pending\s+0\s+-$/);
    expect(lines[2]).toMatch(
      /password_changed\s+gone@example\.com\s+failed\s+1\s+550 5\.1\.1 <gone@example\.com>: Recipient address rejected$/,
    );
    expect(lines[3]).toMatch(
      /invitation\s+registrar@galerie-lumiere\.example\s+sent\s+1\s+250 2\.0\.0 Ok: queued as 4F1A2$/,
    );
    expect(result.stdout).not.toContain('The body of the message.');
    expect(result.stdout).not.toContain('one-time-token');
  });

  it('filters by state and recipient, stops at --limit, and prints JSON without a body', async () => {
    const failed = json((await avs(['mail', 'list', '--state', 'failed', '--json'])).stdout);
    expect((failed.data as { id: string }[]).map((entry) => entry.id)).toEqual([
      ids.failedSecret,
      ids.failed,
    ]);
    const toRegistrar = json(
      (await avs(['mail', 'list', '--to', 'registrar@galerie-lumiere.example', '--json'])).stdout,
    );
    expect(toRegistrar.data).toEqual([
      {
        id: ids.sent,
        kind: 'invitation',
        to: 'registrar@galerie-lumiere.example',
        subject: 'You are invited',
        state: 'sent',
        attempts: 1,
        last_answer: '250 2.0.0 Ok: queued as 4F1A2',
        transport: 'smtp',
        carries_secret_link: false,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        sent_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    const one = json((await avs(['mail', 'list', '--limit', '1', '--json'])).stdout);
    expect(one).toEqual({ data: [expect.objectContaining({ id: ids.pending })], has_more: true });
    expect(JSON.stringify(failed)).not.toMatch(/body|one-time-token/);
  });

  it('refuses a state or a limit it does not know with the usage exit code', async () => {
    for (const args of [
      ['--state', 'lost'],
      ['--limit', '0'],
      ['--limit', '1001'],
      ['--limit', 'ten'],
      ['--colour'],
    ]) {
      const result = await avs(['mail', 'list', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^avs mail list: /);
    }
  });

  it('makes a failed message pending again, sent then with the same id', async () => {
    const result = await avs(['mail', 'retry', ids.failed, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(json(result.stdout)).toMatchObject({ id: ids.failed, state: 'pending', attempts: 0 });
    const pending = json((await avs(['mail', 'list', '--state', 'pending', '--json'])).stdout);
    expect((pending.data as { id: string }[]).map((entry) => entry.id)).toContain(ids.failed);
    await database.db.query(
      `UPDATE mail_outbox SET next_attempt_at = now() + interval '1 hour' WHERE id <> $1`,
      [ids.failed],
    );
    await workerAnswering(database, ['250 2.0.0 Ok: queued as 77B3C']).drain();
    expect(await findMail(database.db, ids.failed)).toMatchObject({
      state: 'sent',
      attempts: 1,
      last_answer: '250 2.0.0 Ok: queued as 77B3C',
    });
  });

  it('refuses to retry a message that is not failed, or that carried a one-time link, or an unknown id', async () => {
    for (const id of [ids.sent, ids.failedSecret, '0196a0a0-0000-7000-8000-000000000000']) {
      const result = await avs(['mail', 'retry', id]);
      expect(result.code, id).toBe(1);
      expect(result.stderr).toMatch(/^avs mail retry: no failed message/);
    }
    expect(await findMail(database.db, ids.failedSecret)).toMatchObject({ state: 'failed', text_body: null });
    expect((await avs(['mail', 'retry', 'not-an-id'])).code).toBe(2);
    expect((await avs(['mail', 'retry'])).code).toBe(2);
  });
});
