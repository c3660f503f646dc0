import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepared, type Database, type QueryResult } from '../../src/db/database.js';
import type { PgliteDatabase } from '../../src/db/pglite.js';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/test-database.js';

const ROW_SQL = 'SELECT * FROM prepared_probe WHERE id = $1';
const findProbe = prepared('test_find_prepared_probe', ROW_SQL);
const INSERT_SQL = `INSERT INTO prepared_probe (id, occurred_at, details, labels, counts, payload, note)
  VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`;
const insertProbe = prepared('test_insert_prepared_probe', INSERT_SQL);
const TOUCH_SQL = 'UPDATE prepared_probe SET note = $2 WHERE id >= $1';
const touchProbes = prepared('test_touch_prepared_probes', TOUCH_SQL);

const probeValues = (id: number) => [
  id,
  // Year 50: read back by the service's own timestamptz parser, not as 1950 or 2050.
  new Date('0050-03-04T05:06:07.089Z'),
  { nested: { list: [1, 'two', null] }, empty: {} },
  ['a', 'b,c', 'd"e', null],
  [1, 2, 3],
  Buffer.from([0, 1, 2, 254, 255]),
  null,
];

/** The Parse messages naming `name` among those PGlite is sent (the protocol's one-byte codes and int32 lengths). */
function countNamedParses(db: PgliteDatabase, name: string): { count: () => number } {
  let parses = 0;
  const execProtocolStream = db.pglite.execProtocolStream.bind(db.pglite);
  vi.spyOn(db.pglite, 'execProtocolStream').mockImplementation((message, options) => {
    const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
    for (let offset = 0; offset < message.length; offset += 1 + view.getInt32(offset + 1)) {
      if (message[offset] !== 0x50) continue;
      const nameEnd = message.indexOf(0, offset + 5);
      if (Buffer.from(message.subarray(offset + 5, nameEnd)).toString() === name) parses++;
    }
    return execProtocolStream(message, options);
  });
  return { count: () => parses };
}

