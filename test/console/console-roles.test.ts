import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { listConsoleRoutes, type ConsoleRoute } from '../../src/modules/console/shell/console-auth.js';
import { roleReaches, type MemberRole } from '../../src/modules/members/member-roles.js';
import { startMemberSession } from '../../src/modules/members/member-sessions.service.js';
import { form, FORM } from '../admin/admin-helpers.js';
import { useTestContext } from '../helpers/test-app.js';
import { csrfOf, joinedMember } from '../members/member-helpers.js';

const context = useTestContext();

type Caller = 'no session' | MemberRole;
const CALLERS: readonly Caller[] = ['no session', 'viewer', 'editor', 'owner'];
const FORBIDDEN_PAGE = 'Your role in this account does not allow this';

/** What the role gate must answer: open, the sign-in page, the forbidden page, or let the route answer. */
type Expected = 'open' | 'to sign-in' | 'forbidden_role' | 'through the gate';

function expectedOf(route: ConsoleRoute, caller: Caller): Expected {
  if (route.memberRole === 'none') return 'open';
  if (caller === 'no session') return 'to sign-in';
  return roleReaches(caller, route.memberRole) ? 'through the gate' : 'forbidden_role';
}

/** The route's URL with a placeholder in each parameter: the route's own checks may answer 400 or 404. */
function placeholderUrl(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, randomUUID());
}

// Every route × every caller, generated from the routes the app declared: a new route is covered as it lands.
const personOf = new Map<MemberRole, string>();
let accountId: string;
let table: { route: ConsoleRoute; caller: Caller; expected: Expected }[];

beforeAll(async () => {
  accountId = (await createAccount(context.db, { name: 'Roles Gallery' })).id;
  for (const role of ['owner', 'editor', 'viewer'] as const) {
    const { memberId } = await joinedMember(
      context.app,
      context.db,
      accountId,
      `${role}-${randomUUID()}@example.com`,
      role,
    );
    const { rows } = await context.db.query<{ person_id: string }>(
      'SELECT person_id FROM account_members WHERE id = $1',
      [memberId],
    );
    personOf.set(role, rows[0]!.person_id);
  }
  table = listConsoleRoutes(context.app).flatMap((route) =>
    CALLERS.map((caller) => ({ route, caller, expected: expectedOf(route, caller) })),
  );
});

/** A fresh session per case: some routes end the session (sign-out) or change it (switch). */
async function sessionOf(caller: Caller): Promise<{ cookie?: string; csrf?: string }> {
  if (caller === 'no session') return {};
  const { token } = await startMemberSession(context.db, personOf.get(caller)!, accountId);
  const cookie = `avs_member_session=${token}`;
  return { cookie, csrf: await csrfOf(context.app, cookie) };
}

