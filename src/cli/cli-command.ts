import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { CliIo } from './cli-io.js';

/** A caller-side file a command writes, as the user named it. */
export interface OutputFileRequest {
  file: string;
  force: boolean;
}

export interface CliContext {
  config: Config;
  withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T>;
  print(json: boolean | undefined, value: unknown, human: string): void;
  /** Standard streams and caller-side files: the terminal, or the local channel inside a running server. */
  io: CliIo;
}

/** A further command (audit, worker…), one file each in cli/commands/; avs.ts dispatches to them and lists them in its usage. */
export interface CliCommand {
  /** Its arguments, as the usage text shows them after its name (commands/index.ts names each command). */
  usage: string;
  summary: string;
  /**
   * 'yes': runs through withDatabase, so while `avs serve` holds the embedded data directory it runs inside
   * that server (local channel) and must write only to context.io; 'own-connection': keeps its own
   * connection open (a long-lived process), so it cannot go through the channel; 'no': no database.
   */
  database: 'yes' | 'own-connection' | 'no';
  /** Returns the exit code, or -1 to leave the process running (a long-lived command). */
  run(args: string[], context: CliContext): Promise<number>;
  /**
   * The caller-side file this command writes, if any: through the local channel the caller opens it before it
   * sends anything, and accepts no other file from the server.
   */
  outputFile?(args: string[]): OutputFileRequest | undefined;
}

export interface ArchiveArguments {
  file: string;
  json: boolean;
  /** backup: replace an existing FILE. */
  force: boolean;
  /** restore: go on when the archive's MAC is missing or wrong (AVS_MASTER_KEY set). */
  trustUnsigned: boolean;
}

/** `backup FILE [--json] [--force]` and `restore FILE [--json] [--trust-unsigned]`; throws on a usage error. */
export function readArchiveArguments(command: 'backup' | 'restore', args: string[]): ArchiveArguments {
  const parsed = parseArgs({
    args,
    options: {
      json: { type: 'boolean' },
      ...(command === 'backup' ? { force: { type: 'boolean' } } : { 'trust-unsigned': { type: 'boolean' } }),
    },
    strict: true,
    allowPositionals: true,
  });
  if (parsed.positionals.length !== 1) throw new Error('expected one argument, the archive FILE');
  const values = parsed.values as { json?: boolean; force?: boolean; 'trust-unsigned'?: boolean };
  return {
    file: parsed.positionals[0]!,
    json: values.json ?? false,
    force: values.force ?? false,
    trustUnsigned: values['trust-unsigned'] ?? false,
  };
}

/**
 * The archive command's arguments, or undefined once the usage error is written to stderr (the command then
 * exits 2).
 */
export function parseArchiveArguments(
  command: 'backup' | 'restore',
  args: string[],
  context: CliContext,
): ArchiveArguments | undefined {
  try {
    return readArchiveArguments(command, args);
  } catch (error) {
    context.io.stderr.write(`avs ${command}: ${(error as Error).message}\n`);
    return undefined;
  }
}
