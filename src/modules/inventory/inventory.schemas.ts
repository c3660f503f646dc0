import { Type } from '@sinclair/typebox';
import { ListAssetsQuery } from '../assets/asset-list.schemas.js';
import { exportFormats } from './inventory-export.service.js';

const formats = Object.keys(exportFormats) as (keyof typeof exportFormats)[];

/** The asset list's filters, and the format when Accept does not choose it. */
export const ExportQuery = Type.Composite([
  Type.Omit(ListAssetsQuery, ['limit', 'cursor']),
  Type.Object({
    format: Type.Optional(
      Type.Union(
        formats.map((format) => Type.Literal(format)),
        {
          description:
            'csv or xlsx. Without it, Accept chooses (text/csv or the XLSX media type); CSV when it names neither.',
        },
      ),
    ),
  }),
]);

export const ExportBytes = Type.Unsafe<unknown>({
  type: 'string',
  format: 'binary',
  description:
    'The spreadsheet: one row per asset, newest first, with a header row of field names (docs/inventory.md, "Export").',
});
