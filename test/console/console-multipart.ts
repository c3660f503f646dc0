import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A file part of a form: its field name, the browser's file name and declared type, and the bytes. */
export interface FormFile {
  field: string;
  name: string;
  type: string;
  bytes: Buffer;
}

/**
 * A multipart form as a browser sends the console's upload forms: the CSRF token first (when given), then the
 * fields, then the files.
 */
export function postMultipart(
  app: FastifyInstance,
  url: string,
  member: { cookie: string; csrf?: string },
  files: readonly FormFile[],
  fields: Record<string, string> = {},
) {
  const boundary = `----avs${randomUUID()}`;
  const parts: Buffer[] = [];
  const field = (name: string, value: string) =>
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (member.csrf !== undefined) field('_csrf', member.csrf);
  for (const [name, value] of Object.entries(fields)) field(name, value);
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return app.inject({
    method: 'POST',
    url,
    headers: { cookie: member.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}
