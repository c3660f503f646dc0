import { html, type SafeHtml } from '../../lib/html.js';
import { dataTable, inputField, selectField } from './form-parts.views.js';
import { formatTime, type Flash } from './page-document.views.js';
import { csrfField } from './page-frame.views.js';
import { text } from './text/index.js';

// Read on each use: the text answers in the language of the request being drawn.
const words = () => text.people;

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
  /** The address the invitation just made was mailed to. */
  createdFor?: string;
  form?: InviteFormValues;
  flash?: Flash;
}

const actionsColumn = () => html`<span class="visually-hidden">${words().columns.actions}</span>`;

/** A stored value (a role, a status) by the name the page gives it; the value itself when it has none. */
function named(names: Readonly<Record<string, string>>, value: string): string {
  return names[value] ?? value;
}

/** A role as the page names it ("owner", "propriétaire"). */
export function roleName(role: string): string {
  return named(words().roles, role);
}

/** The roles to choose from, each by its name, the current one selected. */
export function roleOptions(selected: string | undefined): SafeHtml[] {
  return MEMBER_ROLES.map(
    (role) =>
      html`<option value="${role}" ${role === selected ? html` selected` : ''}>${roleName(role)}</option>`,
  );
}

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
  const columns = words().columns;
  return dataTable({
    labelledBy: 'members-heading',
    responsive: true,
    columns: [columns.email, columns.name, columns.role, columns.status, columns.lastSignIn, actionsColumn()],
    rows: members.map(
      (member) =>
        html`<tr data-member-id="${member.id}">
          <td data-label="${columns.email}">
            ${member.id === options.youId ? words().you(member.email) : member.email}
          </td>
          <td data-label="${columns.name}">${member.display_name || '—'}</td>
          <td data-label="${columns.role}">${roleName(member.role)}</td>
          <td data-label="${columns.status}">${named(words().statuses, member.status)}</td>
          <td data-label="${columns.lastSignIn}">${formatTime(member.last_sign_in_at, text.frame.never)}</td>
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
  const columns = words().columns;
  return dataTable({
    labelledBy: 'invitations-heading',
    responsive: true,
    columns: [
      columns.email,
      columns.role,
      ...(options.showState ? [columns.state] : []),
      columns.created,
      columns.expires,
      actionsColumn(),
    ],
    rows: invitations.map(
      (invitation) =>
        html`<tr data-invitation-id="${invitation.id}">
          <td data-label="${columns.email}">${invitation.email}</td>
          <td data-label="${columns.role}">${roleName(invitation.role)}</td>
          ${options.showState ? html`<td data-label="${columns.state}">${named(words().invitationStates, invitation.state)}</td>` : ''}
          <td data-label="${columns.created}">${formatTime(invitation.created_at)}</td>
          <td data-label="${columns.expires}">${formatTime(invitation.expires_at)}</td>
          <td data-label="Actions">
            ${
              invitation.state === 'pending'
                ? actionButton({
                    action: options.revokeUrl(invitation),
                    csrfToken: options.csrfToken,
                    label: words().revoke,
                    ariaLabel: words().revokeInvitationOf(invitation.email),
                  })
                : ''
            }
          </td>
        </tr>`,
    ),
  });
}

/**
 * The link of an invitation just made, for an inviter who prefers to pass it on: on this answer only, never stored
 * in clear. It joins the account but proves nothing; the link mailed to the address is another one (docs/members.md).
 */
export function invitationLinkNotice(url: string | undefined, email = '', linkId?: string): SafeHtml {
  if (!url) return html``;
  return html`<div class="flash flash-notice" role="status">
    <p>${words().linkCreated(email)}</p>
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
    <h2 id="invite-heading">${words().inviteHeading}</h2>
    <form method="post" action="${options.action}" class="stacked">
      ${csrfField(options.csrfToken)}
      ${inputField(words().inviteEmail, {
        id: 'invite-email',
        name: 'email',
        type: 'email',
        required: true,
        maxlength: 320,
        value: options.form?.email ?? '',
      })}
      ${inputField(words().inviteName, {
        id: 'invite-name',
        name: 'display_name',
        maxlength: 200,
        value: options.form?.display_name ?? '',
      })}
      ${selectField(
        words().inviteRole,
        { id: 'invite-role', name: 'role', required: true },
        roleOptions(options.form?.role ?? options.defaultRole),
      )}
      <button type="submit">${words().inviteButton}</button>
    </form>
  </section>`;
}
