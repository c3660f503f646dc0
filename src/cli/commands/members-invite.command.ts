import { inviteMember } from '../../modules/members/invitations.service.js';
import { mailSettings } from '../../modules/mail/mail-settings.js';
import type { CliCommand } from '../cli-command.js';
import { commandOptions, CommandUsageError } from '../command-arguments.js';

/**
 * `avs members invite --account ID --email E --role R [--display-name N] [--json]`: the operator's invitation
 * (the first owner of an account, usually). The invitation is mailed to the address; the command also prints a
 * one-time link the operator may pass on (it joins, but does not prove the address as the mailed one does).
 */
export const membersInviteCommand: CliCommand = {
  usage: '--account ID --email E --role owner|editor|viewer [--display-name N] [--json]',
  summary:
    'Invite a person to an account: mails the invitation, and prints a one-time link to pass on (7 days)',
  database: 'yes',
  async run(args, context) {
    const values = commandOptions(args, {
      account: String,
      email: String,
      role: String,
      'display-name': String,
      json: Boolean,
    });
    const { account, email, role } = values;
    if (!account || !email || !role) throw new CommandUsageError();
    const { invitation, url } = await context.withDatabase((db) =>
      inviteMember(db, {
        accountId: account,
        email,
        role,
        displayName: values['display-name'],
        actor: { admin: true },
        ...mailSettings(context.config),
      }),
    );
    context.print(
      values.json,
      {
        invitation: {
          id: invitation.id,
          email: invitation.email,
          role: invitation.role,
          expires_at: invitation.expires_at,
        },
        url,
      },
      `Invited ${invitation.email} as ${invitation.role} (until ${invitation.expires_at}); the invitation is mailed to ${invitation.email}; you may also pass this link on: ${url}`,
    );
    return 0;
  },
};
