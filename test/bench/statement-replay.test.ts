import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  captureMark,
  idsIn,
  parseLoggedParameters,
  readStatementLog,
  statementLogEnd,
  streamsBetweenMarks,
  type LoggedStatement,
} from '../../bench/statement-replay.js';

// The pgbench replay of a path's SQL (issue #53, item 2) reads the server's statement log: these are its rules.

function statement(
  database: string,
  pid: number,
  text: string,
  parameters: (string | null)[] = [],
): LoggedStatement {
  return { database, pid, queryId: text.length.toString(), text, parameters };
}

describe('the parameters of a logged execute', () => {
  it('reads quoted values with doubled quotes, commas and NULLs as the server wrote them', () => {
    expect(
      parseLoggedParameters(`parameters: $1 = 'it''s, here', $2 = NULL, $3 = '{"a":1, "b":[2]}', $4 = ''`),
    ).toEqual(["it's, here", null, '{"a":1, "b":[2]}', '']);
  });

  it('has none for a statement sent without parameters', () => {
    expect(parseLoggedParameters(undefined)).toEqual([]);
  });

  it('refuses a list it cannot read rather than replaying something else', () => {
    expect(() => parseLoggedParameters(`parameters: $1 = 'unterminated`)).toThrow(/unterminated/);
  });
});

describe('the statements of a window of the log', () => {
  const from = captureMark('tap-second-from');
  const to = captureMark('tap-second-to');
  const log = [
    statement('paths', 7, 'SELECT before the window'),
    statement('postgres', 99, `SELECT '${from}'`),
    // Connection 7 was inside a transaction when the window opened: its end is left out.
    statement('paths', 7, 'UPDATE cut'),
    statement('paths', 7, 'COMMIT'),
    statement('paths', 7, 'SELECT one', ['a']),
    statement('paths', 8, 'SELECT two'),
    statement('paths', 8, 'SELECT background'),
    statement('paths', 7, 'BEGIN'),
    statement('paths', 7, 'UPDATE whole'),
    statement('paths', 7, 'COMMIT'),
    // A worker's transaction (one of its statements is background work) is left out whole.
    statement('paths', 8, 'BEGIN'),
    statement('paths', 8, 'INSERT made by the worker'),
    statement('paths', 8, 'SELECT background'),
    statement('paths', 8, 'COMMIT'),
    // Connection 8 is inside a transaction when the window closes: its start is left out.
    statement('paths', 8, 'BEGIN'),
    statement('paths', 8, 'UPDATE cut at the end'),
    statement('postgres', 99, `SELECT '${to}'`),
    statement('paths', 8, 'COMMIT'),
  ];

  it("gives each connection its statements in order, whole transactions only, without background work or a worker's transactions", () => {
    const streams = streamsBetweenMarks(log, {
      database: 'paths',
      from,
      to,
      isBackground: (seen) => seen.text === 'SELECT background',
    });
    expect(streams.map((stream) => stream.map((seen) => seen.text))).toEqual([
      ['SELECT one', 'BEGIN', 'UPDATE whole', 'COMMIT'],
      ['SELECT two'],
    ]);
  });

  it('finds the ids a window sent, inside JSON and arrays too', () => {
    const id = '0191e5a4-7c1e-7000-8000-000000000001';
    const other = '0191e5a4-7c1e-7000-8000-000000000002';
    expect(idsIn([statement('paths', 1, 'x', [`{"id":"${id}"}`, `{${other},${id}}`, null])])).toEqual(
      new Set([id, other]),
    );
  });
});

describe('the statement log read from where it ended', () => {
  const line = (pid: number, text: string) =>
    `${JSON.stringify({ dbname: 'avs', pid, message: `statement: ${text}`, query_id: 0 })}\n`;

  it('reads only what was written after, from a line’s beginning, in every file', async () => {
    const logDir = mkdtempSync(path.join(tmpdir(), 'avs-statement-log-'));
    try {
      writeFileSync(path.join(logDir, 'postgresql-1.json'), line(1, 'SELECT 1'));
      const end = await statementLogEnd(logDir);
      appendFileSync(path.join(logDir, 'postgresql-1.json'), line(1, 'SELECT 2'));
      writeFileSync(path.join(logDir, 'postgresql-2.json'), line(2, 'SELECT 3'));
      expect((await readStatementLog(logDir, end)).map((statement) => statement.text)).toEqual([
        'SELECT 2',
        'SELECT 3',
      ]);
      expect(await readStatementLog(logDir)).toHaveLength(3);
      // An end taken while a line was half written: that line is left out, the next ones are read.
      const halfWay = new Map([['postgresql-1.json', line(1, 'SELECT 1').length + 5]]);
      expect((await readStatementLog(logDir, halfWay)).map((statement) => statement.text)).toEqual([
        'SELECT 3',
      ]);
    } finally {
      rmSync(logDir, { recursive: true, force: true });
    }
  });
});
