import { Type } from '@sinclair/typebox';
import { assetStatuses, certificateStatuses } from './asset-states.js';
import { AssetRecord } from './assets.schemas.js';
import { Page, PageCursor, PageLimit } from '../../lib/page-schema.js';

export const ListAssetsQuery = Type.Object({
  limit: PageLimit('Assets'),
  cursor: PageCursor(
    'Opaque: the `next_cursor` of the previous page. It carries the filters it was made with: send the same filters with it.',
  ),
  status: Type.Optional(
    Type.String({
      maxLength: 200,
      description: `One value or a comma-separated list of: ${assetStatuses.join(', ')}.`,
    }),
  ),
  certificate_status: Type.Optional(
    Type.String({
      maxLength: 200,
      description: `One value or a comma-separated list of: ${certificateStatuses.join(', ')}.`,
    }),
  ),
  created_after: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'Only assets created after this instant (exclusive), ISO 8601 with a zone.',
    }),
  ),
  created_before: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'Only assets created before this instant (exclusive), ISO 8601 with a zone.',
    }),
  ),
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        'Case-insensitive substring of the title (`%` and `_` match themselves), answered from a trigram index, or an inventory number exactly.',
    }),
  ),
  inventory_number: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Only the asset with this inventory number (exact, after trimming).',
    }),
  ),
});

export const AssetPage = Page(AssetRecord, {
  dataDescription: 'Newest first (created_at, then id).',
  cursorDescription: 'Pass as `cursor` (with the same filters) for the next page; null on the last page.',
  additionalProperties: false,
});
