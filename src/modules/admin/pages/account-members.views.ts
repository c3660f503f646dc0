import { html, type SafeHtml } from '../../../lib/html.js';
import type { Account } from '../../accounts/accounts.service.js';
import {
  actionButton,
  invitationLinkNotice,
  invitationsTable,
  inviteForm,
  membersTable,
  type PeopleLists,
} from '../../web-pages/people.views.js';
import type { AdminSession } from '../auth/admin-sessions.service.js';
import { adminPage } from './admin-layout.views.js';
import { adminText } from '../text/index.js';

/** An account's people: members, invitations, and the form that invites (its link shown once). */
export function accountMembersPage(
  options: PeopleLists & { session: AdminSession; account: Account },
): SafeHtml {
  const { session, account } = options;
  const { csrfToken } = session;
  const base = `/admin/accounts/${account.id}`;
  const words = adminText.accountPeople;
  return adminPage({
    title: account.name,
    section: 'accounts',
    session,
    flash: options.flash,
    content: html`<p>
        <a href="/admin/accounts">${words.allAccounts}</a> ·
        <a href="/admin/api-keys?account=${account.id}">${words.apiKeys}</a>
      </p>
      ${invitationLinkNotice(options.createdUrl, options.createdFor)}
      <h2 id="members-heading">${words.members}</h2>
      ${
        options.members.length === 0
          ? html`<p class="empty">${words.noMembers}</p>`
          : membersTable(options.members, {
              actions: (member) =>
                member.status === 'disabled'
                  ? ''
                  : actionButton({
                      action: `${base}/members/${member.id}/disable`,
                      csrfToken,
                      label: words.disable,
                      ariaLabel: words.disableMember(member.email),
                    }),
            })
      }
      <h2 id="invitations-heading">${words.invitations}</h2>
      ${
        options.invitations.length === 0
          ? html`<p class="empty">${words.noInvitations}</p>`
          : invitationsTable(options.invitations, {
              showState: true,
              csrfToken,
              revokeUrl: (invitation) => `${base}/invitations/${invitation.id}/revoke`,
            })
      }
      ${inviteForm({ action: `${base}/invitations`, csrfToken, form: options.form, defaultRole: 'owner' })}`,
  });
}
