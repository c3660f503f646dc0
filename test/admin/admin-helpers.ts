import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { postSignInForm } from '../helpers/sign-in-forms.js';
import type { Database } from '../../src/db/database.js';
import { createAdminUser } from '../../src/modules/admin/auth/admin-users.service.js';
import { appendEvent } from '../../src/modules/chain/history-events.service.js';

export const ADMIN_PASSWORD = 'correct horse battery staple';

let adminCounter = 0;

export async function createAdmin(
  db: Database,
  email = `admin${++adminCounter}-${randomUUID().slice(0, 8)}@example.com`,
) {
  return createAdminUser(db, { email, password: ADMIN_PASSWORD });
}

export function form(fields: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
  }
  return params.toString();
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Logs in through the form; returns the cookie header and the session's CSRF token. */
export async function logIn(
  app: FastifyInstance,
  email: string,
  options: { remoteAddress?: string } = {},
): Promise<{ cookie: string; csrfToken: string }> {
  const response = await postSignInForm(app, {
    url: '/admin/login',
    fields: { email, password: ADMIN_PASSWORD },
    remoteAddress:
      options.remoteAddress ?? `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (response.statusCode !== 303) throw new Error(`log-in failed: ${response.statusCode} ${response.body}`);
  const setCookie = String(response.headers['set-cookie']);
  const cookie = setCookie.split(';', 1)[0]!;
  const session = await app.inject({ method: 'GET', url: '/admin/api/session', headers: { cookie } });
  return { cookie, csrfToken: session.json<{ csrf_token: string }>().csrf_token };
}

/** A freshly registered asset (pending certificate, draft status, CREATED event), as the v1 API makes one. */
export async function createPendingAsset(
  db: Database,
  accountId: string,
  options: { planet?: string; title?: string; attributes?: Record<string, unknown> } = {},
): Promise<{ id: string; planet: string; certificateNumber: string }> {
  const planet = options.planet ?? 'artworks';
  return db.transaction(async (tx) => {
    const id = randomUUID();
    const { rows } = await tx.query<{ certificate_number: string }>(
      `INSERT INTO assets (id, planet, title, account_id, certificate_number, attributes, created_by, updated_by)
       VALUES ($1, $2, $3, $4, generate_certificate_number($2), $5, $4, $4)
       RETURNING certificate_number`,
      [id, planet, options.title ?? 'Untitled', accountId, options.attributes ?? {}],
    );
    await tx.query('SELECT id FROM assets WHERE planet = $1 AND id = $2 FOR UPDATE', [planet, id]);
    await appendEvent(tx, {
      assetId: id,
      planet,
      eventType: 'CREATED',
      payload: { source: 'cli' },
      actorAccountId: accountId,
    });
    return { id, planet, certificateNumber: rows[0]!.certificate_number };
  });
}
