import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { form, FORM } from '../admin/admin-helpers.js';
import { issueCertificateForTest } from '../helpers/asset-factory.js';
import { softwareTagOf, type ProvisioningAnswer } from '../helpers/software-tag.js';
import { useTestContext } from '../helpers/test-app.js';
import { jpegMarkers, jpegWithGps, pdfDocument } from '../media/media-fixtures.js';
import { joinedMember } from '../members/member-helpers.js';
import { postMultipart } from './console-multipart.js';

const context = useTestContext();
let counter = 0;
const email = () => `assets${++counter}-${randomUUID().slice(0, 8)}@example.com`;
const newAccount = async () => (await createAccount(context.db, { name: `Gallery ${++counter}` })).id;
const get = (url: string, cookie: string) => context.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, fields: Record<string, string | string[]>) =>
  context.app.inject({ method: 'POST', url, headers: { ...FORM, cookie }, payload: form(fields) });

type Member = Awaited<ReturnType<typeof joinedMember>>;

/** A multipart upload as a browser sends the page's form: the CSRF token first, then the fields and files. */
function upload(
  url: string,
  member: Member,
  files: { name: string; type: string; bytes: Buffer }[],
  fields: Record<string, string> = {},
) {
  return postMultipart(
    context.app,
    url,
    member,
    files.map((file) => ({ field: 'files', ...file })),
    fields,
  );
}

async function assetRow(id: string) {
  const { rows } = await context.db.query<{
    title: string;
    attributes: Record<string, unknown>;
    certificate_number: string;
    certificate_status: string;
    account_id: string;
  }>(
    'SELECT title, attributes, certificate_number, certificate_status, account_id FROM assets WHERE id = $1',
    [id],
  );
  return rows[0]!;
}

/** An editor registers an artwork through the form; its page's path and id. */
async function createArtwork(editor: Member, fields: Record<string, string | string[]> = {}) {
  const created = await post('/console/assets/artworks/new', editor.cookie, {
    _csrf: editor.csrf,
    title: 'Water Lilies',
    artist: 'Claude Monet',
    year: '1916',
    medium: 'Oil on canvas',
    extra_name: ['provenance', ''],
    extra_value: ['Private collection', ''],
    ...fields,
  });
  expect(created.statusCode).toBe(303);
  const path = String(created.headers.location);
  const id = /^\/console\/assets\/artworks\/([0-9a-f-]{36})$/.exec(path)![1]!;
  return { path, id };
}

