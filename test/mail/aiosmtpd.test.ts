import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMail } from '../../src/modules/mail/mail-outbox.repository.js';
import { queueMail } from '../../src/modules/mail/mail.service.js';
import { aiosmtpdMissing, startAiosmtpd, type Aiosmtpd } from '../helpers/aiosmtpd.js';
import { linksIn } from '../helpers/mail-server.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { waitFor } from '../helpers/wait-for.js';

const missing = aiosmtpdMissing();

// A second real SMTP server, not the test process's smtp-server: Python's aiosmtpd writing a Maildir, reached
// with the setting an operator with a local relay uses (plain SMTP on loopback).
describe.skipIf(missing)(
  `mail to aiosmtpd over plain SMTP on loopback${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let smtp: Aiosmtpd;
    let context: TestContext;

    beforeAll(async () => {
      smtp = await startAiosmtpd();
      context = await createTestContext({
        config: {
          AVS_SMTP_URL: smtp.url,
          AVS_MAIL_FROM: 'Galerie Lumière <no-reply@verify.example.com>',
          AVS_PUBLIC_URL: 'https://verify.example.com',
          AVS_MAIL_TIMEOUT_MS: 5_000,
        },
      });
    });
    afterAll(async () => {
      await context?.close();
      await smtp?.close();
    });

    it('delivers a message to its Maildir: headers, both versions and the absolute link, read with mailparser', async () => {
      const id = await context.db.transaction((tx) =>
        queueMail(tx, {
          kind: 'test',
          to: 'registrar@galerie-lumiere.example',
          language: 'de',
          service: 'Asset Verification Service',
          draw: () => ({
            subject: 'Eine Einladung für Sie',
            heading: 'Guten Tag',
            paragraphs: ['Ein Werk <wartet> auf Sie.'],
            action: { label: 'Öffnen', url: 'https://verify.example.com/console/x?a=1&b=2' },
          }),
        }),
      );
      await context.app.mailWorker.drain();
      expect(await findMail(context.db, id!)).toMatchObject({
        state: 'sent',
        transport: 'smtp',
        attempts: 1,
      });
      expect((await findMail(context.db, id!))!.last_answer).toMatch(/^250/);
      const [mail] = await waitFor(async () => {
        const parsed = await smtp.parsed();
        return parsed.length > 0 ? parsed : undefined;
      });
      expect(mail!.messageId).toBe(`<${id}@verify.example.com>`);
      expect(mail!.subject).toBe('Eine Einladung für Sie');
      expect(mail!.from?.value).toEqual([
        { name: 'Galerie Lumière', address: 'no-reply@verify.example.com' },
      ]);
      expect(mail!.headers.get('x-rcptto')).toBe('registrar@galerie-lumiere.example');
      expect(mail!.headers.get('content-language')).toBe('de');
      expect(mail!.headers.get('auto-submitted')).toBe('auto-generated');
      expect(mail!.text).toContain('Ein Werk <wartet> auf Sie.');
      expect(linksIn(mail!.text!)).toContain('https://verify.example.com/console/x?a=1&b=2');
      expect(mail!.html).toContain('Ein Werk &lt;wartet&gt; auf Sie.');
      expect(mail!.html).toContain('href="https://verify.example.com/console/x?a=1&amp;b=2"');
      expect(mail!.html).not.toMatch(/<img|<script|src=/i);
      expect(smtp.messages()).toHaveLength(1);
    });
  },
);
