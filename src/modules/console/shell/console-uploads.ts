import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { AppError } from '../../../errors/error-catalogue.js';
import { secretsMatch } from '../../../lib/secrets.js';
import { CSRF_FIELD } from '../../web-pages/web-sessions.js';
import { memberSession, type ConsoleAccess } from './console-auth.js';
import { pageRoute } from './console-page.helpers.js';

/** What a form with files carries besides them (its CSRF token, its fields): its body's allowance over the files. */
const FORM_FIELDS_BYTES = 64 * 1024;

/**
 * The routes of forms with files, declared by `routes` with uploadRoute's options: @fastify/multipart is registered
 * for them alone, and readMultipartForm reads their forms (the first part the CSRF token), part by part.
 */
export async function uploadRoutes(
  app: FastifyInstance,
  routes: (uploads: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(async (uploads) => {
    await uploads.register(multipart);
    await routes(uploads);
  });
}

/**
 * A page route's options for a form with files: its CSRF token read with the parts, its body at most `fileBytes`
 * and the fields.
 */
export function uploadRoute(memberRole: ConsoleAccess, fileBytes: number, schema: FastifySchema = {}) {
  const page = pageRoute(memberRole, schema);
  return {
    ...page,
    config: { ...page.config, memberMultipart: true },
    bodyLimit: fileBytes + FORM_FIELDS_BYTES,
  };
}

export interface UploadedFile {
  filename: string;
  /** The type the browser declared for the part; the media service reads the real one from the bytes. */
  mimetype: string;
  bytes: Buffer;
}

const MAX_FIELDS = 20;

/**
 * A multipart form of a route declared `memberMultipart`: its first part must be the session's CSRF token (no file is
 * read before it is checked), then its fields and files, each file at most `maxFileBytes` (413) and at most
 * `maxFiles` of them. A file input left empty sends a part with no name and no bytes: it is not a file. With
 * `onFile`, each file is handed to it as soon as it is read and not kept, so a form holds one file at a time.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: {
    maxFiles: number;
    maxFileBytes: number;
    onFile?: (file: UploadedFile) => Promise<void>;
    /** Fields the form may carry (an asset's form has a planet's fields and rows); 20 unless said. */
    maxFields?: number;
  },
): Promise<{
  fields: Record<string, string>;
  /** Every field as sent, a repeated name (checkboxes, rows) as a list: a form body as the URL-encoded one is. */
  body: Record<string, string | string[]>;
  files: UploadedFile[];
}> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', 'media_types', { expected: ['multipart/form-data'] });
  }
  const expected = memberSession(request).csrfToken;
  const fields: Record<string, string> = {};
  const body: Record<string, string | string[]> = {};
  const maxFields = options.maxFields ?? MAX_FIELDS;
  const files: UploadedFile[] = [];
  let checked = false;
  try {
    const parts = request.parts({
      limits: {
        files: options.maxFiles,
        fileSize: options.maxFileBytes,
        fields: maxFields,
        fieldSize: 4000,
        parts: options.maxFiles + maxFields,
      },
    });
    for await (const part of parts) {
      if (!checked) {
        const token = part.type === 'field' && part.fieldname === CSRF_FIELD ? part.value : undefined;
        if (!secretsMatch(token, expected)) throw new AppError('csrf_failed');
        checked = true;
      } else if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.filename === '' && bytes.length === 0) continue;
        const file = { filename: part.filename, mimetype: part.mimetype, bytes };
        if (options.onFile) await options.onFile(file);
        else files.push(file);
      } else {
        const value = String(part.value);
        fields[part.fieldname] = value;
        const before = body[part.fieldname];
        body[part.fieldname] = before === undefined ? value : [before, value].flat();
      }
    }
  } catch (error) {
    throw uploadRefusal(error, options);
  }
  if (!checked) throw new AppError('csrf_failed');
  return { fields, body, files };
}

/** @fastify/multipart's limits, said as the API's upload says them. */
function uploadRefusal(error: unknown, options: { maxFiles: number; maxFileBytes: number }): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('payload_too_large', 'media_limit', { max: options.maxFileBytes });
  }
  if (code === 'FST_FILES_LIMIT') {
    return new AppError('validation_failed', 'breaks_rule', {
      field: 'files',
      rule: `must have at most ${options.maxFiles} files`,
    });
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError('validation_failed');
  return error;
}
