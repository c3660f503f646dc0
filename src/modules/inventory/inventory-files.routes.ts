import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import { authenticateApiKey, checkPlanetParam, requirePrincipal } from '../../plugins/auth.js';
import { enforceRateLimit } from '../../plugins/rate-limit.js';
import type { PlanetId } from '../../planets/planets.js';
import { PlanetParams } from '../assets/assets.schemas.js';
import { exportFormats, exportStream, exportTable, type ExportFormat } from './inventory-export.service.js';
import { ExportBytes, ExportQuery } from './inventory.schemas.js';

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

/** GET /files/v1/exports/{planet}: the calling account's assets as a spreadsheet (docs/inventory.md). */
export async function inventoryFileRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', authenticateApiKey);
  app.addHook('onRequest', enforceRateLimit);

  app.get(
    '/exports/:planet',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags: ['inventory'],
        operationId: 'exportAssets',
        summary: "Export the calling account's assets as CSV or XLSX",
        description:
          "The calling account's own assets of the planet, with the asset list's filters (`status`, `certificate_status`, `created_after`, `created_before`, `q`, `inventory_number`), newest first, streamed: the service holds a thousand rows at a time whatever the size. Columns: `certificate_number`, `inventory_number`, `title`, the planet's fields in their declared order, every other stored field by name, then `certificate_status`, `status`, `created_at`, `updated_at`, `public_page_url` (for a certificate that was issued) and `id`. A number stays a number in XLSX; a nested value is written as its JSON. In CSV (UTF-8 with a byte-order mark, CRLF), a text cell that starts with =, +, -, @, a tab or a carriage return gets an apostrophe before it, so no spreadsheet runs it as a formula; an import takes it off.",
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
}
