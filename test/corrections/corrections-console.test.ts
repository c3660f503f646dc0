import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { form, FORM } from '../admin/admin-helpers.js';
import { issueCertificateForTest } from '../helpers/asset-factory.js';
import { englishOutsideCatalogue, textOfPage } from '../helpers/pseudo-language.js';
import { useTestContext } from '../helpers/test-app.js';
import { joinedMember } from '../members/member-helpers.js';
import { postMultipart, type FormFile } from '../console/console-multipart.js';
import { pngImage } from '../media/media-fixtures.js';

const context = useTestContext();
const email = () => `corrections-${randomUUID().slice(0, 8)}@example.com`;
const get = (url: string, cookie: string) => context.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, fields: Record<string, string | string[]>) =>
  context.app.inject({ method: 'POST', url, headers: { ...FORM, cookie }, payload: form(fields) });
/** The correction form as a browser sends it: multipart, its CSRF token first, then the fields and the images. */
const askCorrection = (
  url: string,
  member: { cookie: string; csrf: string },
  fields: Record<string, string>,
  files: FormFile[] = [],
) => postMultipart(context.app, url, member, files, fields);

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
    expect(page.body).toMatch(/enctype="multipart\/form-data"\s+class="stacked"/);
    expect(page.body).toContain('name="images"');
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
    const refusedViewer = await askCorrection(`${path}/correction`, viewer, {
      ...fields,
      reason: 'Dated again.',
    });
    expect(refusedViewer.statusCode).toBe(403);
    const noReason = await askCorrection(`${path}/correction`, editor, { ...fields, reason: '' });
    expect(noReason.statusCode).toBe(400);
    // A form without its CSRF token first is refused before any file is read.
    const noToken = await postMultipart(
      context.app,
      `${path}/correction`,
      { cookie: editor.cookie },
      [],
      fields,
    );
    expect(noToken.statusCode).toBe(403);

    // A file that is not an image: the form again, the sentence beside the images' field, the typed values kept.
    const reason = 'Dated again by the catalogue raisonné.';
    const text = {
      field: 'images',
      name: 'notes.txt',
      type: 'text/plain',
      bytes: Buffer.from('not an image'),
    };
    const notAnImage = await askCorrection(`${path}/correction`, editor, { ...fields, reason }, [text]);
    expect(notAnImage.statusCode).toBe(400);
    const imagesField = /<div class="field">\s*<label for="correction-images">[\s\S]*?<\/div>/.exec(
      notAnImage.body,
    )![0];
    expect(imagesField).toContain(
      'Public images to add: a file is not a JPEG, PNG, WebP or TIFF image that can be read. Choose it again.',
    );
    expect(notAnImage.body).toContain('value="1917"');
    const stored = async () =>
      (
        await context.db.query<{ requests: string; images: string }>(
          `SELECT (SELECT count(*) FROM certificate_corrections WHERE asset_id = $1) AS requests,
                  (SELECT count(*) FROM certificate_correction_images WHERE asset_id = $1) AS images`,
          [id],
        )
      ).rows[0];
    expect(Number((await stored())!.requests)).toBe(0);
    expect(Number((await stored())!.images)).toBe(0);

    const image = { field: 'images', name: 'detail.png', type: 'image/png', bytes: pngImage(24, 16) };
    const asked = await askCorrection(`${path}/correction`, editor, { ...fields, reason }, [image]);
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
    // The image is held with the request, through the files route's service (scaled, re-encoded: a PNG still).
    const { rows: held } = await context.db.query<{ sha256: string }>(
      'SELECT sha256 FROM certificate_correction_images WHERE asset_id = $1',
      [id],
    );
    expect(held).toHaveLength(1);
    expect(held[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    // Nothing changes before the operator answers.
    const { rows: asset } = await context.db.query<{ attributes: Record<string, unknown> }>(
      'SELECT attributes FROM assets WHERE id = $1',
      [id],
    );
    expect(asset[0]!.attributes).toMatchObject({ year: 1916 });
  });
});
