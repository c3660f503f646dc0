import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileSize } from '../../errors/people-units.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import { authenticateApiKey, checkPlanetParam, requirePrincipal } from '../../plugins/auth.js';
import { enforceRateLimit } from '../../plugins/rate-limit.js';
import type { PlanetId } from '../../planets/planets.js';
import { PlanetParams } from '../assets/assets.schemas.js';
import { exportFormats, exportStream, exportTable, type ExportFormat } from './inventory-export.service.js';
import { ExportBytes, ExportQuery } from './inventory.schemas.js';
import { importLimits, importTypes, type ImportFormat } from './import-file.js';
import { mediaZipLimits } from './import-images.js';
import {
  ImportMediaQuery,
  ImportMediaUpload,
  ImportParams,
  ImportRecord,
  ImportUploadQuery,
  type ImportParamsType,
} from './imports.schemas.js';
import { checkImportTakesMedia, uploadImport, uploadImportMedia } from './imports.service.js';
import { AppError } from '../../errors/error-catalogue.js';

const ZIP = 'application/zip';

/** The mapping of an upload's query string: JSON of header → field (or null). */
function mappingOf(text: string | undefined): Record<string, string | null> | undefined {
  if (text === undefined) return undefined;
  let mapping: unknown;
  try {
    mapping = JSON.parse(text);
  } catch {
    mapping = undefined;
  }
  const valid =
    mapping !== null &&
    typeof mapping === 'object' &&
    !Array.isArray(mapping) &&
    Object.values(mapping).every(
      (field) => field === null || (typeof field === 'string' && field.length > 0),
    );
  if (!valid)
    throw new AppError('validation_failed', 'wrong_type', {
      field: 'mapping',
      type: 'a JSON object of header → field name or null',
    });
  return mapping as Record<string, string | null>;
}

/** The format a request asks for: `format=` first, then Accept, else CSV. */
function chosenFormat(format: ExportFormat | undefined, accept: string | undefined): ExportFormat {
  if (format) return format;
  return accept?.includes(exportFormats.xlsx) ? 'xlsx' : 'csv';
}

/** Sends an export as a download named after the planet and the day. */
export async function sendExport(
  reply: FastifyReply,
  table: Awaited<ReturnType<typeof exportTable>>,
  format: ExportFormat,
  planet: PlanetId,
): Promise<FastifyReply> {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type(exportFormats[format])
    .header('content-disposition', `attachment; filename="${planet}-${day}.${format}"`)
    .header('cache-control', 'private, no-store')
    .header('vary', 'Accept')
    .send(exportStream(table, format, planet));
}

/**
 * GET /files/v1/exports/{planet}: the calling account's assets as a spreadsheet; POST /files/v1/imports/{planet}: a
 * spreadsheet to import (docs/inventory.md).
 */
