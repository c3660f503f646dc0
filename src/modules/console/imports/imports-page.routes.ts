import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { AppError } from '../../../errors/error-catalogue.js';
import { currentLanguage, inLanguage } from '../../../i18n/request-language.js';
import type { Queryable } from '../../../db/database.js';
import type { PlanetId } from '../../../planets/planets.js';
import { commitChange } from '../../../plugins/commit-change.js';
import { jsonErrorHandler } from '../../../plugins/error-handler.js';
import { importLimits, importTypes, type ImportFormat } from '../../inventory/import-file.js';
import { exportFormats, exportStream } from '../../inventory/inventory-export.service.js';
import {
  cancelImport,
  firstImportRows,
  getImport,
  listImportProblems,
  listImports,
  startImport,
  uploadImport,
} from '../../inventory/imports.service.js';
import { PlanetParams, planetOf } from '../assets/asset-route-parts.js';
import { memberPrincipal } from '../shell/console-auth.js';
import {
  afterForm,
  FormBody,
  IdParams,
  pageRoute,
  redirectWithFlash,
  refusal,
  sendConsolePage,
  type PageAnswer,
} from '../shell/console-page.helpers.js';
import type { ConsoleFrame } from '../shell/console-layout.views.js';
import { readMultipartForm, uploadRoute, uploadRoutes } from '../shell/console-uploads.js';
import { text } from '../text/index.js';
import { importProblemSentence } from './import-problems.js';
import {
  importPage,
  importPaths,
  importProgress,
  importRunning,
  importUploadPage,
} from './imports-page.views.js';

const words = text.imports;
const RECENT_IMPORTS = 10;
const FIRST_ROWS = 5;
const PROBLEMS_SHOWN = 100;
/** Problems read at a time for the CSV: it is written as it is read. */
const PROBLEMS_PER_READ = 1000;

const MoveBody = Type.Object({
  ...FormBody.properties,
  only_valid: Type.Optional(Type.String({ maxLength: 10 })),
});

/** The format of an uploaded file: an .xlsx name or the XLSX type is a workbook, anything else is read as CSV. */
function formatOf(file: { filename: string; mimetype: string }): ImportFormat {
  return /\.xlsx$/i.test(file.filename) || file.mimetype === importTypes.xlsx ? 'xlsx' : 'csv';
}

/**
 * The Import pages (docs/console.md, docs/inventory.md): /console/assets/{planet}/import uploads a spreadsheet and
 * lists the account's recent imports; /console/imports/{id} shows one, starts or cancels it, follows its progress
 * (`…/progress`, JSON for the page's script) and gives its problems as CSV. Editors and owners only: an import
 * registers works. Everything goes through the import service, as the API's routes do.
 */
