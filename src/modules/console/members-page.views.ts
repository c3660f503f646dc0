import { html, type SafeHtml } from '../../lib/html.js';
import type { ApiKey } from '../keys/keys.service.js';
import type { Invitation } from '../members/invitations.service.js';
import type { Member, Membership } from '../members/members.service.js';
import type { MemberSession } from '../members/member-sessions.service.js';
import { dataTable, inputField, selectField, valueOptions } from '../web-pages/form-parts.views.js';
import { scopeText } from '../web-pages/key-form.views.js';
import { formatTime, type Flash } from '../web-pages/page-document.views.js';
import { consolePage, csrfInput } from './console-layout.views.js';

const ROLES = ['owner', 'editor', 'viewer'] as const;

export interface InviteFormValues {
  email?: string;
  role?: string;
  display_name?: string;
}

function memberActions(session: MemberSession, member: Member): SafeHtml {
  if (member.status === 'invited') return html`<span class="hint">Invitation pending</span>`;
  const toggle =
    member.status === 'disabled'
      ? html`<form method="post" action="/console/members/${member.id}/enable">
          ${csrfInput(session)}
          <button type="submit" class="button-secondary" aria-label="Enable ${member.email}">Enable</button>
        </form>`
      : html`<form method="post" action="/console/members/${member.id}/disable">
          ${csrfInput(session)}
          <button type="submit" class="button-secondary" aria-label="Disable ${member.email}">Disable</button>
        </form>`;
  return html`<form method="post" action="/console/members/${member.id}/role" class="inline-actions">
      ${csrfInput(session)}
      <label for="role-${member.id}" class="visually-hidden">Role of ${member.email}</label>
      <select id="role-${member.id}" name="role">
        ${valueOptions(ROLES, member.role)}
      </select>
      <button type="submit" class="button-secondary">
        Change role<span class="visually-hidden"> of ${member.email}</span>
      </button>
    </form>
    ${toggle}`;
}

function membersTable(session: MemberSession, members: readonly Member[]): SafeHtml {
  return dataTable({
    labelledBy: 'members-heading',
    responsive: true,
    columns: [
      'E-mail',
      'Name',
      'Role',
      'Status',
      'Last sign-in',
      html`<span class="visually-hidden">Actions</span>`,
    ],
    rows: members.map(
      (member) =>
        html`<tr data-member-id="${member.id}">
          <td data-label="E-mail">${member.email}${member.id === session.memberId ? ' (you)' : ''}</td>
          <td data-label="Name">${member.display_name || '—'}</td>
          <td data-label="Role">${member.role}</td>
          <td data-label="Status">${member.status}</td>
          <td data-label="Last sign-in">${formatTime(member.last_sign_in_at, 'never')}</td>
          <td data-label="Actions">${memberActions(session, member)}</td>
        </tr>`,
    ),
  });
}

function invitationsTable(session: MemberSession, invitations: readonly Invitation[]): SafeHtml {
  const pending = invitations.filter((invitation) => invitation.state === 'pending');
  if (pending.length === 0) return html`<p class="empty">No pending invitations.</p>`;
  return dataTable({
    labelledBy: 'invitations-heading',
    responsive: true,
    columns: ['E-mail', 'Role', 'Created', 'Expires', html`<span class="visually-hidden">Actions</span>`],
    rows: pending.map(
      (invitation) =>
        html`<tr data-invitation-id="${invitation.id}">
          <td data-label="E-mail">${invitation.email}</td>
          <td data-label="Role">${invitation.role}</td>
          <td data-label="Created">${formatTime(invitation.created_at)}</td>
          <td data-label="Expires">${formatTime(invitation.expires_at)}</td>
          <td data-label="Actions">
            <form method="post" action="/console/members/invitations/${invitation.id}/revoke">
              ${csrfInput(session)}
              <button
                type="submit"
                class="button-secondary"
                aria-label="Revoke the invitation of ${invitation.email}"
              >
                Revoke
              </button>
            </form>
          </td>
        </tr>`,
    ),
  });
}

/** The account's people: members (role, disable, enable), pending invitations, and the invitation form. */
export function membersPage(options: {
  session: MemberSession;
  memberships: readonly Membership[];
  members: readonly Member[];
  invitations: readonly Invitation[];
  /** The link of the invitation just made: on this answer only, never stored in clear. */
  createdUrl?: string;
  form?: InviteFormValues;
  flash?: Flash;
}): SafeHtml {
  const { session } = options;
  return consolePage({
    title: 'Members',
    section: 'members',
    session,
    memberships: options.memberships,
    flash: options.flash,
    content: html`${
        options.createdUrl
          ? html`<div class="flash flash-notice" role="status">
              <p>
                Invitation created. Pass this link on to the person: it is shown only now, and we send it
                nowhere.
              </p>
              <p><code id="invitation-link">${options.createdUrl}</code></p>
            </div>`
          : ''
      }
      <h2 id="members-heading">Members</h2>
      ${membersTable(session, options.members)}
      <h2 id="invitations-heading">Pending invitations</h2>
      ${invitationsTable(session, options.invitations)}
      <section aria-labelledby="invite-heading" class="panel">
        <h2 id="invite-heading">Invite someone</h2>
        <form method="post" action="/console/members" class="stacked">
          ${csrfInput(session)}
          ${inputField('E-mail', {
            id: 'invite-email',
            name: 'email',
            type: 'email',
            required: true,
            maxlength: 320,
            value: options.form?.email ?? '',
          })}
          ${inputField('Name (optional)', {
            id: 'invite-name',
            name: 'display_name',
            maxlength: 200,
            value: options.form?.display_name ?? '',
          })}
          ${selectField(
            'Role',
            { id: 'invite-role', name: 'role', required: true },
            valueOptions(ROLES, options.form?.role ?? 'viewer'),
          )}
          <button type="submit">Create the invitation link</button>
        </form>
      </section>`,
  });
}

/** Before a member who made active keys is disabled: revoke some, all or none of them, then disable. */
export function disableMemberPage(options: {
  session: MemberSession;
  memberships: readonly Membership[];
  member: Member;
  keys: readonly ApiKey[];
  flash?: Flash;
}): SafeHtml {
  const { session, member } = options;
  return consolePage({
    title: `Disable ${member.email}`,
    section: 'members',
    session,
    memberships: options.memberships,
    flash: options.flash,
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