export async function inventoryFileRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', authenticateApiKey);
  app.addHook('onRequest', enforceRateLimit);
  app.addContentTypeParser(
    Object.values(importTypes),
    { parseAs: 'buffer', bodyLimit: importLimits.fileBytes },
    (_request, body, done) => done(null, body),
  );
  app.addContentTypeParser(
    ZIP,
    { parseAs: 'buffer', bodyLimit: mediaZipLimits.zipBytes },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/exports/:planet',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags: ['inventory'],
        operationId: 'exportAssets',
        summary: "Export the calling account's assets as CSV or XLSX",
        description:
          "The calling account's own assets of the planet, with the asset list's filters (`status`, `certificate_status`, `created_after`, `created_before`, `q`, `inventory_number`), newest first, streamed: the service holds a hundred rows at a time whatever the size. Columns: `certificate_number`, `inventory_number`, `title`, the planet's fields in their declared order, every other stored field by name, then `certificate_status`, `status`, `created_at`, `updated_at`, `public_page_url` (for a certificate that was issued) and `id`. A number stays a number in XLSX; a nested value is written as its JSON. In CSV (UTF-8 with a byte-order mark, CRLF), a text cell that starts with =, +, -, @, a tab or a carriage return gets an apostrophe before it, so no spreadsheet runs it as a formula; an import takes it off.",
        params: PlanetParams,
        querystring: ExportQuery,
        response: {
          200: {
            description: 'The spreadsheet, as an attachment.',
            content: Object.fromEntries(
              Object.values(exportFormats).map((type) => [type, { schema: ExportBytes }]),
            ),
          },
          ...errorResponses([400], {
            descriptions: {
              400: 'A filter value that is not allowed, or a format other than csv and xlsx (validation_failed); invalid_planet; planet_scope_mismatch.',
            },
          }),
        },
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const planet = request.params.planet;
      const table = await exportTable(app.db, app.config, requirePrincipal(request), planet, filters);
      return sendExport(reply, table, chosenFormat(format, request.headers.accept), planet);
    },
  );

  app.post(
    '/imports/:planet',
    {
      preValidation: checkPlanetParam,
      bodyLimit: importLimits.fileBytes,
      schema: {
        tags: ['inventory'],
        operationId: 'uploadImport',
        summary: 'Upload a spreadsheet to import',
        description:
          "A CSV (`text/csv`, UTF-8 with or without a byte-order mark, comma or semicolon, quoted cells may hold line breaks) or an XLSX workbook (its first sheet). The first row names the columns: the API field names, or the fields' labels in English, French, German, Italian or Japanese, case and spaces aside; `mapping` names others. Columns an export writes that the service keeps itself (`certificate_number`, `certificate_status`, `status`, `created_at`, `updated_at`, `public_page_url`, `id`) are left aside; any other column is a pass-through field. Answers 202 with the import, `validating`: each row is checked as a create (or, for a pending asset of the same `inventory_number`, an update) would be. Nothing is written to the assets before `POST /api/v1/imports/{id}/start`.",
        params: PlanetParams,
        querystring: ImportUploadQuery,
        body: {
          content: {
            [importTypes.csv]: { schema: { description: 'The CSV file.' } },
            [importTypes.xlsx]: { schema: { description: 'The XLSX workbook.' } },
          },
        },
        response: {
          202: ImportRecord,
          ...errorResponses([400, 413, 415], {
            descriptions: {
              400: 'A file that is not a spreadsheet, without a header, with too many rows, a workbook too large unpacked, or a bad mapping (import_file_unreadable); invalid_planet; planet_scope_mismatch.',
              413: 'A file over its size limit (payload_too_large).',
              415: 'A Content-Type other than text/csv and the XLSX media type.',
            },
          }),
        },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError('unsupported_media_type', 'media_types', { expected: Object.values(importTypes) });
      const contentType = request.headers['content-type'] ?? '';
      const format: ImportFormat = contentType.startsWith(importTypes.xlsx) ? 'xlsx' : 'csv';
      const record = await uploadImport(app.db, requirePrincipal(request), request.params.planet, {
        bytes: request.body,
        format,
        mapping: mappingOf(request.query.mapping),
      });
      app.importWorker.nudge();
      return reply.code(202).send(record);
    },
  );

  app.post(
    '/imports/:id/media',
    {
      bodyLimit: mediaZipLimits.zipBytes,
      // The import and its state are checked before the ZIP is read: a refusal never reads it.
      preParsing: async (request: FastifyRequest<{ Params: ImportParamsType }>) =>
        checkImportTakesMedia(app.db, requirePrincipal(request), request.params.id),
      schema: {
        tags: ['inventory'],
        operationId: 'uploadImportMedia',
        summary: 'Upload a ZIP of the images an import’s rows name',
        description: `A ZIP (\`application/zip\`, up to ${fileSize(mediaZipLimits.zipBytes)}) of the images named by the import's file-name column (\`images\`, \`image\`, \`image_file\`, \`photo\` or the column's label in the five languages; several names in a cell separated by \`;\` or \`|\`), while the import is \`validating\` or \`ready\`. Its directory is read first: more than ${mediaZipLimits.entries} files, or more than ${fileSize(mediaZipLimits.unpackedBytes)} once unpacked, is refused before anything is unpacked, and no file unpacks past the size it declares. Directories, \`__MACOSX/\` and hidden files are left aside; a file matches a row's name by its base name, case aside. Each file goes through the rules of an upload (\`POST /files/v1/assets/{planet}/{id}/media\`): at most \`AVS_MEDIA_MAX_BYTES\`, its type read from its bytes (JPEG, PNG, WebP, TIFF, HEIC where readable; no PDF), its pixels against \`AVS_MEDIA_MAX_PIXELS\`, scaled and encoded again without its metadata. A file of a name sent before replaces it. The import is validated again: a row naming a file no ZIP holds, or one the rules refused, has an \`import_image_unusable\` error in that column. When the import runs, each row's images are attached to its asset in the row's transaction, as the media API adds them (a \`MEDIA_ADDED\` history event each); an image the asset already has is not added twice. The images are deleted when the import ends.`,
        params: ImportParams,
        querystring: ImportMediaQuery,
        body: { content: { [ZIP]: { schema: { description: 'The ZIP archive.' } } } },
        response: {
          202: ImportMediaUpload,
          ...errorResponses([400, 404, 409, 413, 415], {
            descriptions: {
              400: 'Not a ZIP, or more files or unpacked bytes than allowed (import_file_unreadable).',
              404: 'import_not_found',
              409: 'The import has started or ended (import_not_changeable).',
              413: 'A ZIP over its size limit (payload_too_large).',
              415: 'A Content-Type other than application/zip.',
            },
          }),
        },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body) || !(request.headers['content-type'] ?? '').startsWith(ZIP))
        throw new AppError('unsupported_media_type', 'media_types', { expected: [ZIP] });
      const answer = await uploadImportMedia(
        app.db,
        requirePrincipal(request),
        request.params.id,
        request.body,
        {
          public: request.query.public ?? false,
          maxBytes: app.config.AVS_MEDIA_MAX_BYTES,
          decoder: app.imageDecoder,
        },
      );
      app.importWorker.nudge();
      return reply.code(202).send(answer);
    },
  );
}
