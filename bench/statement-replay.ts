// Issue #53, item 2: a path's own SQL for pgbench. While the service serves a path's load, the server logs every
// statement with its parameters (bench/stats-cluster.ts); each of the service's connections' statements, in order,
// becomes one pgbench script, and only what must differ from one replay to the next is replaced
// (docs/performance.md, "Round 4: each path beside pgbench of its own SQL").
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { withClient } from './stats-cluster.js';

/** One statement the server logged: its database, its session, its text ($1…), its parameters and its query id. */
export interface LoggedStatement {
  database: string;
  pid: number;
  queryId: string;
  text: string;
  parameters: (string | null)[];
}

const MARK_PREFIX = 'avs-replay-mark-';

/** The text of a statement that marks a moment of a capture in the log (run in another database). */
export function captureMark(name: string): string {
  return `${MARK_PREFIX}${name}`;
}

/** `parameters: $1 = 'a''b', $2 = NULL` → ['a\'b', null] (the form log_statement gives an execute's parameters). */
export function parseLoggedParameters(detail: string | undefined): (string | null)[] {
  const values: (string | null)[] = [];
  const prefix = 'parameters: ';
  if (!detail?.startsWith(prefix)) return values;
  let at = prefix.length;
  while (at < detail.length) {
    const name = /\$(\d+) = /y;
    name.lastIndex = at;
    const matched = name.exec(detail);
    if (!matched) throw new Error(`unexpected parameter list at ${at}: ${detail.slice(at, at + 40)}`);
    at = name.lastIndex;
    if (detail.startsWith('NULL', at)) {
      values.push(null);
      at += 4;
    } else {
      if (detail[at] !== "'")
        throw new Error(`unexpected parameter value at ${at}: ${detail.slice(at, at + 40)}`);
      let value = '';
      at += 1;
      for (;;) {
        const quote = detail.indexOf("'", at);
        if (quote < 0) throw new Error('unterminated parameter value');
        value += detail.slice(at, quote);
        if (detail[quote + 1] === "'") {
          value += "'";
          at = quote + 2;
        } else {
          at = quote + 1;
          break;
        }
      }
      values.push(value);
    }
    if (detail.startsWith(', ', at)) at += 2;
  }
  return values;
}

interface JsonLogEntry {
  dbname?: string;
  pid?: number;
  message?: string;
  detail?: string;
  query_id?: number | string;
}

/** Where each file of the statement log ended at a moment: a later read starts there (`readStatementLog`). */
export type StatementLogEnd = Map<string, number>;

async function logFiles(logDir: string): Promise<string[]> {
  return (await readdir(logDir)).filter((file) => file.endsWith('.json')).sort();
}

/** The log's files and their sizes now: a capture reads only what was written after, not the earlier captures'. */
export async function statementLogEnd(logDir: string): Promise<StatementLogEnd> {
  const end: StatementLogEnd = new Map();
  for (const file of await logFiles(logDir)) end.set(file, (await stat(path.join(logDir, file))).size);
  return end;
}

/** A log file's text from a byte on, starting at a line's beginning (a line being written then is left out). */
async function readLogFrom(file: string, from: number): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const start = Math.max(0, from - 1);
    const { size } = await handle.stat();
    const bytes = Buffer.alloc(Math.max(0, size - start));
    await handle.read(bytes, 0, bytes.length, start);
    const text = bytes.toString('utf8');
    return from === 0 ? text : text.slice(text.indexOf('\n') + 1);
  } finally {
    await handle.close();
  }
}

