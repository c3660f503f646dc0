import { Type, type Static } from '@sinclair/typebox';
import { Page, PageCursor, PageLimit } from '../../lib/page-schema.js';
import { limits } from '../../limits.js';
import { UploadQuery } from '../media/media.schemas.js';

const importStates = ['validating', 'ready', 'importing', 'done', 'failed', 'cancelled'] as const;

export const ImportParams = Type.Object({
  id: Type.String({ maxLength: 64, description: 'The import’s id.' }),
});
export type ImportParamsType = Static<typeof ImportParams>;

/** A column header → the field it fills (its API name), or null to leave the column aside. */
const ImportMapping = Type.Record(
  Type.String({ maxLength: limits.fieldNameLength }),
  Type.Union([Type.String({ minLength: 1, maxLength: limits.fieldNameLength }), Type.Null()]),
  {
    description:
      'Column header → field name (`title`, `inventory_number`, a planet field or a pass-through name); null leaves the column aside. Headers not named here are matched by API name or by the field’s label in any of the five languages, case and spaces aside.',
  },
);

export const ImportUploadQuery = Type.Object({
  mapping: Type.Optional(
    Type.String({
      maxLength: 8192,
      description:
        'The mapping as JSON (`{"Künstler / Artist":"artist"}`); it may also be given later (PUT …/mapping).',
    }),
  ),
});

export const ImportRecord = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    planet: Type.String(),
    state: Type.Union(
      importStates.map((state) => Type.Literal(state)),
      { description: 'validating → ready → importing → done; failed or cancelled end it too.' },
    ),
    format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]),
    columns: Type.Array(
      Type.Object({
        header: Type.String(),
        field: Type.Union([Type.String(), Type.Null()], {
          description: 'The field the column fills; null for a column left aside (an export-only column).',
        }),
      }),
      { description: 'The file’s columns in order, each with the field it fills.' },
    ),
    only_valid: Type.Boolean({ description: 'Started for its valid rows only.' }),
    counts: Type.Object({
      rows: Type.Integer({ description: 'Rows of the file, the header aside.' }),
      valid: Type.Integer({ description: 'Rows validation found nothing wrong with.' }),
      errors: Type.Integer({ description: 'Rows with errors (not imported).' }),
      created: Type.Integer(),
      updated: Type.Integer(),
      unchanged: Type.Integer(),
      refused: Type.Integer({
        description: 'Rows of an asset whose certificate was issued: request a correction.',
      }),
      processed: Type.Integer({ description: 'Rows the import has done so far.' }),
    }),
    failure: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    started_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    finished_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  {
    additionalProperties: false,
    description: 'A spreadsheet import and its progress (docs/inventory.md, "Import").',
  },
);
export type ImportRecordType = Static<typeof ImportRecord>;

export const ImportListQuery = Type.Object({
  limit: PageLimit('Imports'),
  cursor: PageCursor('The `next_cursor` of the previous page.'),
});

export const ImportPage = Page(ImportRecord, { dataDescription: 'Newest first.' });
export type ImportPageType = Static<typeof ImportPage>;

const ImportError = Type.Object(
  {
    row: Type.Integer({ description: 'The row as the spreadsheet numbers it: the header is row 1.' }),
    column: Type.Union([Type.String(), Type.Null()], {
      description: 'The column’s header; null for the row as a whole.',
    }),
    code: Type.String({
      description: 'The error code (docs/errors.md), or `failed` for a row the database refused.',
    }),
    message: Type.String({ description: 'What is wrong, as the API says it for a create or an update.' }),
  },
  { additionalProperties: false },
);

export const ImportErrorsPage = Page(ImportError, { dataDescription: 'By row.' });
export type ImportErrorsPageType = Static<typeof ImportErrorsPage>;

export const ImportStartBody = Type.Object(
  {
    only_valid: Type.Optional(
      Type.Boolean({
        description: 'Import the valid rows of an import with errors; without it such an import is 409.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ImportMappingBody = Type.Object({ mapping: ImportMapping }, { additionalProperties: false });

/** The ZIP's images are public or private as an upload's are: `public` for all of them, private by default. */
export const ImportMediaQuery = Type.Pick(UploadQuery, ['public']);

export const ImportMediaUpload = Type.Object(
  {
    import: ImportRecord,
    files: Type.Array(
      Type.Object(
        {
          file: Type.String({ description: 'The file’s path in the ZIP.' }),
          kept: Type.Boolean({ description: 'The media rules took it: rows naming it attach it.' }),
          code: Type.Union([Type.String(), Type.Null()], {
            description: 'Why it was refused (the code an upload of it would get); null when kept.',
          }),
          message: Type.Union([Type.String(), Type.Null()], { description: 'The refusal’s sentence.' }),
        },
        { additionalProperties: false },
      ),
      {
        description:
          'Each file of the ZIP that may be an image (directories, `__MACOSX/` and hidden files left aside), in the ZIP’s order.',
      },
    ),
  },
  { additionalProperties: false, description: 'The import, validating again, and what became of each file.' },
);
export type ImportMediaUploadType = Static<typeof ImportMediaUpload>;
