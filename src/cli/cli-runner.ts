import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, type Config } from '../config.js';
import {
  DataDirectoryInUseError,
  DataDirectoryUnsafeError,
  DatabaseUnavailableError,
  type Database,
} from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { openDatabase } from '../db/open-database.js';
import { AppError } from '../errors/error-catalogue.js';
import { createAccount, listAccounts } from '../modules/accounts/accounts.service.js';
import { createAdminUser } from '../modules/admin/auth/admin-users.service.js';
import { generatePassword } from '../modules/web-pages/passwords.js';
import { createApiKey, listApiKeys, revokeApiKey } from '../modules/keys/keys.service.js';
import type { CliContext, OutputFileRequest } from './cli-command.js';
import type { CliIo } from './cli-io.js';
import { cliCommands, findCliCommand } from './commands/index.js';
import { CommandFailure, CommandUsageError } from './command-arguments.js';

export const USAGE = `Usage: avs <command> [options]

Commands:
  serve                                   Run the HTTP service (npm start)
  migrate                                 Apply pending database migrations
  accounts create --name N [--json]       Create an account
  accounts list [--json]                  List accounts with their key and asset counts
  keys create --account ID [--planet P]... [--name L] [--expires-at ISO] [--json]
                                          Create an API key (the key is printed once)
  keys list [--account ID] [--json]       List API keys (never the keys themselves)
  keys revoke ID [--json]                 Revoke an API key
  admin create --email E [--json]         Create an admin user (password read from stdin, or generated)
${Object.entries(cliCommands)
  .map(([name, command]) => `  ${`${name} ${command.usage}`.padEnd(40)}${command.summary}`)
  .join('\n')}
The database is DATABASE_URL when set, otherwise the embedded database in AVS_DATA_DIR (./data).`;

/** Wrong usage: exit code 2 and the usage text. */
class UsageError extends Error {}

function parse<T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: T,
  positionals = 0,
) {
  try {
    const parsed = parseArgs({ args, options, allowPositionals: positionals > 0, strict: true });
    if (parsed.positionals.length !== positionals) {
      throw new UsageError(`expected ${positionals} argument(s), got ${parsed.positionals.length}`);
    }
    return parsed;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError((error as Error).message);
  }
}

/** How a command reaches the database: its own connection, or the running server's (local channel). */
export type DatabaseAccess = <T>(fn: (db: Database) => Promise<T>) => Promise<T>;

/** Opens the database, brings its schema up to date, runs fn, closes. */
export function ownDatabase(config: Config, options: { migrateFirst: boolean } = { migrateFirst: true }) {
  return async <T>(fn: (db: Database) => Promise<T>): Promise<T> => {
    const db = await openDatabase(config);
    try {
      if (options.migrateFirst) await migrate(db);
      return await fn(db);
    } finally {
      await db.close();
    }
  };
}

/** The running server's open database (schema migrated at its start; never closed here). */
export function sharedDatabase(db: Database): DatabaseAccess {
  return (fn) => fn(db);
}

/** Whether a command needs the database: those that do run inside a running embedded server. */
export function commandUsesDatabase(argv: string[]): 'no' | 'yes' | 'own-connection' {
  const [command] = argv;
  if (command === undefined || command === 'serve') return 'no';
  if (['migrate', 'accounts', 'keys', 'admin'].includes(command)) return 'yes';
  return findCliCommand(argv)?.command.database ?? 'no';
}

/** The caller-side file a command writes (`backup FILE`), as the user named it: all the channel may open. */
export function commandOutputFile(argv: string[]): OutputFileRequest | undefined {
  const found = findCliCommand(argv);
  return found?.command.outputFile?.(found.args);
}

function table(rows: Record<string, unknown>[], columns: string[]): string {
  if (rows.length === 0) return '(none)';
  const cells = rows.map((row) => columns.map((column) => formatCell(row[column])));
  const widths = columns.map((column, index) =>
    Math.max(column.length, ...cells.map((line) => line[index]!.length)),
  );
  const line = (values: string[]) =>
    values
      .map((value, index) => value.padEnd(widths[index]!))
      .join('  ')
      .trimEnd();
  return [line(columns), ...cells.map(line)].join('\n');
}

function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (Array.isArray(value)) return value.length === 0 ? 'all' : value.join(',');
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export interface RunOptions {
  config: Config;
  io: CliIo;
  database: DatabaseAccess;
  /** `migrate` applies migrations; inside a running server they were applied at its start. */
  migrate: () => Promise<string[]>;
}

