import { auditCommand } from './audit-command.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { workerCommand } from '../modules/webhooks/worker.command.js';
import { signingKeysCommand } from './commands/signing-keys.js';
import { verifyCredentialCommand } from './commands/verify-credential.js';

export interface CliContext {
  config: Config;
  withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T>;
  print(json: boolean | undefined, value: unknown, human: string): void;
}

/** Further commands (audit, worker…) register here; avs.ts dispatches to them and lists them in its usage. */
export interface CliCommand {
  usage: string;
  summary: string;
  takesSubcommand: boolean;
  matches(command: string, subcommand: string | undefined): boolean;
  /** Returns the exit code, or -1 to leave the process running (a long-lived command). */
  run(args: string[], context: CliContext): Promise<number>;
}

export const cliCommands: CliCommand[] = [
  auditCommand,
  workerCommand,
  signingKeysCommand,
  verifyCredentialCommand,
];
