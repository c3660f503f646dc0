import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { sendChange } from '../../plugins/commit-change.js';
import {
  ImportErrorsPage,
  ImportListQuery,
  ImportMappingBody,
  ImportPage,
  ImportParams,
  ImportRecord,
  ImportStartBody,
} from './imports.schemas.js';
import {
  cancelImport,
  changeImportMapping,
  getImport,
  listImportErrors,
  listImports,
  startImport,
} from './imports.service.js';

const tags = ['inventory'];

/** /api/v1/imports: an import's record, its progress and its errors; start, cancel, a new mapping (docs/inventory.md). */
export async function importRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/imports',
    {
      schema: {
        tags,
        operationId: 'listImports',
        summary: "List the account's imports",
        description: 'The calling account’s spreadsheet imports, newest first, paged (`limit`, `cursor`).',
        querystring: ImportListQuery,
        response: { 200: ImportPage, ...errorResponses([400]) },
      },
    },
    async (request) => listImports(app.db, requirePrincipal(request), request.query),
  );

  app.get(
    '/imports/:id',
    {
      schema: {
        tags,
        operationId: 'getImport',
        summary: 'Get an import and its progress',
        description:
          'The import’s state (`validating` → `ready` → `importing` → `done`; `failed` or `cancelled`), its columns with the fields they fill, and its counts. Poll it for the progress; the errors by row are at `/imports/{id}/errors`.',
        params: ImportParams,
        response: {
          200: ImportRecord,
          ...errorResponses([404], { descriptions: { 404: 'import_not_found' } }),
        },
      },
    },
    async (request) => getImport(app.db, requirePrincipal(request), request.params.id),
  );

  app.get(
    '/imports/:id/errors',
    {
      schema: {
        tags,
        operationId: 'listImportErrors',
        summary: 'List the errors of an import by row',
        description:
          'Each problem with its row (as the spreadsheet numbers it: the header is row 1), its column’s header and the sentence the API says for a create or an update; then rows refused (an issued certificate: request a correction) or failed while importing. Paged by row (`limit`, `cursor`).',
        params: ImportParams,
        querystring: ImportListQuery,
        response: {
          200: ImportErrorsPage,
          ...errorResponses([400, 404], { descriptions: { 404: 'import_not_found' } }),
        },
      },
    },
    async (request) => listImportErrors(app.db, requirePrincipal(request), request.params.id, request.query),
  );

  app.post(
    '/imports/:id/start',
    {
      schema: {
        tags,
        operationId: 'startImport',
        summary: 'Start a ready import',
        description:
          'Imports the rows in the background, a batch per transaction: new inventory numbers (or none) are created as `POST /assets/{planet}` creates them (with their `asset.created` webhook events), pending assets of a known number are updated with the changed fields as `PATCH` does, identical rows are left unchanged, and rows of an issued certificate are refused. An import with errors starts only with `{"only_valid": true}`.',
        params: ImportParams,
        body: ImportStartBody,
        response: {
          200: ImportRecord,
          ...errorResponses([400, 404, 409], {
            body: true,
            descriptions: {
              404: 'import_not_found',
              409: 'Not ready, or errors without only_valid (import_not_startable).',
            },
          }),
        },
      },
    },
    async (request, reply) => {
      const sent = await sendChange(request, reply, 200, (tx, principal) =>
        startImport(tx, principal, request.params.id, { onlyValid: request.body?.only_valid }),
      );
      app.importWorker.nudge();
      return sent;
    },
  );

  app.post(
    '/imports/:id/cancel',
    {
      schema: {
        tags,
        operationId: 'cancelImport',
        summary: 'Cancel an import',
        description: 'Stops the import before its next batch; the rows already imported stay.',
        params: ImportParams,
        response: {
          200: ImportRecord,
          ...errorResponses([404, 409], {
            descriptions: { 404: 'import_not_found', 409: 'The import has ended (import_not_changeable).' },
          }),
        },
      },
    },
    async (request, reply) =>
      sendChange(request, reply, 200, (tx, principal) => cancelImport(tx, principal, request.params.id)),
  );

  app.put(
    '/imports/:id/mapping',
    {
      schema: {
        tags,
        operationId: 'mapImportColumns',
        summary: 'Change which field each column fills',
        description:
          'A new mapping (header → field, null to leave a column aside) for a `ready` import (one being validated or started no longer takes one): it is validated again (`validating`, then `ready`).',
        params: ImportParams,
        body: ImportMappingBody,
        response: {
          200: ImportRecord,
          ...errorResponses([400, 404, 409], {
            body: true,
            descriptions: {
              400: 'A header the file does not have, or two columns for one field (import_file_unreadable).',
              404: 'import_not_found',
              409: 'The import is not ready: being validated, started or ended (import_not_changeable).',
            },
          }),
        },
      },
    },
    async (request, reply) => {
      const sent = await sendChange(request, reply, 200, (tx, principal) =>
        changeImportMapping(tx, principal, request.params.id, request.body.mapping),
      );
      app.importWorker.nudge();
      return sent;
    },
  );
}
