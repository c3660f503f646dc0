import { Type } from '@sinclair/typebox';
import { limits } from '../../config.js';
import { assetStatuses, certificateStatuses } from './asset-states.js';
import { AssetRecord, exampleAssetRecord } from './assets.schemas.js';
import { Page } from '../../lib/page-schema.js';

const EXAMPLE_CURSOR = 'WyIyMDI2LTExLTIzVDEwOjE1OjAwLjAwMFoiLCI3YjNmLi4uIiwiYzJkNS4uLiJd';

export const ListAssetsQuery = Type.Object({
  // Optional: it has a default, so a call without it is valid (#21: a validating proxy refuses it when required).
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: limits.pageSize,
      default: 50,
      description: `Assets per page, 1–${limits.pageSize}.`,
    }),
  ),
  cursor: Type.Optional(
    Type.String({
      maxLength: limits.cursorLength,
      description:
        'Opaque: the `next_cursor` of the previous page. It carries the filters it was made with: send the same filters with it.',
    }),
  ),
  status: Type.Optional(
    Type.String({
      maxLength: 200,
      description: `One value or a comma-separated list of: ${assetStatuses.join(', ')}.`,
      examples: ['draft,active'],
    }),
  ),
  certificate_status: Type.Optional(
    Type.String({
      maxLength: 200,
      description: `One value or a comma-separated list of: ${certificateStatuses.join(', ')}.`,
      examples: ['pending'],
    }),
  ),
  created_after: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'Only assets created after this instant (exclusive), ISO 8601 with a zone.',
      examples: ['2026-11-01T00:00:00Z'],
    }),
  ),
  created_before: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'Only assets created before this instant (exclusive), ISO 8601 with a zone.',
      examples: ['2026-12-01T00:00:00Z'],
    }),
  ),
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        'Case-insensitive substring of the title (`%` and `_` match themselves), answered from a trigram index.',
      examples: ['monet'],
    }),
  ),
});

export const AssetPage = Page(AssetRecord, {
  dataDescription: 'Newest first (created_at, then id).',
  cursorDescription: 'Pass as `cursor` (with the same filters) for the next page; null on the last page.',
  additionalProperties: false,
  examples: [
    {
      data: [{ ...exampleAssetRecord, alert: null, artist: 'Claude Monet' }],
      has_more: true,
      next_cursor: EXAMPLE_CURSOR,
    },
  ],
});
