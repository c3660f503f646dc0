import { messages, parse, protocol, type PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import type { PreparedStatement } from './database.js';

type BackendMessage = messages.BackendMessage;
type RowDescription = messages.RowDescriptionMessage;
type ParameterDescription = messages.ParameterDescriptionMessage;

/** What the first Describe of a named statement answered: how to serialise its parameters and read its rows. */
interface PreparedShape {
  readonly text: string;
  readonly parameterTypes: readonly number[];
  /** Absent for a statement that answers no rows (NoData). */
  readonly rowDescription: RowDescription | undefined;
}

/**
 * Errors after which the named statement is no longer what we described: re-prepared once and retried outside a
 * transaction (inside one the transaction is already aborted, so it is re-prepared on its next use).
 */
const STALE_STATEMENT_CODES = new Set([
  // "cached plan must not change result type": a column of the statement's result changed type or number.
  '0A000',
  // "prepared statement … does not exist": a DEALLOCATE or DISCARD ran on PGlite's one session.
  '26000',
]);

function isStaleStatementError(error: unknown): boolean {
  return error instanceof messages.DatabaseError && STALE_STATEMENT_CODES.has(error.code ?? '');
}

function concatenate(messages: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    bytes.set(message, offset);
    offset += message.length;
  }
  return bytes;
}

/**
 * PGlite's `query` parses, describes and plans every statement's text again (an unnamed Parse each time). These are
 * named statements on PGlite's one session: parsed once per PGlite instance, then only bound and executed in one
 * protocol message, their rows read by PGlite's own parseResults with its parsers, so results are those of `query`.
 */
export class PglitePreparedStatements {
  private readonly shapes = new Map<string, PreparedShape>();

  constructor(private readonly pglite: PGlite) {}

  /** Outside a transaction: under PGlite's transaction and query locks, as `pglite.query` runs. */
  async query<T>(statement: PreparedStatement, params: readonly unknown[] = []): Promise<Results<T>> {
    await this.pglite._checkReady();
    return this.pglite._runExclusiveTransaction(() =>
      this.pglite.runExclusive(async () => {
        let results: Results<T>;
        try {
          results = await this.execute<T>(statement, params);
        } catch (error) {
          // Nothing was done: the failed statement's implicit transaction ended at its Sync.
          if (!isStaleStatementError(error)) throw error;
          this.shapes.delete(statement.name);
          results = await this.execute<T>(statement, params);
        }
        await this.pglite.syncToFs();
        return results;
      }),
    );
  }

  /** Inside `pglite.transaction`'s callback, which holds the transaction lock: under the query lock, as `tx.query`. */
  async queryInTransaction<T>(
    tx: Transaction,
    statement: PreparedStatement,
    params: readonly unknown[] = [],
  ): Promise<Results<T>> {
    if (tx.closed) throw new Error('Transaction is closed');
    return this.pglite.runExclusive(async () => {
      try {
        return await this.execute<T>(statement, params);
      } catch (error) {
        if (isStaleStatementError(error)) this.shapes.delete(statement.name);
        throw error;
      }
    });
  }

  private async execute<T>(statement: PreparedStatement, params: readonly unknown[]): Promise<Results<T>> {
    const shape = this.shapes.get(statement.name) ?? (await this.prepare(statement, params));
    if (shape.text !== statement.text)
      throw new Error(
        `Prepared statements must be unique - '${statement.name}' was used for a different statement`,
      );
    const { serialize } = protocol;
    const answered = await this.send(
      concatenate([
        serialize.bind({ statement: statement.name, values: this.serializeParameters(shape, params) }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      statement,
      params,
    );
    const described = shape.rowDescription ? [shape.rowDescription, ...answered] : answered;
    return parse.parseResults(described, this.pglite.parsers)[0] as Results<T>;
  }

  /** Close (in case an older one stands under the name), Parse and Describe the statement, in one message. */
  private async prepare(statement: PreparedStatement, params: readonly unknown[]): Promise<PreparedShape> {
    const { serialize } = protocol;
    const { name, text } = statement;
    const answered = await this.send(
      concatenate([
        serialize.close({ type: 'S', name }),
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      statement,
      params,
    );
    const parameters = answered.find(
      (message): message is ParameterDescription => message.name === 'parameterDescription',
    );
    const shape: PreparedShape = {
      text,
      parameterTypes: parameters?.dataTypeIDs ?? [],
      rowDescription: answered.find(
        (message): message is RowDescription => message.name === 'rowDescription',
      ),
    };
    this.shapes.set(name, shape);
    return shape;
  }

  /** As `pglite.query`: by the parameter's described type, null for null and undefined, else its text. */
  private serializeParameters(shape: PreparedShape, params: readonly unknown[]): (string | null)[] {
    return params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serializer = this.pglite.serializers[shape.parameterTypes[index] ?? -1];
      return serializer ? serializer(param) : (param as { toString(): string }).toString();
    });
  }

  /** Sends one protocol message; a database error is raised as `pglite.query` raises it (with query and params). */
  private async send(
    message: Uint8Array,
    statement: PreparedStatement,
    params: readonly unknown[],
  ): Promise<BackendMessage[]> {
    try {
      return await this.pglite.execProtocolStream(message, { syncToFs: false });
    } catch (error) {
      if (error instanceof messages.DatabaseError)
        Object.assign(error, { query: statement.text, params, queryOptions: undefined });
      throw error;
    }
  }
}