async function run(argv: string[], options: RunOptions): Promise<number> {
  const { config, io, database: withDatabase } = options;
  const print = (json: boolean | undefined, value: unknown, human: string): void => {
    io.stdout.write(json ? `${JSON.stringify(value)}\n` : `${human}\n`);
  };
  const [command, subcommand, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.stdout.write(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }

  switch (`${command} ${subcommand ?? ''}`.trim()) {
    case 'serve':
      throw new UsageError('serve runs only as its own process');
    case 'migrate': {
      parse(argv.slice(1), { json: { type: 'boolean' } });
      const applied = await options.migrate();
      print(false, null, applied.length > 0 ? `Applied ${applied.join(', ')}.` : 'The schema is up to date.');
      return 0;
    }
    case 'accounts create': {
      const { values } = parse(rest, { name: { type: 'string' }, json: { type: 'boolean' } });
      if (!values.name) throw new UsageError('--name is required');
      const account = await withDatabase((db) => createAccount(db, { name: values.name! }));
      print(values.json, account, `Created account ${account.id} (${account.name}).`);
      return 0;
    }
    case 'accounts list': {
      const { values } = parse(rest, { json: { type: 'boolean' } });
      const accounts = await withDatabase(listAccounts);
      print(
        values.json,
        { data: accounts },
        table(accounts as never, ['id', 'name', 'key_count', 'asset_count', 'created_at']),
      );
      return 0;
    }
    case 'keys create': {
      const { values } = parse(rest, {
        account: { type: 'string' },
        planet: { type: 'string', multiple: true },
        name: { type: 'string' },
        'expires-at': { type: 'string' },
        json: { type: 'boolean' },
      });
      if (!values.account) throw new UsageError('--account is required');
      let expiresAt: Date | null = null;
      if (values['expires-at'] !== undefined) {
        expiresAt = new Date(values['expires-at']);
        if (Number.isNaN(expiresAt.getTime()))
          throw new UsageError('--expires-at must be an ISO 8601 date-time');
      }
      const created = await withDatabase((db) =>
        createApiKey(db, {
          actor: { admin: true },
          accountId: values.account!,
          name: values.name ?? null,
          planetScope: values.planet ?? [],
          expiresAt,
        }),
      );
      const output = {
        id: created.id,
        key: created.key,
        prefix: created.prefix,
        account_id: created.account_id,
        planet_scope: created.planet_scope,
        name: created.name,
        created_at: created.created_at,
        expires_at: created.expires_at,
      };
      print(
        values.json,
        output,
        `Created API key ${created.id} for account ${created.account_id}.\n\n  ${created.key}\n\n` +
          'Store it now: it is shown only once.',
      );
      return 0;
    }
    case 'keys list': {
      const { values } = parse(rest, { account: { type: 'string' }, json: { type: 'boolean' } });
      const keys = await withDatabase((db) => listApiKeys(db, { accountId: values.account }));
      print(
        values.json,
        { data: keys },
        table(keys as never, [
          'id',
          'prefix',
          'name',
          'account_id',
          'planet_scope',
          'status',
          'expires_at',
          'last_used_at',
        ]),
      );
      return 0;
    }
    case 'keys revoke': {
      const { values, positionals } = parse(rest, { json: { type: 'boolean' } }, 1);
      const revoked = await withDatabase((db) =>
        revokeApiKey(db, positionals[0]!, { actor: { admin: true } }),
      );
      print(values.json, revoked, `Revoked API key ${revoked.id} (${revoked.prefix}…).`);
      return 0;
    }
    case 'admin create': {
      const { values } = parse(rest, { email: { type: 'string' }, json: { type: 'boolean' } });
      if (!values.email) throw new UsageError('--email is required');
      const fromStdin = (await io.readStdin()).toString('utf8').replace(/\r?\n$/, '');
      const password = fromStdin || generatePassword();
      const admin = await withDatabase((db) => createAdminUser(db, { email: values.email!, password }));
      const generated = fromStdin ? undefined : password;
      print(
        values.json,
        { ...admin, ...(generated ? { password: generated } : {}) },
        `Created admin user ${admin.email}.` +
          (generated ? `\n\n  Password: ${generated}\n\nStore it now: it is shown only once.` : ''),
      );
      return 0;
    }
    default: {
      const found = findCliCommand(argv);
      if (found) {
        const context: CliContext = { config, withDatabase, print, io };
        try {
          return await found.command.run(found.args, context);
        } catch (error) {
          if (!(error instanceof CommandFailure || error instanceof CommandUsageError)) throw error;
          const usage = `usage: avs ${found.name} ${found.command.usage}`;
          io.stderr.write(`avs ${found.name}: ${error.message || usage}\n`);
          return error instanceof CommandFailure ? 1 : 2;
        }
      }
      throw new UsageError(`unknown command "${argv.slice(0, 2).join(' ')}"`);
    }
  }
}

function isUuidError(error: unknown): boolean {
  return (error as { code?: string }).code === '22P02';
}

/** Runs one command (not `serve`) and returns its exit code (-1: leave the process running); errors become messages on io.stderr. */
export async function runCli(argv: string[], options: RunOptions): Promise<number> {
  const { io } = options;
  try {
    return await run(argv, options);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`avs: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (
      error instanceof ConfigError ||
      error instanceof DataDirectoryInUseError ||
      error instanceof DataDirectoryUnsafeError ||
      error instanceof AppError
    ) {
      io.stderr.write(`avs: ${error.message}\n`);
    } else if (error instanceof DatabaseUnavailableError) {
      io.stderr.write(
        `avs: the database cannot be reached (${(error.cause as Error)?.message ?? 'unknown'}).\n`,
      );
    } else if (isUuidError(error)) {
      io.stderr.write('avs: an id argument is not a valid UUID.\n');
    } else {
      io.stderr.write(`avs: ${(error as Error).stack ?? String(error)}\n`);
    }
    return 1;
  }
}
