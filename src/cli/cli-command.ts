import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { CliIo } from './cli-io.js';

export interface CliContext {
  config: Config;
  withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T>;
  print(json: boolean | undefined, value: unknown, human: string): void;
  /** Standard streams and caller-side files: the terminal, or the local channel inside a running server. */
  io: CliIo;
}

/** A further command (audit, worker…), one file each in cli/commands/; avs.ts dispatches to them and lists them in its usage. */
export interface CliCommand {
  usage: string;
  summary: string;
  takesSubcommand: boolean;
  /**
   * 'yes': runs through withDatabase, so while `avs serve` holds the embedded data directory it runs inside
   * that server (local channel) and must write only to context.io; 'own-connection': keeps its own
   * connection open (a long-lived process), so it cannot go through the channel; 'no': no database.
   */
  database: 'yes' | 'own-connection' | 'no';
  matches(command: string, subcommand: string | undefined): boolean;
  /** Returns the exit code, or -1 to leave the process running (a long-lived command). */
  run(args: string[], context: CliContext): Promise<number>;
}

/**
 * `COMMAND FILE [--json]`: the archive FILE and whether to answer in JSON, or undefined once the usage error is
 * written to stderr (the command then exits 2).
 */
export function parseArchiveArguments(
  command: string,
  args: string[],
  context: CliContext,
): { file: string; json: boolean } | undefined {
  try {
    const parsed = parseArgs({
      args,
      options: { json: { type: 'boolean' } },
      strict: true,
      allowPositionals: true,
    });
    if (parsed.positionals.length !== 1) throw new Error('expected one argument, the archive FILE');
    return { file: parsed.positionals[0]!, json: parsed.values.json ?? false };
  } catch (error) {
    context.io.stderr.write(`avs ${command}: ${(error as Error).message}\n`);
    return undefined;
  }
}
