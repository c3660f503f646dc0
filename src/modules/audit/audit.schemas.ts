import { Type, type Static } from '@sinclair/typebox';
import { Page, PageCursor, PageLimit } from '../../lib/page-schema.js';
import { auditActions } from './audit-actions.js';

export const AuditListQuery = Type.Object({
  limit: PageLimit('Entries'),
  cursor: PageCursor('Opaque: the `next_cursor` of the previous page, of this account.'),
});
export type AuditListQueryType = Static<typeof AuditListQuery>;

const Uuid = Type.String({ format: 'uuid' });

const AuditEntryActor = Type.Union(
  [
    Type.Object(
      { member_id: Uuid },
      { additionalProperties: false, title: 'Member', description: 'A member, in the console.' },
    ),
    Type.Object(
      { api_key_id: Uuid },
      { additionalProperties: false, title: 'Key', description: 'An API key of the account.' },
    ),
    Type.Object(
      { admin: Type.Literal(true) },
      {
        additionalProperties: false,
        title: 'Admin',
        description: 'The operator (admin pages, admin API, CLI).',
      },
    ),
  ],
  { description: 'Who acted: exactly one of a member, a key or the operator.' },
);

const AuditEntry = Type.Object(
  {
    id: Uuid,
    at: Type.String({ format: 'date-time', description: 'When it happened.' }),
    actor: AuditEntryActor,
    action: Type.Union(
      auditActions.map((action) => Type.Literal(action)),
      { description: 'What was done.' },
    ),
    target: Type.Object(
      {},
      {
        additionalProperties: true,
        description: 'What it was done to, by id (`api_key_id`, `member_id`, …); never a secret.',
      },
    ),
  },
  { additionalProperties: false, description: "An entry of the account's audit log." },
);
export type AuditEntryType = Static<typeof AuditEntry>;

export const AuditPage = Page(AuditEntry, {
  description: "The account's audit log, newest first.",
  dataDescription: 'Newest first.',
});
export type AuditPageType = Static<typeof AuditPage>;
