import type { CliCommand } from '../cli-command.js';
import { auditCommand } from './audit.command.js';
import { backupCommand } from './backup.command.js';
import { logVerifyCommand } from './log-verify.command.js';
import { restoreCommand } from './restore.command.js';
import { signingKeysCommand } from './signing-keys.command.js';
import { verifyCredentialCommand } from './verify-credential.command.js';
import { workerCommand } from './worker.command.js';

/** The commands avs.ts dispatches to beyond its own: a new command is a file here and an entry below. */
export const cliCommands: CliCommand[] = [
  auditCommand,
  workerCommand,
  signingKeysCommand,
  verifyCredentialCommand,
  logVerifyCommand,
  backupCommand,
  restoreCommand,
];
