import { html, type SafeHtml } from '../../../lib/html.js';
import type { AuditPageType } from '../../audit/audit.schemas.js';
import { dataTable } from '../../web-pages/form-parts.views.js';
import { formatTime } from '../../web-pages/page-document.views.js';
import { type ConsoleFrame, consolePage } from '../shell/console-layout.views.js';

type AuditEntry = AuditPageType['data'][number];

/** How the page names members and keys: e-mail and prefix, by id (the account's own only). */
export interface AuditNames {
  members: ReadonlyMap<string, string>;
  keys: ReadonlyMap<string, string>;
}

function memberName(names: AuditNames, id: unknown): string {
  return names.members.get(String(id)) ?? 'a member';
}

function keyName(names: AuditNames, id: unknown): SafeHtml {
  const prefix = names.keys.get(String(id));
  return prefix ? html`key <code>${prefix}…</code>` : html`a key`;
}

function actorText(entry: AuditEntry, names: AuditNames): SafeHtml {
  const { actor } = entry;
  if ('member_id' in actor) return html`${memberName(names, actor.member_id)}`;
  if ('api_key_id' in actor) return keyName(names, actor.api_key_id);
  return html`operator`;
}

/** The target's fields, ids named as the page names actors. */
function targetText(entry: AuditEntry, names: AuditNames): SafeHtml {
  const parts = Object.entries(entry.target).map(([field, value]) => {
    if (field === 'member_id') return html`member ${memberName(names, value)}`;
    if (field === 'api_key_id') return keyName(names, value);
    return html`${field.replace(/_/g, ' ')} ${typeof value === 'string' ? value : JSON.stringify(value)}`;
  });
  return parts.length === 0
    ? html`—`
    : html`${parts.map((part, index) => html`${index ? '; ' : ''}${part}`)}`;
}

/** The account's audit log, newest first, a page at a time (the next page by its cursor). */
export function auditPage(
  options: ConsoleFrame & {
    page: AuditPageType;
    names: AuditNames;
    limit?: number;
  },
): SafeHtml {
  const { page, names } = options;
  const next = page.next_cursor
    ? `/console/audit?${new URLSearchParams({
        cursor: page.next_cursor,
        ...(options.limit ? { limit: String(options.limit) } : {}),
      }).toString()}`
    : undefined;
  return consolePage({
    ...options,
    title: 'Audit log',
    section: 'audit',
    content: html`<p>
        Who changed the account’s members, invitations and keys, newest first. Keys read the same log at
        <code>GET /api/v1/audit</code>.
      </p>
      ${
        page.data.length === 0
          ? html`<p class="empty">Nothing recorded yet.</p>`
          : dataTable({
              caption: 'Audit log entries, newest first',
              responsive: true,
              columns: ['When', 'Who', 'Action', 'Target'],
              rows: page.data.map(
                (entry) =>
                  html`<tr data-audit-id="${entry.id}">
                    <td data-label="When">${formatTime(entry.at)}</td>
                    <td data-label="Who">${actorText(entry, names)}</td>
                    <td data-label="Action"><code>${entry.action}</code></td>
                    <td data-label="Target">${targetText(entry, names)}</td>
                  </tr>`,
              ),
            })
      }
      <nav aria-label="Audit log pages">
        <p>
          ${options.page.data.length > 0 && next ? html`<a href="${next}" rel="next">Older entries</a>` : ''}
          <a href="/console/audit">Newest entries</a>
        </p>
      </nav>`,
  });
}
