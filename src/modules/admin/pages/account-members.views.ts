import { html, type SafeHtml } from '../../../lib/html.js';
import type { Account } from '../../accounts/accounts.service.js';
import type { Invitation } from '../../members/invitations.service.js';
import type { Member } from '../../members/members.service.js';
import { dataTable, inputField, selectField, valueOptions } from '../../web-pages/form-parts.views.js';
import { formatTime, type Flash } from '../../web-pages/page-document.views.js';
import type { AdminSession } from '../auth/admin-sessions.service.js';
import { adminPage, csrfInput } from './admin-layout.views.js';

function membersTable(session: AdminSession, account: Account, members: readonly Member[]): SafeHtml {
  if (members.length === 0) return html`<p class="empty">No members yet: invite the first owner below.</p>`;
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
        html`<tr>
          <td data-label="E-mail">${member.email}</td>
          <td data-label="Name">${member.display_name || '—'}</td>
          <td data-label="Role">${member.role}</td>
          <td data-label="Status">${member.status}</td>
          <td data-label="Last sign-in">${formatTime(member.last_sign_in_at, 'never')}</td>
          <td data-label="Actions">
            ${
              member.status === 'disabled'
                ? ''
                : html`<form
                    method="post"
                    action="/admin/accounts/${account.id}/members/${member.id}/disable"
                  >
                    ${csrfInput(session)}
                    <button type="submit" class="button-secondary" aria-label="Disable ${member.email}">
                      Disable
                    </button>
                  </form>`
            }
          </td>
        </tr>`,
    ),
  });
}

function invitationsTable(
  session: AdminSession,
  account: Account,
  invitations: readonly Invitation[],
): SafeHtml {
  if (invitations.length === 0) return html`<p class="empty">No invitations.</p>`;
  return dataTable({
    labelledBy: 'invitations-heading',
    responsive: true,
    columns: [
      'E-mail',
      'Role',
      'State',
      'Created',
      'Expires',
      html`<span class="visually-hidden">Actions</span>`,
    ],
    rows: invitations.map(
      (invitation) =>
        html`<tr>
          <td data-label="E-mail">${invitation.email}</td>
          <td data-label="Role">${invitation.role}</td>
          <td data-label="State">${invitation.state}</td>
          <td data-label="Created">${formatTime(invitation.created_at)}</td>
          <td data-label="Expires">${formatTime(invitation.expires_at)}</td>
          <td data-label="Actions">
            ${
              invitation.state === 'pending'
                ? html`<form
                    method="post"
                    action="/admin/accounts/${account.id}/invitations/${invitation.id}/revoke"
                  >
                    ${csrfInput(session)}
                    <button
                      type="submit"
                      class="button-secondary"
                      aria-label="Revoke the invitation of ${invitation.email}"
                    >
                      Revoke
                    </button>
                  </form>`
                : ''
            }
          </td>
        </tr>`,
    ),
  });
}

/** An account's people: members, invitations, and the form that invites (its link shown once). */
export function accountMembersPage(options: {
  session: AdminSession;
  account: Account;
  members: readonly Member[];
  invitations: readonly Invitation[];
  createdUrl?: string;
  form?: { email?: string; role?: string; display_name?: string };
  flash?: Flash;
}): SafeHtml {
  const { session, account } = options;
  return adminPage({
    title: account.name,
    section: 'accounts',
    session,
    flash: options.flash,
    content: html`<p>
        <a href="/admin/accounts">All accounts</a> ·
        <a href="/admin/api-keys?account=${account.id}">API keys</a>
      </p>
      ${
        options.createdUrl
          ? html`<div class="flash flash-notice" role="status">
              <p>Invitation created. Pass this link on to the person (shown only now, sent nowhere by us):</p>
              <p><code>${options.createdUrl}</code></p>
            </div>`
          : ''
      }
      <h2 id="members-heading">Members</h2>
      ${membersTable(session, account, options.members)}
      <h2 id="invitations-heading">Invitations</h2>
      ${invitationsTable(session, account, options.invitations)}
      <section aria-labelledby="invite-heading" class="panel">
        <h2 id="invite-heading">Invite someone</h2>
        <form method="post" action="/admin/accounts/${account.id}/invitations" class="stacked">
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
            valueOptions(['owner', 'editor', 'viewer'], options.form?.role ?? 'owner'),
          )}
          <button type="submit">Create the invitation link</button>
        </form>
      </section>`,
  });
}