describe('prepared statements', () => {
  let testDb: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.db;
    await db.exec(`CREATE TABLE prepared_probe (
      id int PRIMARY KEY, occurred_at timestamptz, details jsonb, labels text[], counts int[], payload bytea, note text)`);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await testDb.drop();
  });

  it('answer what the statement text answers: the same rows, fields and counts, in and out of a transaction', async () => {
    const viaPrepared = await db.query(insertProbe, probeValues(1));
    const viaText = await db.query(INSERT_SQL, probeValues(2));
    expect(viaPrepared.rowCount).toBe(viaText.rowCount);
    expect({ ...viaPrepared.rows[0], id: 2 }).toEqual(viaText.rows[0]);
    expect(viaPrepared.rows[0]).toMatchObject({
      occurred_at: new Date('0050-03-04T05:06:07.089Z'),
      details: { nested: { list: [1, 'two', null] }, empty: {} },
      labels: ['a', 'b,c', 'd"e', null],
      counts: [1, 2, 3],
      note: null,
    });
    expect(Buffer.from(viaPrepared.rows[0]!.payload as Uint8Array)).toEqual(Buffer.from([0, 1, 2, 254, 255]));

    const read = (sql: typeof findProbe | string, q: Pick<Database, 'query'>) => q.query(sql, [1]);
    const expected = await read(ROW_SQL, db);
    const inTransaction = await db.transaction(async (tx) => [
      await read(findProbe, tx),
      await read(ROW_SQL, tx),
    ]);
    for (const answer of [await read(findProbe, db), ...inTransaction]) {
      expect(answer).toEqual(expected);
      expect(Object.keys(answer.rows[0]!)).toEqual(Object.keys(expected.rows[0]!));
    }
    expect(await db.query(findProbe, [404])).toEqual({ rows: [], rowCount: 0 });

    // Without RETURNING: the count of rows changed, and no rows.
    for (const from of [1, 2])
      expect(await db.query(touchProbes, [from, 'seen'])).toEqual(await db.query(TOUCH_SQL, [from, 'seen']));
    expect(await db.query(touchProbes, [1, 'seen'])).toEqual<QueryResult>({ rows: [], rowCount: 2 });
  });

  it('raise the error the statement text raises, and still answer after it', async () => {
    const failure = (run: () => Promise<unknown>) =>
      run().then(
        () => undefined,
        (error: unknown) => error as Error,
      );
    const textError = await failure(() => db.query(INSERT_SQL, probeValues(1)));
    const preparedError = await failure(() => db.query(insertProbe, probeValues(1)));
    const inTransactionError = await failure(() =>
      db.transaction((tx) => tx.query(insertProbe, probeValues(1))),
    );
    expect(textError).toBeInstanceOf(Error);
    for (const error of [preparedError, inTransactionError]) {
      expect(error?.constructor).toBe(textError?.constructor);
      expect(error).toMatchObject({
        message: textError?.message,
        code: '23505',
        constraint: 'prepared_probe_pkey',
      });
    }
    // The failed statement's Sync ended its implicit transaction: none is left open on PGlite's session.
    if (!onPostgres) expect((db as PgliteDatabase).pglite.isInTransaction()).toBe(false);
    expect((await db.query(findProbe, [1])).rows).toHaveLength(1);
    expect((await db.transaction((tx) => tx.query(insertProbe, probeValues(3)))).rowCount).toBe(1);
  });

  it.skipIf(onPostgres)(
    'are parsed once per PGlite: later calls only bind and execute, concurrent or not',
    async () => {
      const pgliteDb = db as PgliteDatabase;
      const name = 'test_count_prepared_probes';
      const countProbes = prepared(name, 'SELECT count(*)::int AS count FROM prepared_probe WHERE id >= $1');
      const parses = countNamedParses(pgliteDb, name);
      const counts = await Promise.all([
        ...Array.from({ length: 5 }, () => db.query<{ count: number }>(countProbes, [1])),
        db.transaction(async (tx) => tx.query<{ count: number }>(countProbes, [1])),
        db.transaction(async (tx) =>
          Promise.all([
            tx.query<{ count: number }>(countProbes, [2]),
            tx.query<{ count: number }>(countProbes, [3]),
          ]),
        ),
      ]);
      expect(counts.flat().map((result) => result.rows[0]!.count)).toEqual([3, 3, 3, 3, 3, 3, 2, 1]);
      expect(parses.count()).toBe(1);
      const { rows } = await db.query<{ executions: number }>(
        'SELECT (generic_plans + custom_plans)::int AS executions FROM pg_prepared_statements WHERE name = $1',
        [name],
      );
      expect(rows).toEqual([{ executions: 8 }]);
      vi.restoreAllMocks();
    },
  );

  it.skipIf(onPostgres)('are prepared again when a change of schema changes what they answer', async () => {
    const readAll = prepared('test_read_all_prepared_probes', 'SELECT * FROM prepared_probe WHERE id = $1');
    expect(Object.keys((await db.query(readAll, [1])).rows[0]!)).not.toContain('added');
    await db.exec('ALTER TABLE prepared_probe ADD COLUMN added int DEFAULT 7');
    // Outside a transaction the statement is prepared again and run once more.
    expect((await db.query(readAll, [1])).rows[0]).toMatchObject({ id: 1, added: 7 });
    await db.exec('ALTER TABLE prepared_probe DROP COLUMN added');
    // Inside one the transaction is aborted already: it fails as PostgreSQL's named statement would, once.
    await expect(db.transaction((tx) => tx.query(readAll, [1]))).rejects.toMatchObject({ code: '0A000' });
    expect(Object.keys((await db.transaction((tx) => tx.query(readAll, [1]))).rows[0]!)).not.toContain(
      'added',
    );
  });
});
