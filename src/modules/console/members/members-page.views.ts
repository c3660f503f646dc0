import { html, type SafeHtml } from '../../../lib/html.js';
import type { ApiKey } from '../../keys/keys.service.js';
import type { Member } from '../../members/members.service.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import {
  actionButton,
  invitationLinkNotice,
  invitationsTable,
  inviteForm,
  membersTable,
  roleOptions,
  type PeopleLists,
} from '../../web-pages/people.views.js';
import { scopeText } from '../../web-pages/key-form.views.js';
import { formatTime } from '../../web-pages/page-document.views.js';
import { text as pageText } from '../../web-pages/text/index.js';
import { type ConsoleFrame, consolePage, csrfInput } from '../shell/console-layout.views.js';
import { text } from '../text/index.js';

// Read on each use: the text answers in the language of the request being drawn.
const words = () => text.members;
const hidden = (part: SafeHtml) => html`<span class="visually-hidden">${part}</span>`;

function memberActions(session: MemberSession, member: Member): SafeHtml {
  if (member.status === 'invited') return html`<span class="hint">${words().invitationPending}</span>`;
  const toggle = member.status === 'disabled' ? 'enable' : 'disable';
  const button = actionButton({
    action: `/console/members/${member.id}/${toggle}`,
    csrfToken: session.csrfToken,
    label: toggle === 'enable' ? words().enable : words().disable,
    ariaLabel: toggle === 'enable' ? words().enableOf(member.email) : words().disableOf(member.email),
  });
  return html`<form method="post" action="/console/members/${member.id}/role" class="inline-actions">
      ${csrfInput(session)}
      <label for="role-${member.id}" class="visually-hidden">${words().roleOf(member.email)}</label>
      <select id="role-${member.id}" name="role">
        ${roleOptions(member.role)}
      </select>
      <button type="submit" class="button-secondary">${words().changeRole(hidden, member.email)}</button>
    </form>
    ${button}`;
}

/** The account's people: members (role, disable, enable), pending invitations, and the invitation form. */
export function membersPage(options: PeopleLists<Member> & ConsoleFrame): SafeHtml {
  const { session } = options;
  const pending = options.invitations.filter((invitation) => invitation.state === 'pending');
  return consolePage({
    ...options,
    title: words().title,
    section: 'members',
    content: html`${invitationLinkNotice(options.createdUrl, options.createdFor, 'invitation-link')}
      <h2 id="members-heading">${words().membersHeading}</h2>
      ${membersTable(options.members, {
        youId: session.memberId,
        actions: (member) => memberActions(session, member),
      })}
      <h2 id="invitations-heading">${words().invitationsHeading}</h2>
      ${
        pending.length === 0
          ? html`<p class="empty">${words().noPendingInvitations}</p>`
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
    title: words().disableTitle(member.email),
    section: 'members',
    content: html`<p>
        ${words().disableIntro((strong) => html`<strong>${strong}</strong>`, member.email, options.keys.length)}
      </p>
      <form method="post" action="/console/members/${member.id}/disable" class="stacked">
        ${csrfInput(session)}
        <input type="hidden" name="keys_decided" value="yes" />
        <fieldset>
          <legend>${words().keysLegend(member.email)}</legend>
          ${options.keys.map(
            (key) =>
              html`<div class="choice">
                <input type="checkbox" id="revoke-${key.id}" name="revoke" value="${key.id}" /><label
                  for="revoke-${key.id}"
                  >${words().revokeKey(
                    html`<code>${key.prefix}…</code>${key.name ? html` (${key.name})` : ''}`,
                    scopeText(key.planet_scope),
                    formatTime(key.last_used_at, pageText.frame.never),
                  )}</label
                >
              </div>`,
          )}
        </fieldset>
        <div class="inline-actions">
          <button type="submit" class="danger">${words().disableTicked}</button>
          <button type="submit" name="revoke_all" value="yes" class="danger">
            ${words().disableRevokeAll}
          </button>
          <button type="submit" name="keep_all" value="yes" class="button-secondary">
            ${words().disableKeepAll}
          </button>
          <a href="/console/members" class="button-link">${words().cancel}</a>
        </div>
      </form>`,
  });
}
