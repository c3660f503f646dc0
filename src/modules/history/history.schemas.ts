import { Type } from '@sinclair/typebox';
import { Page, PageCursor, PageLimit } from '../../lib/page-schema.js';

export const HistoryQuery = Type.Object({
  limit: PageLimit('Entries'),
  cursor: PageCursor('Opaque: the `next_cursor` of the previous page.'),
});

export const HistoryEntry = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    asset_id: Type.String({ format: 'uuid' }),
    planet: Type.String(),
    sequence: Type.Integer({ minimum: 1, description: '1, 2, 3… per asset, without gaps.' }),
    event_type: Type.String({
      description:
        'CREATED, UPDATED, MEDIA_ADDED, MEDIA_REMOVED, CERTIFICATE_ISSUED, CERTIFICATE_REJECTED, CERTIFICATE_SUSPENDED, CERTIFICATE_REINSTATED, CERTIFICATE_REVOKED, CERTIFICATE_AMENDED, OWNERSHIP_TRANSFERRED, ALERT_RAISED, ALERT_RESOLVED, TAG_BOUND, TAG_UNBOUND, VERIFIED or ARCHIVED.',
    }),
    payload: Type.Object({}, { additionalProperties: true }),
    actor_account_id: Type.Union([Type.String(), Type.Null()], {
      description: 'The account (or admin user) that caused the event.',
    }),
    created_at: Type.String({ format: 'date-time' }),
    prev_hash: Type.Union([Type.String(), Type.Null()], {
      description: 'The `hash` of the previous entry; null for the first.',
    }),
    hash: Type.String({
      description:
        'SHA-256 (hex) of the RFC 8785 canonical JSON of this entry without `hash` and `log_index`.',
    }),
    log_index: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description:
        'The entry of this event in the transparency log (`/tlog`); null until the log has appended it, within about `AVS_TLOG_INTERVAL_MS`. Shown, never hashed.',
    }),
  },
  { additionalProperties: false },
);

export const HistoryPage = Page(HistoryEntry, { additionalProperties: false });
