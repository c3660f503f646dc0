import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WorkerLoop } from '../../src/lib/worker-loop.js';
import { nextMailDueInMs } from '../../src/modules/mail/mail-outbox.repository.js';
import { createMailWorker } from '../../src/modules/mail/mail.plugin.js';
import { queueMail } from '../../src/modules/mail/mail.service.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { waitFor } from '../helpers/wait-for.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

// A fresh registry: nothing in the outbox, as on a service at rest (docs/performance.md, "Round 4: embedded at rest").
describe('an idle mail worker', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is told that nothing waits when the outbox holds no pending message, and when one is queued, when it is due', async () => {
    expect(await nextMailDueInMs(context.db)).toBeUndefined();
    await context.db
      .transaction(async (tx) => {
        await queueMail(tx, {
          kind: 'test',
          to: 'registrar@galerie-lumiere.example',
          language: 'en',
          service: 'Asset Verification Service',
          draw: () => ({ subject: 'A message', heading: 'Hello', paragraphs: ['An artwork waits.'] }),
        });
        expect(await nextMailDueInMs(tx)).toBe(0);
        throw new Error('roll the message back');
      })
      .catch(() => undefined);
    expect(await nextMailDueInMs(context.db)).toBeUndefined();
  });

  it('sleeps between its looks at an empty outbox, each wait longer than the last, instead of looking again at once', async () => {
    // Called through: the first three waits (250 + 500 ms) pass before the third begins.
    const sleep = vi.spyOn(WorkerLoop.prototype, 'sleep');
    const worker = createMailWorker(context.db, context.config, silent);
    worker.start();
    try {
      await waitFor(() => sleep.mock.calls.length >= 3, { message: 'three idle waits' });
    } finally {
      await worker.stop();
    }
    expect(sleep.mock.calls.slice(0, 3).map(([ms]) => ms)).toEqual([250, 500, 1000]);
  });
});
