import {
  listSigningKeys,
  retireSigningKey,
  rotateSigningKey,
  SIGNING_KEY_ID_PATTERN,
  type SigningKeySummary,
} from '../../modules/signing/signing-keys.service.js';
import type { CliCommand } from '../cli-command.js';
import { actionArguments, CommandUsageError } from '../command-arguments.js';

function describe(key: SigningKeySummary): string {
  return `${key.id}  ${key.purpose}  ${key.status}  created ${key.created_at}`;
}

/** `avs signing-keys list|rotate|retire ID [--json]`: the Ed25519 keys that sign credentials and receipts. */
export const signingKeysCommand: CliCommand = {
  // The action (list, rotate, retire) is the first argument, not a subcommand: it is parsed here.
  usage: 'list|rotate|retire ID [--json]',
  summary: 'List, rotate or retire (unpublish) the credential signing keys',
  database: 'yes',
  async run(args, context) {
    // A key id may begin with '-' (a base64url thumbprint): it is an argument, never an option.
    const { action, positionals, json } = actionArguments(args, ['list', 'rotate', 'retire'], (arg) =>
      SIGNING_KEY_ID_PATTERN.test(arg),
    );
    if (positionals.length !== (action === 'retire' ? 1 : 0)) throw new CommandUsageError();
    const masterKey = context.config.AVS_MASTER_KEY;
    if (action === 'list') {
      const keys = await context.withDatabase(listSigningKeys);
      context.print(json, { data: keys }, keys.length === 0 ? '(none)' : keys.map(describe).join('\n'));
      return 0;
    }
    if (action === 'rotate') {
      const key = await context.withDatabase((db) => rotateSigningKey(db, 'credentials', masterKey));
      context.print(
        json,
        key,
        `New signing key ${key.id}; earlier keys stay published, so what they signed still verifies.`,
      );
      return 0;
    }
    const outcome = await context.withDatabase((db) => retireSigningKey(db, positionals[0]!, masterKey));
    context.print(
      json,
      outcome,
      `Retired ${outcome.retired.id}: it is no longer published, and what it signed no longer verifies.` +
        (outcome.replacement ? `\nNew signing key ${outcome.replacement.id}.` : ''),
    );
    return 0;
  },
};