export async function importPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  const showUploadPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    planet: PlanetId,
    answer: PageAnswer = {},
  ) => {
    const recent = await listImports(db, memberPrincipal(request), { limit: RECENT_IMPORTS });
    return sendConsolePage(
      request,
      reply,
      (frame) => importUploadPage({ ...frame, planet, imports: recent.data }),
      answer,
    );
  };

  /** The import's page for its id, read (the record, its first rows and its first problems), to draw in a frame. */
  const loadImportPage = async (request: FastifyRequest, id: string) => {
    const principal = memberPrincipal(request);
    const record = await getImport(db, principal, id);
    const [firstRows, problems] = await Promise.all([
      firstImportRows(db, principal, id, FIRST_ROWS),
      listImportProblems(db, principal, id, { limit: PROBLEMS_SHOWN }),
    ]);
    return (frame: ConsoleFrame) =>
      importPage({
        ...frame,
        record,
        firstRows,
        problems: { data: problems.data, hasMore: problems.has_more },
      });
  };
  const importPageOf = (request: FastifyRequest, id: string) => async (frame: ConsoleFrame) =>
    (await loadImportPage(request, id))(frame);

  app.get<{ Params: Static<typeof PlanetParams> }>(
    '/assets/:planet/import',
    pageRoute('editor', { params: PlanetParams }),
    async (request, reply) => showUploadPage(request, reply, planetOf(request.params)),
  );

  await uploadRoutes(app, (uploads) => {
    uploads.post<{ Params: Static<typeof PlanetParams> }>(
      '/assets/:planet/import',
      uploadRoute('editor', importLimits.fileBytes, { params: PlanetParams }),
      async (request, reply) => {
        const planet = planetOf(request.params);
        let id: string;
        try {
          const form = await readMultipartForm(request, {
            maxFiles: 1,
            maxFileBytes: importLimits.fileBytes,
          });
          const file = form.files[0];
          if (!file) throw new AppError('validation_failed', 'required', { field: 'file' });
          const record = await uploadImport(db, memberPrincipal(request), planet, {
            bytes: file.bytes,
            format: formatOf(file),
          });
          id = record.id;
        } catch (error) {
          // A forged form is refused outright; a file that cannot be read is said on the page.
          if (error instanceof AppError && error.code === 'csrf_failed') throw error;
          return showUploadPage(request, reply, planet, refusal(error));
        }
        app.importWorker.nudge();
        return redirectWithFlash(request, reply, importPaths.page(id), {
          kind: 'notice',
          message: words.uploaded,
        });
      },
    );
  });

  app.get<{ Params: Static<typeof IdParams> }>(
    '/imports/:id',
    pageRoute('editor', { params: IdParams }),
    async (request, reply) =>
      sendConsolePage(request, reply, await loadImportPage(request, request.params.id)),
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    '/imports/:id/errors.csv',
    pageRoute('editor', { params: IdParams }),
    async (request, reply) => {
      const principal = memberPrincipal(request);
      const { id } = request.params;
      const record = await getImport(db, principal, id);
      const planet = record.planet as PlanetId;
      // The CSV is written after the handler returns: its sentences keep the request's language.
      const language = currentLanguage();
      const columns = words.problemColumns;
      async function* rows() {
        for (let cursor: string | undefined; ;) {
          const page = await listImportProblems(db, principal, id, { limit: PROBLEMS_PER_READ, cursor });
          yield inLanguage(language, () =>
            page.data.map((problem) => [
              problem.row,
              problem.column ?? words.wholeRow,
              importProblemSentence(planet, problem),
            ]),
          );
          if (!page.next_cursor) return;
          cursor = page.next_cursor;
        }
      }
      return reply
        .type(exportFormats.csv)
        .header('content-disposition', `attachment; filename="import-${id}-errors.csv"`)
        .header('cache-control', 'private, no-store')
        .send(
          exportStream(
            { header: [columns.row, columns.column, columns.problem], rows: rows() },
            'csv',
            planet,
          ),
        );
    },
  );

  // Start (the valid rows only when the form says so) and cancel: the service's change, then back to the page.
  const moves = {
    start: {
      notice: () => words.started,
      act: async (tx: Queryable, request: FastifyRequest<{ Body: Static<typeof MoveBody> }>, id: string) => {
        const onlyValid = request.body.only_valid === 'true';
        return startImport(tx, memberPrincipal(request), id, { onlyValid });
      },
    },
    cancel: {
      notice: () => words.cancelled,
      act: async (tx: Queryable, request: FastifyRequest, id: string) =>
        cancelImport(tx, memberPrincipal(request), id),
    },
  };
  for (const [move, { notice, act }] of Object.entries(moves)) {
    app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof MoveBody> }>(
      `/imports/:id/${move}`,
      pageRoute('editor', { params: IdParams, body: MoveBody }),
      async (request, reply) => {
        const { id } = request.params;
        return afterForm(
          request,
          reply,
          async () => {
            await commitChange(request, 200, (tx) => act(tx, request, id));
            app.importWorker.nudge();
          },
          { url: importPaths.page(id), notice: notice() },
          importPageOf(request, id),
        );
      },
    );
  }

  await app.register(async (json) => {
    // Fetched by console.js while the import runs: its refusals are the JSON error body, not a page.
    json.setErrorHandler(jsonErrorHandler);
    json.get<{ Params: Static<typeof IdParams> }>(
      '/imports/:id/progress',
      {
        schema: { hide: true, params: IdParams },
        config: { memberRole: 'editor', memberJson: true },
        // Polled by a script with GET: a HEAD of a JSON route would be a body-less error answer.
        exposeHeadRoute: false,
      },
      async (request) => {
        const record = await getImport(db, memberPrincipal(request), request.params.id);
        return { state: record.state, running: importRunning(record), ...importProgress(record) };
      },
    );
  });
}