describe('the roles table', () => {
  it('covers every /console route for every caller, and every route declares its role', () => {
    const routes = listConsoleRoutes(context.app);
    expect(routes.length).toBeGreaterThan(10);
    expect(table).toHaveLength(routes.length * CALLERS.length);
    for (const route of routes) expect(['none', 'viewer', 'editor', 'owner']).toContain(route.memberRole);
    // The owner's pages are in the table, at the owner's role.
    for (const url of ['/console/members', '/console/keys', '/console/audit']) {
      expect(routes).toContainEqual({ method: 'GET', url, memberRole: 'owner', json: false });
    }
    // Printing is reading: a viewer prints certificates and label sheets.
    for (const url of [
      '/console/assets/:planet/:id/certificate',
      '/console/assets/:planet/:id/certificate.pdf',
      '/console/labels',
      '/console/labels/sheet',
      '/console/labels.pdf',
    ]) {
      expect(routes).toContainEqual({ method: 'GET', url, memberRole: 'viewer', json: false });
    }
    // The home, transfers and watch-list: read by every member, changed by editors.
    for (const url of ['/console', '/console/transfers', '/console/watchlist']) {
      expect(routes).toContainEqual({ method: 'GET', url, memberRole: 'viewer', json: false });
    }
    for (const url of [
      '/console/transfers/:id/accept',
      '/console/transfers/:id/decline',
      '/console/transfers/:id/cancel',
      '/console/watchlist',
      '/console/watchlist/:id/remove',
    ]) {
      expect(routes).toContainEqual({ method: 'POST', url, memberRole: 'editor', json: false });
    }
    // The asset pages: viewers read, editors act (the upload is the one multipart form).
    const assetRoutes: [string, string, MemberRole][] = [
      ['GET', '/console/assets', 'viewer'],
      ['GET', '/console/assets/:planet', 'viewer'],
      ['GET', '/console/assets/:planet/export', 'viewer'],
      ['GET', '/console/assets/:planet/new', 'editor'],
      ['POST', '/console/assets/:planet/new', 'editor'],
      ['GET', '/console/assets/:planet/:id', 'viewer'],
      ['POST', '/console/assets/:planet/:id/edit', 'editor'],
      ['GET', '/console/assets/:planet/:id/media/:media_id', 'viewer'],
      ['POST', '/console/assets/:planet/:id/media', 'editor'],
      ['POST', '/console/assets/:planet/:id/media/:media_id/remove', 'editor'],
      ['POST', '/console/assets/:planet/:id/alerts', 'editor'],
      ['POST', '/console/assets/:planet/:id/alerts/:alert_id/resolve', 'editor'],
      ['POST', '/console/assets/:planet/:id/transfer', 'editor'],
      ['POST', '/console/assets/:planet/:id/transfer/:transfer_id/cancel', 'editor'],
    ];
    for (const [method, url, memberRole] of assetRoutes) {
      expect(routes).toContainEqual({ method, url, memberRole, json: false });
    }
    // The Import pages (docs/console.md): an import registers works, so every one of them is an editor's.
    const importRoutes: [string, string, boolean][] = [
      ['GET', '/console/assets/:planet/import', false],
      ['POST', '/console/assets/:planet/import', false],
      ['GET', '/console/imports/:id', false],
      ['GET', '/console/imports/:id/errors.csv', false],
      ['GET', '/console/imports/:id/progress', true],
      ['POST', '/console/imports/:id/start', false],
      ['POST', '/console/imports/:id/cancel', false],
    ];
    for (const [method, url, json] of importRoutes) {
      expect(routes).toContainEqual({ method, url, memberRole: 'editor', json });
    }
    // Hand-overs (docs/console.md, "Hand-overs"): every member reads who holds an object and the consignments
    // offered; only editors and owners hand over, consign, cancel, answer a consignment or download a card.
    const handoverRoutes: [string, string, MemberRole][] = [
      ['GET', '/console/handovers', 'viewer'],
      ['GET', '/console/handovers/objects/:planet/:id', 'viewer'],
      ['POST', '/console/handovers/objects/:planet/:id/claim', 'editor'],
      ['POST', '/console/handovers/objects/:planet/:id/consign', 'editor'],
      ['POST', '/console/handovers/objects/:planet/:id/proof', 'editor'],
      ['POST', '/console/handovers/offers/:id/card.pdf', 'editor'],
      ['POST', '/console/handovers/offers/:id/cancel', 'editor'],
      ['POST', '/console/handovers/offers/:id/accept', 'editor'],
      ['POST', '/console/handovers/offers/:id/decline', 'editor'],
    ];
    for (const [method, url, memberRole] of handoverRoutes) {
      expect(routes).toContainEqual({ method, url, memberRole, json: false });
    }
    // The developers' corner (docs/console.md): every member reads it; only editors and owners change webhooks.
    const developers = routes.filter((route) => route.url.startsWith('/console/developers'));
    expect(developers.filter((route) => route.method !== 'HEAD')).toHaveLength(10);
    for (const route of developers) {
      const changes = route.method === 'POST' || route.url.endsWith('/disable');
      expect(route, `${route.method} ${route.url}`).toMatchObject({
        memberRole: changes ? 'editor' : 'viewer',
      });
    }
  });

  it('answers each route as its declared role says, a POST carrying a valid CSRF token', async () => {
    const failures: string[] = [];
    for (const { route, caller, expected } of table) {
      const { cookie, csrf } = await sessionOf(caller);
      const post = route.method === 'POST';
      const response = await context.app.inject({
        method: route.method as 'GET' | 'HEAD' | 'POST',
        url: placeholderUrl(route.url),
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(post && !route.json ? FORM : {}),
          ...(post && route.json && csrf ? { 'x-csrf-token': csrf } : {}),
        },
        ...(post ? { payload: route.json ? {} : form(csrf ? { _csrf: csrf } : {}) } : {}),
      });
      const errorCode = route.json ? response.json<{ code?: string }>().code : undefined;
      // A route fetched by script answers the JSON error body where a page route redirects or shows a page.
      const toSignIn = route.json
        ? response.statusCode === 401 && errorCode === 'member_unauthorized'
        : response.statusCode === 303 && response.headers.location === '/console/login';
      // A route that signs out also sends the browser to the sign-in page, but clears the cookie as it does.
      const gateRedirect = toSignIn && !String(response.headers['set-cookie'] ?? '').includes('Expires=');
      // A HEAD answer has the GET's status and headers, and no body to read the page's words in.
      const forbidden =
        response.statusCode === 403 &&
        (route.method === 'HEAD' ||
          (route.json ? errorCode === 'forbidden_role' : response.body.includes(FORBIDDEN_PAGE)));
      const expectedType = route.json ? 'application/json' : 'text/html';
      const ok =
        expected === 'open'
          ? !gateRedirect && !forbidden && response.statusCode < 500
          : expected === 'to sign-in'
            ? toSignIn
            : expected === 'forbidden_role'
              ? forbidden && response.headers['content-type']?.toString().startsWith(expectedType) === true
              : !gateRedirect &&
                !forbidden &&
                ![401, 403].includes(response.statusCode) &&
                response.statusCode < 500;
      if (!ok) {
        failures.push(
          `${route.method} ${route.url} as ${caller}: expected ${expected}, got ${response.statusCode} ${String(response.headers.location ?? '')}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });
});
