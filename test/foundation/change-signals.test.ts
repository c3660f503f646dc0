import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_TOPICS, type Database } from '../../src/db/database.js';
import { PostgresDatabase } from '../../src/db/postgres.js';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { insertOutboxEvent } from '../../src/modules/webhooks/outbox.repository.js';
import {
  createTestDatabase,
  onPostgres,
  throughPgbouncer,
  type TestDatabase,
} from '../helpers/test-database.js';
import { waitFor } from '../helpers/wait-for.js';

/** What the background workers hear of the writes (Database.onChange): after the commit, never after a rollback. */
describe('change signals of committed writes', () => {
  let database: TestDatabase;
  let db: Database;
  let accountId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    accountId = (await createAccount(db, { name: 'Signals' })).id;
  });
  afterAll(async () => {
    await database.drop();
  });

  const emit = (queryable: Parameters<typeof insertOutboxEvent>[0]) =>
    insertOutboxEvent(queryable, { accountId, eventType: 'asset.created', payload: { asset_id: 'a1' } });

  function listen(target: Database = db) {
    const heard: string[] = [];
    const stops = Object.values(CHANGE_TOPICS).map((topic) =>
      target.onChange(topic, () => heard.push(topic)),
    );
    return { heard, stop: () => stops.forEach((stop) => stop()) };
  }

  it('tells the listeners of a transaction once it has committed, not while it runs', async () => {
    const listener = listen();
    try {
      await db.transaction(async (tx) => {
        await emit(tx);
        await emit(tx);
        // The row is not visible to a worker yet: telling it now would send it to look for nothing.
        expect(listener.heard).toEqual([]);
      });
      // Two rows, one commit: one signal.
      expect(listener.heard).toEqual([CHANGE_TOPICS.webhooks]);
    } finally {
      listener.stop();
    }
  });

  it('tells nobody of a transaction that rolled back', async () => {
    const listener = listen();
    try {
      await expect(
        db.transaction(async (tx) => {
          await emit(tx);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(listener.heard).toEqual([]);
    } finally {
      listener.stop();
    }
  });

  it('tells the listeners of a statement outside a transaction as soon as it has answered', async () => {
    const listener = listen();
    await emit(db);
    expect(listener.heard).toEqual([CHANGE_TOPICS.webhooks]);
    listener.stop();
    await emit(db);
    // Unsubscribed: heard nothing more.
    expect(listener.heard).toEqual([CHANGE_TOPICS.webhooks]);
  });

  it.runIf(onPostgres && !throughPgbouncer)(
    'tells another instance on the same PostgreSQL database, through LISTEN/NOTIFY',
    async () => {
      const other = new PostgresDatabase({
        connectionString: database.url!,
        poolSize: 2,
        statementTimeoutMs: 30_000,
        connectTimeoutMs: 5_000,
      });
      try {
        const listener = listen(other);
        // Its LISTEN connection opens in the background: write until it hears one.
        await waitFor(
          async () => {
            await emit(db);
            return listener.heard.includes(CHANGE_TOPICS.webhooks);
          },
          { intervalMs: 300, message: 'the NOTIFY of a write through the other instance' },
        );
        // Only what was written: no history event was.
        expect(listener.heard.every((topic) => topic === CHANGE_TOPICS.webhooks)).toBe(true);
        listener.stop();
      } finally {
        await other.close();
      }
    },
  );
});
