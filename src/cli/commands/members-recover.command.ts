import { createMemberRecoveryLink } from '../../modules/members/password-reset.service.js';
import { mailSettings } from '../../modules/mail/mail-settings.js';
import type { CliCommand } from '../cli-command.js';
import { commandOptions, CommandUsageError } from '../command-arguments.js';

/**
 * `avs members recover --account ID --email E [--mail] [--json]`: the operator's way back in for a member who lost
 * every credential (docs/members.md, "A way back in"): a one-time link (24 hours) that lets them choose a password,
 * passkeys or not. Printed for the operator to pass on, or mailed to the address with --mail; audited in the
 * account's log as `recovery_link.created`. Check who is asking by other means first.
 */
export const membersRecoverCommand: CliCommand = {
  usage: '--account ID --email E [--mail] [--json]',
  summary: "Make a member's one-time recovery link (24 hours): printed to pass on, or mailed with --mail",
  database: 'yes',
  async run(args, context) {
    const { account, email, mail, json } = commandOptions(args, {
      account: String,
      email: String,
      mail: Boolean,
      json: Boolean,
    });
    if (!account || !email) throw new CommandUsageError();
    const link = await context.withDatabase((db) =>
      createMemberRecoveryLink(db, {
        accountId: account,
        email,
        send: mail ?? false,
        mail: mailSettings(context.config),
      }),
    );
    const expiresAt = link.expiresAt.toISOString();
    // Mailed, the link is the mailbox's alone: it is not printed.
    context.print(
      json,
      {
        member_id: link.memberId,
        email: link.email,
        expires_at: expiresAt,
        ...(link.mailed ? { mailed: true } : { url: link.url }),
      },
      link.mailed
        ? `Recovery link for ${link.email} queued to that address (until ${expiresAt}).`
        : `Recovery link for ${link.email} (once, until ${expiresAt}); pass it on to them: ${link.url}`,
    );
    return 0;
  },
};