/** Every statement of the log, marks included, in the order the server logged them. */
export async function readStatementLog(logDir: string, from?: StatementLogEnd): Promise<LoggedStatement[]> {
  const files = await logFiles(logDir);
  const statements: LoggedStatement[] = [];
  for (const file of files) {
    for (const line of (await readLogFrom(path.join(logDir, file), from?.get(file) ?? 0)).split('\n')) {
      if (!line) continue;
      // A query id is a 64-bit integer: read as a number it would lose its last digits.
      const entry = JSON.parse(line.replace(/"query_id":(-?\d+)/, '"query_id":"$1"')) as JsonLogEntry;
      const message = entry.message ?? '';
      // Extended protocol: "execute <name>: <text>"; simple protocol: "statement: <text>".
      const executed = /^execute [^:]*: /.exec(message);
      const text = executed
        ? message.slice(executed[0].length)
        : message.startsWith('statement: ')
          ? message.slice('statement: '.length)
          : undefined;
      if (text === undefined) continue;
      statements.push({
        database: entry.dbname ?? '',
        pid: entry.pid ?? 0,
        queryId: String(entry.query_id ?? '0'),
        text,
        parameters: parseLoggedParameters(entry.detail),
      });
    }
  }
  return statements;
}

/**
 * What each of the service's connections sent in the database between two marks, in order (one list per
 * connection), without the service's background work; a transaction cut by a mark is left out.
 */
export function streamsBetweenMarks(
  log: readonly LoggedStatement[],
  options: {
    database: string;
    from: string;
    to: string;
    isBackground: (statement: LoggedStatement) => boolean;
  },
): LoggedStatement[][] {
  const streams = new Map<number, LoggedStatement[]>();
  let inside = false;
  for (const statement of log) {
    if (statement.database !== options.database) {
      if (statement.text.includes(options.from)) inside = true;
      if (statement.text.includes(options.to)) inside = false;
      continue;
    }
    if (!inside) continue;
    const stream = streams.get(statement.pid) ?? [];
    streams.set(statement.pid, stream);
    stream.push(statement);
  }
  return [...streams.values()]
    .map((stream) => withoutBackground(wholeTransactions(stream), options.isBackground))
    .filter((stream) => stream.length > 0);
}

/**
 * A stream without the service's background work: a statement of it outside a transaction, and the whole of a
 * transaction that holds one (a worker's transaction: the log's integration, a notice's fan-out), so that no
 * transaction is left half.
 */
function withoutBackground(
  stream: readonly LoggedStatement[],
  isBackground: (statement: LoggedStatement) => boolean,
): LoggedStatement[] {
  const kept: LoggedStatement[] = [];
  let transaction: LoggedStatement[] | undefined;
  let transactionIsBackground = false;
  for (const statement of stream) {
    if (BEGIN.test(statement.text)) {
      transaction = [statement];
      transactionIsBackground = false;
    } else if (transaction) {
      transaction.push(statement);
      transactionIsBackground ||= isBackground(statement);
      if (END.test(statement.text)) {
        if (!transactionIsBackground) kept.push(...transaction);
        transaction = undefined;
      }
    } else if (!isBackground(statement)) kept.push(statement);
  }
  return kept;
}

const BEGIN = /^\s*(BEGIN|START TRANSACTION)\b/i;
const END = /^\s*(COMMIT|ROLLBACK|END)\b/i;

