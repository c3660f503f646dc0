import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sqlText, type Sql } from '../../src/db/database.js';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { form, FORM } from '../admin/admin-helpers.js';
import { useTestContext } from '../helpers/test-app.js';
import { joinedMember } from '../members/member-helpers.js';

const context = useTestContext();

/** The statements the app sends while `run` runs (the app's own database, its query written down). */
async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const db = context.app.db;
  const query = db.query.bind(db);
  const statements: string[] = [];
  db.query = (sql: Sql, params?: readonly unknown[]) => {
    statements.push(sqlText(sql));
    return query(sql, params);
  };
  try {
    await run();
  } finally {
    db.query = query;
  }
  return statements;
}

describe('the console asset page', () => {
  it('reads the asset once per view: its hand-over panel is told of the asset read, not of its id', async () => {
    const accountId = (await createAccount(context.db, { name: 'Gallery Statements' })).id;
    const owner = await joinedMember(
      context.app,
      context.db,
      accountId,
      `statements-${randomUUID().slice(0, 8)}@example.com`,
    );
    const created = await context.app.inject({
      method: 'POST',
      url: '/console/assets/artworks/new',
      headers: { ...FORM, cookie: owner.cookie },
      payload: form({ _csrf: owner.csrf, title: 'Water Lilies', artist: 'Claude Monet', year: '1916' }),
    });
    expect(created.statusCode).toBe(303);
    const url = String(created.headers.location);
    // The first view shows (and clears) the notice of the registration: the view counted is a plain one.
    await context.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });

    let body = '';
    const statements = await statementsDuring(async () => {
      const page = await context.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
      expect(page.statusCode).toBe(200);
      body = page.body;
    });

    expect(body).toContain('Water Lilies');
    const assetReads = statements.filter((text) =>
      /^SELECT id, planet, title, account_id\b/.test(text.trim()),
    );
    // Was 3 (17 statements a view): the hand-over panel read it again for its holder and for its provenance.
    expect(assetReads).toHaveLength(1);
  });
});
