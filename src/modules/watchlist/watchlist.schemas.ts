import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../../limits.js';
import { Page } from '../../lib/page-schema.js';

export const WatchBody = Type.Object(
  {
    certificate_number: Type.String({
      maxLength: 100,
      description: "The certificate to watch, PREFIX-YYYY-NNNNNN; it must exist in the key's planets.",
    }),
  },
  {
    additionalProperties: false,
    description: 'A certificate to watch.',
  },
);
export type WatchBodyType = Static<typeof WatchBody>;

export const Watch = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    certificate_number: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false, description: 'A watch-list entry.' },
);
export type WatchType = Static<typeof Watch>;

export const WatchList = Page(Watch, { description: "The account's watch-list, newest first." });

export const WatchListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: limits.pageSize, default: 50 })),
  cursor: Type.Optional(
    Type.String({ maxLength: limits.cursorLength, description: 'next_cursor of the previous page.' }),
  ),
});
export type WatchListQueryType = Static<typeof WatchListQuery>;

export const WatchParams = Type.Object({
  watch_id: Type.String({ description: 'Watch-list entry id (UUID).' }),
});