describe('/console/assets', () => {
  it('a viewer sees the list but no create button, and gets the 403 page on the create form', async () => {
    const accountId = await newAccount();
    const editor = await joinedMember(context.app, context.db, accountId, email(), 'editor');
    const viewer = await joinedMember(context.app, context.db, accountId, email(), 'viewer');
    await createArtwork(editor);

    expect((await get('/console/assets', viewer.cookie)).headers.location).toBe('/console/assets/artworks');
    const list = await get('/console/assets/artworks', viewer.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Water Lilies');
    expect(list.body).not.toContain('Register an asset');
    expect((await get('/console/assets/artworks', editor.cookie)).body).toContain('Register an asset');

    const form = await get('/console/assets/artworks/new', viewer.cookie);
    expect(form.statusCode).toBe(403);
    expect(form.body).toContain('Your role in this account does not allow this');
    const page = await get(
      (await get('/console/assets/artworks', viewer.cookie)).body.match(
        /href="(\/console\/assets\/artworks\/[0-9a-f-]{36})"/,
      )![1]!,
      viewer.cookie,
    );
    expect(page.statusCode).toBe(200);
    // No forms for a viewer: no edit, upload, report or transfer.
    expect(page.body).not.toContain('enctype="multipart/form-data"');
    expect(page.body).not.toContain('/alerts"');
  });

  it('filters the list as the API does, 50 a page with a next-page link carrying the filters', async () => {
    const accountId = await newAccount();
    const editor = await joinedMember(context.app, context.db, accountId, email(), 'editor');
    await createArtwork(editor, { title: 'Haystacks' });
    await createArtwork(editor, { title: 'Rouen Cathedral' });
    const found = await get(
      '/console/assets/artworks?q=stack&status=&certificate_status=pending',
      editor.cookie,
    );
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain('Haystacks');
    expect(found.body).not.toContain('Rouen Cathedral');
    const none = await get('/console/assets/artworks?certificate_status=issued', editor.cookie);
    expect(none.body).not.toContain('Haystacks');
    const bad = await get('/console/assets/artworks?status=lost', editor.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('is not one of');
    expect((await get('/console/assets/moons', editor.cookie)).statusCode).toBe(400);

    await context.db.query(
      `INSERT INTO assets (id, planet, title, account_id, certificate_number, attributes, created_by, updated_by)
       SELECT gen_random_uuid(), 'artworks', 'Bulk ' || n, $1, generate_certificate_number('artworks'), '{}', $1, $1
       FROM generate_series(1, 55) AS n`,
      [accountId],
    );
    const first = await get('/console/assets/artworks?q=Bulk', editor.cookie);
    expect(first.body.match(/<td data-label="Title">/g)?.length).toBe(50);
    const next = /href="(\/console\/assets\/artworks\?q=Bulk&amp;cursor=[^"]+)" rel="next"/.exec(first.body);
    expect(next).not.toBeNull();
    const second = await get(next![1]!.replace(/&amp;/g, '&'), editor.cookie);
    expect(second.statusCode).toBe(200);
    expect(second.body.match(/<td data-label="Title">/g)?.length).toBe(5);
    expect(second.body).not.toContain('rel="next"');
  });

  it('an editor creates an artwork with typed fields (pending); a bad field is refused on the form, as the API would', async () => {
    const accountId = await newAccount();
    const editor = await joinedMember(context.app, context.db, accountId, email(), 'editor');
    const form = await get('/console/assets/artworks/new', editor.cookie);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<label for="field-year">Year</label>');
    expect(form.body).toContain('A whole number from 0 to 9999.');
    const watchForm = await get('/console/assets/watches/new', editor.cookie);
    expect(watchForm.body).toContain('Case diameter (millimetres)');

    const refused = await post('/console/assets/artworks/new', editor.cookie, {
      _csrf: editor.csrf,
      title: 'Nymphéas',
      year: 'nineteen sixteen',
      extra_name: ['provenance'],
      extra_value: ['Durand-Ruel'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      'Enter the year as a number, e.g. 1975; write ‘ca. 1975’ in Date as written.',
    );
    expect(refused.body).toContain('value="nineteen sixteen"');
    expect(refused.body).toContain('value="Durand-Ruel"');
    const reserved = await post('/console/assets/artworks/new', editor.cookie, {
      _csrf: editor.csrf,
      title: 'Nymphéas',
      extra_name: ['verified'],
      extra_value: ['yes'],
    });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.body).toContain('“verified” is a name the service keeps for its own information');

    const { path, id } = await createArtwork(editor);
    const row = await assetRow(id);
    expect(row).toMatchObject({
      title: 'Water Lilies',
      certificate_status: 'pending',
      account_id: accountId,
    });
    expect(row.attributes).toEqual({
      artist: 'Claude Monet',
      year: 1916,
      medium: 'Oil on canvas',
      provenance: 'Private collection',
    });
    const page = await get(path, editor.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Asset registered: certificate ${row.certificate_number}, pending.`);
    expect(page.body).toContain('badge-pending');
    // The history names the member (by e-mail: this one has no name), each event's hash behind its technical details.
    const { rows } = await context.db.query<{ payload: Record<string, unknown> }>(
      'SELECT payload FROM asset_events WHERE asset_id = $1',
      [id],
    );
    expect(rows[0]!.payload).toMatchObject({ source: 'console', member_id: editor.memberId });
    expect(page.body).toMatch(
      /data-event="CREATED"[\s\S]*?assets\d+-[0-9a-f]{8}@example\.com registered the asset[\s\S]*?<summary>Technical details<\/summary>[\s\S]*?Event hash/,
    );
  });

  it('says what is wrong beside the field, by its label: a year written ‘ca. 1975’ belongs in Date as written', async () => {
    const accountId = await newAccount();
    const editor = await joinedMember(context.app, context.db, accountId, email(), 'editor');
    const form = await get('/console/assets/artworks/new', editor.cookie);
    expect(form.body).toContain('<label for="field-date_text">Date as written</label>');
    expect(form.body).toContain('e.g. ‘ca. 1975’, ‘1970s’ or ‘1890–95’');
    expect(form.body).toContain('A date such as ‘ca. 1975’ goes in Date as written.');

    const refused = await post('/console/assets/artworks/new', editor.cookie, {
      _csrf: editor.csrf,
      title: 'Untitled (Blue)',
      year: 'ca. 1975',
    });
    expect(refused.statusCode).toBe(400);
    const page = refused.body.replace(/\s+/g, ' ');
    expect(page).toContain('One field needs a change: see below.');
    expect(page).toContain(
      '<label for="field-year">Year</label> <p class="field-error" id="field-year-error">Enter the year as a number, e.g. 1975; write ‘ca. 1975’ in Date as written.</p>',
    );
    expect(page).toMatch(
      /<input id="field-year" name="year" [^>]*aria-describedby="field-year-error field-year-hint" aria-invalid="true"/,
    );
    expect(page).toContain('value="ca. 1975"');
    // Only the refused field is marked; never a key or the API's backticks.
    expect(page.match(/aria-invalid="true"/g)).toHaveLength(1);
    expect(page).not.toContain('&#96;');
    expect(page).not.toContain('must be integer');

    const { id } = await createArtwork(editor, { year: '1975', date_text: 'ca. 1975' });
    expect((await assetRow(id)).attributes).toMatchObject({ year: 1975, date_text: 'ca. 1975' });
  });

  it('names the field by its label for every kind of refusal: required, too long, not a number, out of range, not a choice', async () => {
    const accountId = await newAccount();
    const editor = await joinedMember(context.app, context.db, accountId, email(), 'editor');
    const fieldError = (body: string, id: string) =>
      new RegExp(`<p class="field-error" id="${id}-error">([^<]*)</p>`).exec(body)?.[1];
    const cases: [string, Record<string, string | string[]>, string, RegExp][] = [
      ['artworks', { title: '   ' }, 'field-title', /^Title is required\.$/],
      [
        'artworks',
        { title: 'A', date_text: 'c'.repeat(101) },
        'field-date_text',
        /^Date as written is too long: at most 100 characters, and this has 101\.$/,
      ],
      ['artworks', { title: 'A', year: '10000' }, 'field-year', /^Year must be from 0 to 9,?999\.$/],
      [
        'artworks',
        { title: 'A', year: '1975.5' },
        'field-year',
        /^Year must be a whole number from 0 to 9,?999, written in figures\.$/,
      ],
      [
        'artworks',
        { title: 'A', year: 'unknown' },
        'field-year',
        /^Enter the year as a number, e\.g\. 1975; write ‘ca\. 1975’ in Date as written\.$/,
      ],
      [
        'collectibles',
        { title: 'C', year: 'ca. 1999' },
        'field-year',
        /^Year must be a whole number from 0 to 9,?999, written in figures\.$/,
      ],
      [
        'watches',
        { title: 'W', case_diameter_mm: 'forty' },
        'field-case_diameter_mm',
        /^Case diameter must be a number of at least 0, written in figures, e\.g\. 40 or 40\.5\.$/,
      ],
      [
        'watches',
        { title: 'W', case_diameter_mm: '-4' },
        'field-case_diameter_mm',
        /^Case diameter must be at least 0\.$/,
      ],
      [
        'jewelry',
        { title: 'J', origin: 'mined' },
        'field-origin',
        /^Origin: choose one of the listed values\.$/,
      ],
      [
        'artworks',
        { title: 'A', extra_name: ['year'], extra_value: ['1975'] },
        'extra-name-0',
        /^“year” has its own field above \(Year\); enter the value there\.$/,
      ],
      [
        'artworks',
        { title: 'A', extra_name: ['notes'], extra_value: ['n'.repeat(2001)] },
        'extra-value-0',
        /^The value of “notes” is too long: at most 2,?000 characters, and this has 2,?001\.$/,
      ],
    ];
    for (const [planet, fields, id, sentence] of cases) {
      const refused = await post(`/console/assets/${planet}/new`, editor.cookie, {
        _csrf: editor.csrf,
        ...fields,
      });
      expect(refused.statusCode, `${planet} ${JSON.stringify(fields).slice(0, 80)}`).toBe(400);
      expect(fieldError(refused.body, id), id).toMatch(sentence);
      expect(refused.body).toMatch(new RegExp(`id="${id}"[^>]*aria-invalid="true"`));
      expect(refused.body).not.toContain('&#96;');
    }
    const { rows } = await context.db.query('SELECT 1 FROM assets WHERE account_id = $1', [accountId]);
    expect(rows).toHaveLength(0);
  });

  it('the edit form says its refusals beside the field too, and keeps a date as written', async () => {
    const accountId = await newAccount();
    const editor = await joinedMember(context.app, context.db, accountId, email(), 'editor');
    const { path, id } = await createArtwork(editor);
    const shown = {
      _csrf: editor.csrf,
      title: 'Water Lilies',
      artist: 'Claude Monet',
      medium: 'Oil on canvas',
      extra_name: ['provenance'],
      extra_value: ['Private collection'],
    };
    const refused = await post(`${path}/edit`, editor.cookie, { ...shown, year: '1970s' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      '<p class="field-error" id="field-year-error">Enter the year as a number, e.g. 1975; write ‘1970s’ in Date as written.</p>',
    );
    expect(refused.body).toContain('value="1970s"');
    expect((await assetRow(id)).attributes).toMatchObject({ year: 1916 });

    const saved = await post(`${path}/edit`, editor.cookie, { ...shown, year: '1916', date_text: '1914–26' });
    expect(saved.statusCode).toBe(303);
    expect((await assetRow(id)).attributes).toMatchObject({ year: 1916, date_text: '1914–26' });
    const page = (await get(path, editor.cookie)).body.replace(/\s+/g, ' ');
    expect(page).toContain('<dt>Date as written</dt> <dd>1914–26</dd>');
  });

  it('edits an asset as PATCH does, and refuses once the certificate is issued', async () => {
    const accountId = await newAccount();
    const editor = await joinedMember(context.app, context.db, accountId, email(), 'editor');
    const { path, id } = await createArtwork(editor);
    // The form as shown, with a changed title and year, the medium cleared and a row added.
    const shown = { _csrf: editor.csrf, title: 'Water Lilies (1916)', artist: 'Claude Monet' };
    const extras = {
      extra_name: ['provenance', 'exhibited'],
      extra_value: ['Private collection', 'Paris 1920'],
    };
    const edited = await post(`${path}/edit`, editor.cookie, {
      ...shown,
      year: '1917',
      medium: '',
      ...extras,
    });
    expect(edited.statusCode).toBe(303);
    const row = await assetRow(id);
    expect(row.title).toBe('Water Lilies (1916)');
    expect(row.attributes).toEqual({
      artist: 'Claude Monet',
      year: 1917,
      provenance: 'Private collection',
      exhibited: 'Paris 1920',
    });
    expect((await get(path, editor.cookie)).body).toContain('Changes saved.');

    await issueCertificateForTest(context.db, row);
    const late = await post(`${path}/edit`, editor.cookie, { _csrf: editor.csrf, title: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect((await assetRow(id)).title).toBe('Water Lilies (1916)');
  });

  it('uploads a JPEG with GPS EXIF (downloaded without it) and a PDF; removes one before issue', async () => {
    const accountId = await newAccount();
    const editor = await joinedMember(context.app, context.db, accountId, email(), 'editor');
    const viewer = await joinedMember(context.app, context.db, accountId, email(), 'viewer');
    const { path, id } = await createArtwork(editor);
    const withGps = await jpegWithGps();
    expect(jpegMarkers(withGps)).toContain(0xffe1);

    const uploaded = await upload(
      `${path}/media`,
      editor,
      [
        { name: 'front.jpg', type: 'image/jpeg', bytes: withGps },
        { name: 'report.pdf', type: 'application/pdf', bytes: pdfDocument() },
      ],
      { visibility: 'public', caption: '' },
    );
    expect(uploaded.statusCode).toBe(303);
    expect((await get(path, editor.cookie)).body).toContain('2 files added.');
    const page = await get(path, viewer.cookie);
    const links = [
      ...page.body.matchAll(/<a href="(\/console\/assets\/artworks\/[^"]+\/media\/[0-9a-f-]{36})">/g),
    ].map((match) => match[1]!);
    expect(links).toHaveLength(2);
    // Both were added in one transaction (one instant): told apart by their type.
    const downloads = await Promise.all(links.map((link) => get(link, viewer.cookie)));
    const at = downloads.findIndex((download) => download.headers['content-type'] === 'image/jpeg');
    expect(at).toBeGreaterThanOrEqual(0);
    if (at === 1) links.reverse();
    const image = await get(links[0]!, viewer.cookie);
    expect(image.statusCode).toBe(200);
    expect(jpegMarkers(image.rawPayload)).not.toContain(0xffe1);
    expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
    const pdf = await get(links[1]!, viewer.cookie);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(pdfDocument())).toBe(true);

    // Types from the bytes: a PNG name on PDF bytes is refused, as the API's upload refuses it.
    const mismatch = await upload(`${path}/media`, editor, [
      { name: 'fake.png', type: 'image/png', bytes: pdfDocument() },
    ]);
    expect(mismatch.statusCode).toBe(415);
    expect(mismatch.body).toContain('not the image/png');
    // No CSRF token first: nothing is read.
    const forged = await upload(`${path}/media`, { ...editor, csrf: 'forged' }, [
      { name: 'x.pdf', type: 'application/pdf', bytes: pdfDocument() },
    ]);
    expect(forged.statusCode).toBe(403);

    const mediaId = links[1]!.split('/').pop()!;
    const removed = await post(`${links[1]!}/remove`, editor.cookie, { _csrf: editor.csrf });
    expect(removed.statusCode).toBe(303);
    const { rows } = await context.db.query('SELECT id FROM asset_media WHERE asset_id = $1', [id]);
    expect(rows).toHaveLength(1);
    expect((await get(`${path}/media/${mediaId}`, editor.cookie)).statusCode).toBe(404);

    // Once issued, media are final: the remove is refused as the API's DELETE is.
    await issueCertificateForTest(context.db, await assetRow(id));
    const late = await post(`${links[0]!}/remove`, editor.cookie, { _csrf: editor.csrf });
    expect(late.statusCode).toBe(409);
  });

  it('reports an asset stolen (the public page warns, the page is no-store) and resolves it', async () => {
    const accountId = await newAccount();
    const editor = await joinedMember(context.app, context.db, accountId, email(), 'editor');
    const { path, id } = await createArtwork(editor);
    const row = await assetRow(id);
    await issueCertificateForTest(context.db, row);

    const badDate = await post(`${path}/alerts`, editor.cookie, {
      _csrf: editor.csrf,
      kind: 'stolen',
      occurred_at: '',
    });
    expect(badDate.statusCode).toBe(400);
    const reported = await post(`${path}/alerts`, editor.cookie, {
      _csrf: editor.csrf,
      kind: 'stolen',
      occurred_at: '2024-05-01',
      reference: 'PR-123',
      note: '',
    });
    expect(reported.statusCode).toBe(303);
    const publicPage = await context.app.inject({ method: 'GET', url: `/c/${row.certificate_number}` });
    expect(publicPage.body).toContain('Reported stolen');
    const page = await get(path, editor.cookie);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Reported stolen');
    const alertId = /\/alerts\/([0-9a-f-]{36})\/resolve/.exec(page.body)![1]!;
    const resolved = await post(`${path}/alerts/${alertId}/resolve`, editor.cookie, {
      _csrf: editor.csrf,
      outcome: 'recovered',
    });
    expect(resolved.statusCode).toBe(303);
    const after = await context.app.inject({ method: 'GET', url: `/c/${row.certificate_number}` });
    expect(after.body).not.toContain('Reported stolen');
  });

  it("shows the asset's NFC tag and its last tap, and lists its taps among the verifications, marked as taps", async () => {
    const accountId = await newAccount();
    const viewer = await joinedMember(context.app, context.db, accountId, email(), 'viewer');
    const editor = await joinedMember(context.app, context.db, accountId, email(), 'editor');
    const { path, id } = await createArtwork(editor);
    const row = await assetRow(id);
    await issueCertificateForTest(context.db, row);
    expect((await get(path, viewer.cookie)).body).toContain('No tag is bound.');

    // The owner binds it with the account's key (the console hands out no tag keys); it is tapped twice.
    const key = await context.createApiKey(accountId);
    const bound = await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/artworks/${id}/tags`,
      headers: { authorization: `Bearer ${key.key}` },
      payload: { uid: '04D1E2F3A4B5C6' },
    });
    expect(bound.statusCode).toBe(201);
    const link = softwareTagOf(bound.json<ProvisioningAnswer>()).tap('');
    for (const verdict of ['genuine', 'copied']) {
      const tapped = await context.app.inject({
        method: 'GET',
        url: link,
        headers: { accept: 'application/json' },
      });
      expect(tapped.json()).toMatchObject({ verdict });
    }
    const other = await context.createAccountWithKey();
    await context.app.inject({
      method: 'POST',
      url: '/api/v1/verify',
      headers: other.auth,
      payload: { certificate_number: row.certificate_number },
    });

    const page = (await get(path, viewer.cookie)).body.replace(/\s+/g, ' ');
    expect(page).toContain('<h2 id="tag-heading">NFC tag</h2>');
    expect(page).toContain('<code>04D1E2F3A4B5C6</code>');
    expect(page).toMatch(/Last accepted tap<\/dt> <dd> Tap 1, <time/);
    expect(page).toMatch(/Last tap<\/dt> <dd> Copied link, <time/);
    expect(page).toContain('Verifications and tag taps, newest first');
    expect(page.match(/<span class="badge">Tag tap<\/span>/g)).toHaveLength(2);
    expect(page).toContain('Genuine tag <span class="hint">(tap 1)</span>');
    expect(page).not.toContain(bound.json<ProvisioningAnswer>().provisioning.sdm_file_read_key);
  });

  it("another account's asset is the 404 page, for every route", async () => {
    const mine = await joinedMember(context.app, context.db, await newAccount(), email(), 'editor');
    const other = await joinedMember(context.app, context.db, await newAccount(), email(), 'editor');
    const { path } = await createArtwork(other);
    const page = await get(path, mine.cookie);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<h1>Not found</h1>');
    expect((await post(`${path}/edit`, mine.cookie, { _csrf: mine.csrf, title: 'Mine' })).statusCode).toBe(
      404,
    );
    expect(
      (await post(`${path}/transfer`, mine.cookie, { _csrf: mine.csrf, to_account_id: randomUUID() }))
        .statusCode,
    ).toBe(404);
    expect((await get('/console/assets/artworks/not-a-uuid', mine.cookie)).statusCode).toBe(404);
  });

  it('offers a transfer to another account by its id and cancels it', async () => {
    const accountId = await newAccount();
    const receiver = (await createAccount(context.db, { name: 'Galerie Sud' })).id;
    const editor = await joinedMember(context.app, context.db, accountId, email(), 'editor');
    const { path, id } = await createArtwork(editor);
    const bad = await post(`${path}/transfer`, editor.cookie, {
      _csrf: editor.csrf,
      to_account_id: 'nobody',
    });
    expect(bad.statusCode).toBe(400);
    const offered = await post(`${path}/transfer`, editor.cookie, {
      _csrf: editor.csrf,
      to_account_id: receiver,
    });
    expect(offered.statusCode).toBe(303);
    const { rows } = await context.db.query<{ id: string; status: string; to_account_id: string }>(
      'SELECT id, status, to_account_id FROM transfers WHERE asset_id = $1',
      [id],
    );
    expect(rows).toEqual([expect.objectContaining({ status: 'pending', to_account_id: receiver })]);
    const page = await get(path, editor.cookie);
    // The receiving account by its name; the id typed only behind the technical details.
    expect(page.body).toMatch(/Offered to Galerie Sud, open until [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(page.body).toMatch(
      new RegExp(`<details class="technical-details">[\\s\\S]*?<code>${receiver}</code>`),
    );
    const cancelled = await post(`${path}/transfer/${rows[0]!.id}/cancel`, editor.cookie, {
      _csrf: editor.csrf,
    });
    expect(cancelled.statusCode).toBe(303);
    const { rows: after } = await context.db.query<{ status: string }>(
      'SELECT status FROM transfers WHERE id = $1',
      [rows[0]!.id],
    );
    expect(after[0]!.status).toBe('cancelled');
  });
});
