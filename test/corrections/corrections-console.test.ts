import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { form, FORM } from '../admin/admin-helpers.js';
import { issueCertificateForTest } from '../helpers/asset-factory.js';
import { englishOutsideCatalogue, textOfPage } from '../helpers/pseudo-language.js';
import { useTestContext } from '../helpers/test-app.js';
import { joinedMember } from '../members/member-helpers.js';

const context = useTestContext();
const email = () => `corrections-${randomUUID().slice(0, 8)}@example.com`;
const get = (url: string, cookie: string) => context.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, fields: Record<string, string | string[]>) =>
  context.app.inject({ method: 'POST', url, headers: { ...FORM, cookie }, payload: form(fields) });

describe('the console’s “Request a correction”', () => {
  it('an editor asks on an issued asset’s page; the request waits for the operator; a viewer cannot ask', async () => {
    const accountId = (await createAccount(context.db, { name: 'Galerie Nord' })).id;
    const editor = await joinedMember(context.app, context.db, accountId, email(), 'editor');
    const viewer = await joinedMember(context.app, context.db, accountId, email(), 'viewer');
    const created = await post('/console/assets/artworks/new', editor.cookie, {
      _csrf: editor.csrf,
      title: 'Water Lilies',
      artist: 'Claude Monet',
      year: '1916',
      medium: 'Oil on canvas',
    });
    expect(created.statusCode).toBe(303);
    const path = String(created.headers.location);
    const id = path.split('/').at(-1)!;
    const { rows } = await context.db.query<{ certificate_number: string }>(
      'SELECT certificate_number FROM assets WHERE id = $1',
      [id],
    );
    await issueCertificateForTest(context.db, rows[0]!);

    const page = await get(path, editor.cookie);
    expect(page.body).toContain('Request a correction');
    expect(page.body).toContain(`action="${path}/correction"`);
    const pseudo = await get(`${path}?lang=en-XA`, editor.cookie);
    const data = [
      'Water Lilies',
      'Claude Monet',
      'Oil on canvas',
      'Galerie Nord',
      'Asset Verification Service',
    ];
    // The correction's section: every word from the catalogue.
    const section = /<section aria-labelledby="edit-heading">[\s\S]*?<\/section>/.exec(pseudo.body)![0];
    expect(englishOutsideCatalogue(textOfPage(section), data)).toEqual([]);
    expect((await get(path, viewer.cookie)).body).not.toContain(`action="${path}/correction"`);

    const fields = { title: 'Water Lilies', artist: 'Claude Monet', year: '1917', medium: 'Oil on canvas' };
    const refusedViewer = await post(`${path}/correction`, viewer.cookie, {
      _csrf: viewer.csrf,
      ...fields,
      reason: 'Dated again.',
    });
    expect(refusedViewer.statusCode).toBe(403);
    const noReason = await post(`${path}/correction`, editor.cookie, {
      _csrf: editor.csrf,
      ...fields,
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);

    const asked = await post(`${path}/correction`, editor.cookie, {
      _csrf: editor.csrf,
      ...fields,
      reason: 'Dated again by the catalogue raisonné.',
    });
    expect(asked.statusCode, asked.body).toBe(303);
    const after = await get(path, editor.cookie);
    expect(after.body).toContain('Correction requested: the operator will answer.');
    expect(after.body).toContain('data-correction-open');

    const { rows: requests } = await context.db.query<{
      fields: Record<string, unknown>;
      requested_by: unknown;
    }>(`SELECT fields, requested_by FROM certificate_corrections WHERE asset_id = $1`, [id]);
    expect(requests).toEqual([
      { fields: { year: 1917 }, requested_by: { source: 'console', member_id: editor.memberId } },
    ]);
    // Nothing changes before the operator answers.
    const { rows: asset } = await context.db.query<{ attributes: Record<string, unknown> }>(
      'SELECT attributes FROM assets WHERE id = $1',
      [id],
    );
    expect(asset[0]!.attributes).toMatchObject({ year: 1916 });
  });
});
