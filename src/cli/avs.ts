#!/usr/bin/env node
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.js';
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
import { generatePassword } from '../modules/admin/auth/passwords.js';
import { createApiKey, listApiKeys, revokeApiKey } from '../modules/keys/keys.service.js';
import { startServer } from '../server.js';
import type { CliContext } from './cli-command.js';
import { cliCommands } from './commands/index.js';

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
${cliCommands.map((command) => `  ${command.usage.padEnd(40)}${command.summary}`).join('\n')}
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

function print(json: boolean | undefined, value: unknown, human: string): void {
  process.stdout.write(json ? `${JSON.stringify(value)}\n` : `${human}\n`);
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Opens the database, brings its schema up to date, runs fn, closes. */
async function withDatabase<T>(
  config: Config,
  fn: (db: Database) => Promise<T>,
  options: { migrateFirst: boolean } = { migrateFirst: true },
): Promise<T> {
  const db = await openDatabase(config);
  try {
    if (options.migrateFirst) await migrate(db);
    return await fn(db);
  } finally {
    await db.close();
  }
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

async function run(argv: string[]): Promise<number> {
  const [command, subcommand, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  const config = loadConfig();

  switch (`${command} ${subcommand ?? ''}`.trim()) {
    case 'serve': {
      await startServer(config);
      return -1;
    }
    case 'migrate': {
      parse(argv.slice(1), { json: { type: 'boolean' } });
      const applied = await withDatabase(config, (db) => migrate(db), { migrateFirst: false });
      print(false, null, applied.length > 0 ? `Applied ${applied.join(', ')}.` : 'The schema is up to date.');
      return 0;
    }
    case 'accounts create': {
      const { values } = parse(rest, { name: { type: 'string' }, json: { type: 'boolean' } });
      if (!values.name) throw new UsageError('--name is required');
      const account = await withDatabase(config, (db) => createAccount(db, { name: values.name! }));
      print(values.json, account, `Created account ${account.id} (${account.name}).`);
      return 0;
    }
    case 'accounts list': {
      const { values } = parse(rest, { json: { type: 'boolean' } });
      const accounts = await withDatabase(config, listAccounts);
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
      const created = await withDatabase(config, (db) =>
        createApiKey(db, {
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
      const keys = await withDatabase(config, (db) => listApiKeys(db, { accountId: values.account }));
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
      const revoked = await withDatabase(config, (db) => revokeApiKey(db, positionals[0]!));
      print(values.json, revoked, `Revoked API key ${revoked.id} (${revoked.prefix}…).`);
      return 0;
    }
    case 'admin create': {
      const { values } = parse(rest, { email: { type: 'string' }, json: { type: 'boolean' } });
      if (!values.email) throw new UsageError('--email is required');
      const fromStdin = (await readStdin()).replace(/\r?\n$/, '');
      const password = fromStdin || generatePassword();
      const admin = await withDatabase(config, (db) =>
        createAdminUser(db, { email: values.email!, password }),
      );
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
      const extra = cliCommands.find((entry) => entry.matches(command, subcommand));
      if (extra) {
        const context: CliContext = { config, withDatabase: (fn) => withDatabase(config, fn), print };
        return extra.run(extra.takesSubcommand ? rest : argv.slice(1), context);
      }
      throw new UsageError(`unknown command "${argv.slice(0, 2).join(' ')}"`);
    }
  }
}

function isUuidError(error: unknown): boolean {
  return (error as { code?: string }).code === '22P02';
}

async function main(): Promise<void> {
  try {
    const code = await run(process.argv.slice(2));
    if (code >= 0) process.exitCode = code;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`avs: ${error.message}\n\n${USAGE}\n`);
      process.exitCode = 2;
    } else if (
      error instanceof ConfigError ||
      error instanceof DataDirectoryInUseError ||
      error instanceof DataDirectoryUnsafeError ||
      error instanceof AppError
    ) {
      process.stderr.write(`avs: ${error.message}\n`);
      process.exitCode = 1;
    } else if (error instanceof DatabaseUnavailableError) {
      process.stderr.write(
        `avs: the database cannot be reached (${(error.cause as Error)?.message ?? 'unknown'}).\n`,
      );
      process.exitCode = 1;
    } else if (isUuidError(error)) {
      process.stderr.write('avs: an id argument is not a valid UUID.\n');
      process.exitCode = 1;
    } else {
      process.stderr.write(`avs: ${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = 1;
    }
  }
}

await main();