// A stream that begins inside a transaction loses its head up to that COMMIT; one that ends inside, its tail.
function wholeTransactions(stream: LoggedStatement[]): LoggedStatement[] {
  const firstBegin = stream.findIndex((statement) => BEGIN.test(statement.text));
  const firstEnd = stream.findIndex((statement) => END.test(statement.text));
  let start = 0;
  if (firstEnd >= 0 && (firstBegin < 0 || firstEnd < firstBegin)) start = firstEnd + 1;
  let end = stream.length;
  for (let index = stream.length - 1; index >= start; index--) {
    if (END.test(stream[index]!.text)) break;
    if (BEGIN.test(stream[index]!.text)) {
      end = index;
      break;
    }
  }
  return stream.slice(start, end);
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** The UUIDs in the parameters of some statements. */
export function idsIn(statements: readonly LoggedStatement[]): Set<string> {
  return new Set(
    statements.flatMap((statement) => statement.parameters.flatMap((value) => value?.match(UUID) ?? [])),
  );
}

/** What a path's replay may not repeat, besides the ids the service made (which are always made afresh). */
export interface ReplayRules {
  /**
   * An SQL expression to send instead of a parameter that must change with every replay (a tap's counter, which
   * must keep rising for the tap to count), or undefined to send the parameter as the service did.
   */
  varying?: (statement: string, parameterType: string, value: string | null) => string | undefined;
  /** Statements run once before the replay (a sequence the varying expressions draw from). */
  setup?: readonly string[];
  /**
   * Each transaction rolled back where the service committed it: for work the replay cannot repeat otherwise (an
   * import's batch, whose rows and numbers would be taken after one run). It spares pgbench the commit's WAL flush.
   */
  rollBack?: boolean;
  /**
   * Rows the bench made for both sides, which a request consumes (a pending transfer and its asset,
   * bench/transfer-pool.ts): where the service used member n, each replay draws its own member from `sequence`, once
   * per script run for all its members (one `\gset` statement), and names its ids by `idSql`.
   */
  pool?: {
    sequence: string;
    memberOf: (id: string) => { kind: string; number: number } | undefined;
    idSql: (kind: string, numberSql: string) => string;
  };
}

/** pgbench's input: one script per connection of the service, and how many statements each holds. */
export interface Replay {
  scripts: string[];
  statementsPerScript: number[];
  /** Each statement text, how often the streams sent it, and what the replay makes afresh in it. */
  outline: string[];
}

// Strips SQL line comments, then folds the statement onto one line: pgbench reads a command up to its semicolon.
function oneLine(text: string): string {
  return text
    .replace(/--[^\n]*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A parameter as an SQL string constant pgbench passes through untouched: an escape string (E'…') whose colons
 * are written \x3a, as pgbench would take ":name" in it for one of its variables.
 */
function constant(value: string): string {
  return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''").replace(/:/g, '\\x3a')}'`;
}

/** The parameter types the server infers for each statement text (PREPARE, then pg_prepared_statements). */
function parameterTypes(databaseUrl: string, texts: readonly string[]): Promise<Map<string, string[]>> {
  return withClient(databaseUrl, async (client) => {
    const types = new Map<string, string[]>();
    for (const text of new Set(texts)) {
      if (!/\$\d/.test(text)) {
        types.set(text, []);
        continue;
      }
      await client.query(`PREPARE avs_replay_probe AS ${text}`);
      const { rows } = await client.query<{ types: string[] }>(
        "SELECT parameter_types::text[] AS types FROM pg_prepared_statements WHERE name = 'avs_replay_probe'",
      );
      await client.query('DEALLOCATE avs_replay_probe');
      types.set(text, rows[0]!.types);
    }
    return types;
  });
}

/** The variable a replay's new ids are made from, and the count of new ids in a value above which they are made
 * in one expression (saltedIds). */
const SALT = 'salt';
const MANY_IDS = 8;

/**
 * A value with many new ids, each made as `md5(:salt || id)`, in one SQL expression: the value is split at its ids
 * (as an array of text whose even elements are the ids) and joined again with each id made new.
 */
function saltedIds(value: string, ids: ReadonlySet<string>): string {
  const parts = value.split(new RegExp(`(${[...ids].join('|')})`));
  const array = `ARRAY[${parts.map(constant).join(', ')}]::text[]`;
  return (
    `(SELECT string_agg(CASE WHEN n % 2 = 0 THEN md5(:${SALT}::text || part)::uuid::text ELSE part END, '' ` +
    `ORDER BY n) FROM unnest(${array}) WITH ORDINALITY AS split(part, n))`
  );
}

/**
 * One pgbench script per stream: its statements in order, as the service sent them, each parameter written in as
 * the constant it was bound to (the types the server inferred for them), except every id in `made` (an id the
 * service made in the window), which is made afresh in each replay (the same within it), and what the path's rules
 * say must vary. pgbench prepares each statement once per client. The set-up statements are run here.
 */
export async function buildReplay(options: {
  databaseUrl: string;
  streams: readonly LoggedStatement[][];
  made: ReadonlySet<string>;
  rules?: ReplayRules;
}): Promise<Replay> {
  const types = await parameterTypes(
    options.databaseUrl,
    options.streams.flat().map((statement) => statement.text),
  );
  const setup = options.rules?.setup ?? [];
  await withClient(options.databaseUrl, async (client) => {
    for (const statement of setup) await client.query(statement);
  });
  const counts = new Map<string, { times: number; notes: Set<string> }>();
  const scripts = options.streams.map((stream) => {
    // The replay's new ids: md5 of the id the service made after a number drawn at random once per replay, so each
    // is new in every replay and the same within one.
    let salted = false;
    const freshOf = (id: string) => {
      salted = true;
      return `md5(:${SALT}::text || '${id}')::uuid`;
    };
    // The pool's members the stream used, each a variable the script draws from the pool's sequence.
    const drawn = new Map<number, string>();
    const pool = options.rules?.pool;
    const replacementOf = (id: string): string | undefined => {
      const member = pool?.memberOf(id);
      if (member) {
        if (!drawn.has(member.number)) drawn.set(member.number, `p${drawn.size}`);
        return pool!.idSql(member.kind, `:${drawn.get(member.number)!}`);
      }
      return options.made.has(id) ? freshOf(id) : undefined;
    };
    const lines = stream.map((statement) => {
      const seen = counts.get(statement.text) ?? { times: 0, notes: new Set<string>() };
      counts.set(statement.text, seen);
      seen.times += 1;
      const typesOf = types.get(statement.text)!;
      const sql = oneLine(statement.text).replace(/\$(\d+)\b/g, (_all, digits: string) => {
        const number = Number(digits);
        const type = typesOf[number - 1] ?? 'text';
        const value = statement.parameters[number - 1];
        if (value === undefined)
          throw new Error(`$${number} of a logged statement has no value: ${statement.text}`);
        const varying = options.rules?.varying?.(statement.text, type, value);
        if (varying !== undefined) {
          seen.notes.add(`$${number} → ${varying}`);
          return `CAST(${varying} AS ${type})`;
        }
        if (value === null) return `CAST(NULL AS ${type})`;
        const ids = [...new Set(value.match(UUID) ?? [])].filter((id) => replacementOf(id) !== undefined);
        if (ids.length === 0) return `CAST(${constant(value)} AS ${type})`;
        seen.notes.add(
          `$${number}: ${ids.some((id) => pool?.memberOf(id)) ? "a pool member's ids" : 'new ids'}`,
        );
        if (ids.length === 1 && value === ids[0]) return `CAST(${replacementOf(ids[0])!} AS ${type})`;
        // Many new ids in one value (a batch's arrays): one expression with one variable, as pgbench binds at most
        // 255 parameters to a statement.
        if (ids.length > MANY_IDS && ids.every((id) => !pool?.memberOf(id))) {
          salted = true;
          return `CAST(${saltedIds(value, new Set(ids))} AS ${type})`;
        }
        const rewritten = ids.reduce(
          (expression, id) => `replace(${expression}, '${id}', ${replacementOf(id)!}::text)`,
          constant(value),
        );
        return `CAST(${rewritten} AS ${type})`;
      });
      return options.rules?.rollBack && END.test(sql) ? 'ROLLBACK;' : `${sql};`;
    });
    const sets = salted ? [`\\set ${SALT} random(1, 9223372036854775806)`] : [];
    const draws = [...drawn.values()].map((name) => `nextval('${pool!.sequence}') AS ${name}`);
    const draw = draws.length ? [`SELECT ${draws.join(', ')} \\gset`] : [];
    return [...sets, ...draw, ...lines].join('\n') + '\n';
  });
  const outline = [...counts].map(
    ([text, seen]) =>
      `× ${seen.times}  ${oneLine(text).slice(0, 100)}…${seen.notes.size ? `  [${[...seen.notes].join(', ')}]` : ''}`,
  );
  return { scripts, statementsPerScript: options.streams.map((stream) => stream.length), outline };
}
