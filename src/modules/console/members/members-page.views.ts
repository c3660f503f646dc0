import { html, type SafeHtml } from '../../../lib/html.js';
import type { ApiKey } from '../../keys/keys.service.js';
import type { Member } from '../../members/members.service.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import { valueOptions } from '../../web-pages/form-parts.views.js';
import {
  actionButton,
  invitationLinkNotice,
  invitationsTable,
  inviteForm,
  MEMBER_ROLES,
  membersTable,
  type PeopleLists,
} from '../../web-pages/people.views.js';
import { scopeText } from '../../web-pages/key-form.views.js';
import { formatTime } from '../../web-pages/page-document.views.js';
import { type ConsoleFrame, consolePage, csrfInput } from '../shell/console-layout.views.js';

function memberActions(session: MemberSession, member: Member): SafeHtml {
  if (member.status === 'invited') return html`<span class="hint">Invitation pending</span>`;
  const toggle = member.status === 'disabled' ? 'enable' : 'disable';
  const button = actionButton({
    action: `/console/members/${member.id}/${toggle}`,
    csrfToken: session.csrfToken,
    label: toggle === 'enable' ? 'Enable' : 'Disable',
    ariaLabel: `${toggle === 'enable' ? 'Enable' : 'Disable'} ${member.email}`,
  });
  return html`<form method="post" action="/console/members/${member.id}/role" class="inline-actions">
      ${csrfInput(session)}
      <label for="role-${member.id}" class="visually-hidden">Role of ${member.email}</label>
      <select id="role-${member.id}" name="role">
        ${valueOptions(MEMBER_ROLES, member.role)}
      </select>
      <button type="submit" class="button-secondary">
        Change role<span class="visually-hidden"> of ${member.email}</span>
      </button>
    </form>
    ${button}`;
}

/** The account's people: members (role, disable, enable), pending invitations, and the invitation form. */
export function membersPage(options: PeopleLists<Member> & ConsoleFrame): SafeHtml {
  const { session } = options;
  const pending = options.invitations.filter((invitation) => invitation.state === 'pending');
  return consolePage({
    ...options,
    title: 'Members',
    section: 'members',
    content: html`${invitationLinkNotice(options.createdUrl, 'invitation-link')}
      <h2 id="members-heading">Members</h2>
      ${membersTable(options.members, {
        youId: session.memberId,
        actions: (member) => memberActions(session, member),
      })}
      <h2 id="invitations-heading">Pending invitations</h2>
      ${
        pending.length === 0
          ? html`<p class="empty">No pending invitations.</p>`
          : invitationsTable(pending, {
              showState: false,
              csrfToken: session.csrfToken,
              revokeUrl: (invitation) => `/console/members/invitations/${invitation.id}/revoke`,
            })
      }
      ${inviteForm({ action: '/console/members', csrfToken: session.csrfToken, form: options.form, defaultRole: 'viewer' })}`,
  });
}

/** Before a member who made active keys is disabled: revoke some, all or none of them, then disable. */
export function disableMemberPage(
  options: ConsoleFrame & {
    member: Member;
    keys: readonly ApiKey[];
  },
): SafeHtml {
  const { session, member } = options;
  return consolePage({
    ...options,
    title: `Disable ${member.email}`,
    section: 'members',
    content: html`<p>
        <strong>${member.email}</strong> made ${options.keys.length} active API
        key${options.keys.length === 1 ? '' : 's'}. Disabling the member does not revoke them: choose the keys
        to revoke with it, or keep them all.
      </p>
      <form method="post" action="/console/members/${member.id}/disable" class="stacked">
        ${csrfInput(session)}
        <input type="hidden" name="keys_decided" value="yes" />
        <fieldset>
          <legend>Keys made by ${member.email}</legend>
          ${options.keys.map(
            (key) =>
              html`<div class="choice">
                <input type="checkbox" id="revoke-${key.id}" name="revoke" value="${key.id}" /><label
                  for="revoke-${key.id}"
                  >Revoke <code>${key.prefix}…</code>${key.name ? html` (${key.name})` : ''},
                  ${scopeText(key.planet_scope)}, last used ${formatTime(key.last_used_at, 'never')}</label
                >
              </div>`,
          )}
        </fieldset>
        <div class="inline-actions">
          <button type="submit" class="danger">Disable and revoke the ticked keys</button>
          <button type="submit" name="revoke_all" value="yes" class="danger">
            Disable and revoke them all
          </button>
          <button type="submit" name="keep_all" value="yes" class="button-secondary">
            Disable and keep every key
          </button>
          <a href="/console/members" class="button-link">Cancel</a>
        </div>
      </form>`,
  });
}
