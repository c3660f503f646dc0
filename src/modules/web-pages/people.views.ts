import { html, type SafeHtml } from '../../lib/html.js';
import { dataTable, inputField, selectField, valueOptions } from './form-parts.views.js';
import { formatTime, type Flash } from './page-document.views.js';
import { csrfField } from './page-frame.views.js';

// The fields shown of a member and an invitation (the members module's types fit; no import back into it).
interface Member {
  id: string;
  email: string;
  display_name: string | null;
  role: string;
  status: string;
  last_sign_in_at: string | null;
}
interface Invitation {
  id: string;
  email: string;
  role: string;
  state: string;
  created_at: string;
  expires_at: string;
}

export const MEMBER_ROLES = ['owner', 'editor', 'viewer'] as const;

export interface InviteFormValues {
  email?: string;
  role?: string;
  display_name?: string;
}

/** What a people page lists, and the invitation just made (its link on this answer only, never stored in clear). */
export interface PeopleLists<Listed extends Member = Member> {
  members: readonly Listed[];
  invitations: readonly Invitation[];
  createdUrl?: string;
  form?: InviteFormValues;
  flash?: Flash;
}

const ACTIONS_COLUMN = html`<span class="visually-hidden">Actions</span>`;

/** A one-button form (revoke, disable, enable) whose label names what it acts on. */
export function actionButton(options: {
  action: string;
  csrfToken: string;
  label: string;
  ariaLabel: string;
}): SafeHtml {
  return html`<form method="post" action="${options.action}">
    ${csrfField(options.csrfToken)}
    <button type="submit" class="button-secondary" aria-label="${options.ariaLabel}">${options.label}</button>
  </form>`;
}

/** The account's members, with what the page lets you do to each. */
export function membersTable<Listed extends Member>(
  members: readonly Listed[],
  options: { youId?: string; actions: (member: Listed) => SafeHtml | string },
): SafeHtml {
  return dataTable({
    labelledBy: 'members-heading',
    responsive: true,
    columns: ['E-mail', 'Name', 'Role', 'Status', 'Last sign-in', ACTIONS_COLUMN],
    rows: members.map(
      (member) =>
        html`<tr data-member-id="${member.id}">
          <td data-label="E-mail">${member.email}${member.id === options.youId ? ' (you)' : ''}</td>
          <td data-label="Name">${member.display_name || '—'}</td>
          <td data-label="Role">${member.role}</td>
          <td data-label="Status">${member.status}</td>
          <td data-label="Last sign-in">${formatTime(member.last_sign_in_at, 'never')}</td>
          <td data-label="Actions">${options.actions(member)}</td>
        </tr>`,
    ),
  });
}

/** Invitations with a revoke button on the pending ones; `showState` adds the state column. */
export function invitationsTable(
  invitations: readonly Invitation[],
  options: { showState: boolean; csrfToken: string; revokeUrl: (invitation: Invitation) => string },
): SafeHtml {
  return dataTable({
    labelledBy: 'invitations-heading',
    responsive: true,
    columns: [
      'E-mail',
      'Role',
      ...(options.showState ? ['State'] : []),
      'Created',
      'Expires',
      ACTIONS_COLUMN,
    ],
    rows: invitations.map(
      (invitation) =>
        html`<tr data-invitation-id="${invitation.id}">
          <td data-label="E-mail">${invitation.email}</td>
          <td data-label="Role">${invitation.role}</td>
          ${options.showState ? html`<td data-label="State">${invitation.state}</td>` : ''}
          <td data-label="Created">${formatTime(invitation.created_at)}</td>
          <td data-label="Expires">${formatTime(invitation.expires_at)}</td>
          <td data-label="Actions">
            ${
              invitation.state === 'pending'
                ? actionButton({
                    action: options.revokeUrl(invitation),
                    csrfToken: options.csrfToken,
                    label: 'Revoke',
                    ariaLabel: `Revoke the invitation of ${invitation.email}`,
                  })
                : ''
            }
          </td>
        </tr>`,
    ),
  });
}

/** The link of an invitation just made: on this answer only, never stored in clear. */
export function invitationLinkNotice(url: string | undefined, linkId?: string): SafeHtml {
  if (!url) return html``;
  return html`<div class="flash flash-notice" role="status">
    <p>Invitation created. Pass this link on to the person: it is shown only now, and we send it nowhere.</p>
    <p>${linkId ? html`<code id="${linkId}">${url}</code>` : html`<code>${url}</code>`}</p>
  </div>`;
}

/** The form that makes an invitation link. */
export function inviteForm(options: {
  action: string;
  csrfToken: string;
  form?: InviteFormValues;
  defaultRole: (typeof MEMBER_ROLES)[number];
}): SafeHtml {
  return html`<section aria-labelledby="invite-heading" class="panel">
    <h2 id="invite-heading">Invite someone</h2>
    <form method="post" action="${options.action}" class="stacked">
      ${csrfField(options.csrfToken)}
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
        valueOptions(MEMBER_ROLES, options.form?.role ?? options.defaultRole),
      )}
      <button type="submit">Create the invitation link</button>
    </form>
  </section>`;
}
