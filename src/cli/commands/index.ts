import type { CliCommand } from '../cli-command.js';
import { auditCommand } from './audit.command.js';
import { backupCommand } from './backup.command.js';
import { importCommand } from './import.command.js';
import { logVerifyCommand } from './log-verify.command.js';
import { mailListCommand, mailRetryCommand } from './mail.command.js';
import { membersInviteCommand } from './members-invite.command.js';
import { membersRecoverCommand } from './members-recover.command.js';
import { restoreCommand } from './restore.command.js';
import { signingKeysCommand } from './signing-keys.command.js';
import { tagKeysCommand } from './tag-keys.command.js';
import { verifyCredentialCommand } from './verify-credential.command.js';
import { witnessInitCommand, witnessServeCommand } from './witness.command.js';
import { workerCommand } from './worker.command.js';

/**
 * The commands avs.ts dispatches to beyond its own, by the words that name them (a command, or a command and
 * its subcommand): a new command is a file here and an entry below.
 */
export const cliCommands: Readonly<Record<string, CliCommand>> = {
  audit: auditCommand,
  worker: workerCommand,
  'signing-keys': signingKeysCommand,
  'tag-keys': tagKeysCommand,
  'verify-credential': verifyCredentialCommand,
  'log verify': logVerifyCommand,
  'members invite': membersInviteCommand,
  'members recover': membersRecoverCommand,
  'mail list': mailListCommand,
  'mail retry': mailRetryCommand,
  import: importCommand,
  backup: backupCommand,
  restore: restoreCommand,
  'witness init': witnessInitCommand,
  'witness serve': witnessServeCommand,
};

/** The command argv names (its first one or two words), that name, and the arguments after it, if any. */
export function findCliCommand(
  argv: readonly string[],
): { name: string; command: CliCommand; args: string[] } | undefined {
  for (const [name, command] of Object.entries(cliCommands)) {
    const words = name.split(' ');
    if (words.every((word, index) => argv[index] === word))
      return { name, command, args: argv.slice(words.length) };
  }
  return undefined;
}
