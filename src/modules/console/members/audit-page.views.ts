import { categoryName } from '../../web-pages/category-name.js';
import { html, type SafeHtml } from '../../../lib/html.js';
import type { AuditPageType } from '../../audit/audit.schemas.js';
import { dataTable } from '../../web-pages/form-parts.views.js';
import { formatTime } from '../../web-pages/page-document.views.js';
import { roleName } from '../../web-pages/people.views.js';
import { type ConsoleFrame, consolePage } from '../shell/console-layout.views.js';
import { text } from '../text/index.js';

type AuditEntry = AuditPageType['data'][number];

// Read on each use: the text answers in the language of the request being drawn.
const words = () => text.audit;

/** How the page names members and keys: e-mail and prefix, by id (the account's own only). */
export interface AuditNames {
  members: ReadonlyMap<string, string>;
  keys: ReadonlyMap<string, string>;
}

function memberName(names: AuditNames, id: unknown): string {
  return names.members.get(String(id)) ?? words().actors.member;
}

function keyName(names: AuditNames, id: unknown): SafeHtml {
  const prefix = names.keys.get(String(id));
  return prefix ? words().actors.key(html`<code>${prefix}…</code>`) : html`${words().actors.anyKey}`;
}

function actorText(entry: AuditEntry, names: AuditNames): SafeHtml {
  const { actor } = entry;
  if ('member_id' in actor) return html`${memberName(names, actor.member_id)}`;
  if ('api_key_id' in actor) return keyName(names, actor.api_key_id);
  return html`${words().actors.operator}`;
}

/** What happened, in words; an action this page has no words for yet shows its stored name. */
function actionText(action: string): string {
  return (words().actions as Record<string, string>)[action.replace('.', '_')] ?? action;
}

/** One field of a target in words: people by e-mail, keys by prefix, roles and profile fields by their names. */
function targetPart(field: string, value: unknown, names: AuditNames): SafeHtml | string {
  const targets = words().targets;
  const said = typeof value === 'string' ? value : JSON.stringify(value);
  // The fields of an operator's move on proof (holder.moved_on_proof), said as they are.
  const moved = {
    asset_id: targets.asset,
    to_account_id: targets.toAccount,
    handover_id: targets.handover,
    reason: targets.reason,
  }[field];
  if (moved) return moved(said);
  switch (field) {
    case 'member_id':
      return targets.member(memberName(names, value));
    case 'api_key_id':
      return keyName(names, value);
    case 'invitation_id':
      return targets.invitation(said);
    case 'passkey_id':
      return targets.passkey(said);
    case 'person_id':
      return targets.person(said);
    case 'role':
    case 'from':
    case 'to':
      return targets[field](roleName(said));
    case 'name':
      return targets.name(said);
    case 'import_id':
      return targets.importId(said);
    case 'planet':
      return targets.planet(categoryName(said));
    case 'certificate_number':
      return targets.certificate(said);
    case 'consignee':
      return targets.consignee(said);
    case 'kind':
      return (targets.handoverKinds as Record<string, string>)[said] ?? said;
    case 'rows':
    case 'files':
      return targets[field](said);
    case 'changed': {
      const fields = targets.profileFields as Record<string, string>;
      const list = Array.isArray(value) ? value.map((name) => fields[String(name)] ?? String(name)) : [said];
      return targets.changed(list.join(', '));
    }
    default:
      return `${field.replace(/_/g, ' ')} ${said}`;
  }
}

/** The target's fields, ids named as the page names actors. */
function targetText(entry: AuditEntry, names: AuditNames): SafeHtml {
  // A field without a value (an operator's move made no hand-over) says nothing.
  const parts = Object.entries(entry.target)
    .filter(([, value]) => value !== null)
    .map(([field, value]) => targetPart(field, value, names));
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
  const columns = words().columns;
  const next = page.next_cursor
    ? `/console/audit?${new URLSearchParams({
        cursor: page.next_cursor,
        ...(options.limit ? { limit: String(options.limit) } : {}),
      }).toString()}`
    : undefined;
  return consolePage({
    ...options,
    title: words().title,
    section: 'audit',
    content: html`<p>${words().intro(html`<code>GET /api/v1/audit</code>`)}</p>
      ${
        page.data.length === 0
          ? html`<p class="empty">${words().empty}</p>`
          : dataTable({
              caption: words().caption,
              responsive: true,
              columns: [columns.when, columns.who, columns.action, columns.target],
              rows: page.data.map(
                (entry) =>
                  html`<tr data-audit-id="${entry.id}" data-action="${entry.action}">
                    <td data-label="${columns.when}">${formatTime(entry.at)}</td>
                    <td data-label="${columns.who}">${actorText(entry, names)}</td>
                    <td data-label="${columns.action}">${actionText(entry.action)}</td>
                    <td data-label="${columns.target}">${targetText(entry, names)}</td>
                  </tr>`,
              ),
            })
      }
      <nav aria-label="${words().pagesLabel}">
        <p>
          ${options.page.data.length > 0 && next ? html`<a href="${next}" rel="next">${words().older}</a>` : ''}
          <a href="/console/audit">${words().newest}</a>
        </p>
      </nav>`,
  });
}
