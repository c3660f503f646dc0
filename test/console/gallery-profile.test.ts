import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { pdfText, savePdf } from '../helpers/pdf-pictures.js';
import { useTestContext } from '../helpers/test-app.js';
import { CREDENTIALS_TEST_CONFIG } from '../credentials/credential-helpers.js';
import { jpegMarkers, jpegWithGps, pngImage } from '../media/media-fixtures.js';
import { joinedMember } from '../members/member-helpers.js';
import { postMultipart, type FormFile } from './console-multipart.js';

const work = mkdtempSync(path.join(tmpdir(), 'avs-gallery-profile-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// The operator's own name and logo, read at start.
const SERVICE_LOGO = path.join(work, 'service-logo.png');
writeFileSync(SERVICE_LOGO, pngImage(300, 100));

const context = useTestContext({
  config: {
    ...CREDENTIALS_TEST_CONFIG,
    AVS_SERVICE_NAME: 'Kunstregister Nord',
    AVS_SERVICE_LOGO: SERVICE_LOGO,
    AVS_CONTACT_EMAIL: 'operator@kunstregister.example',
  },
});

type Member = { cookie: string; csrf: string };
let accountId: string;
let auth: { authorization: string };
let owner: Member;
let editor: Member;
let viewer: Member;
let issued: CreatedAsset;

const logoFile = (bytes: Buffer, type = 'image/png', name = 'logo.png'): FormFile => ({
  field: 'logo',
  name,
  type,
  bytes,
});

const GALERIE_NORD = {
  display_name: 'Galerie Nord',
  city: 'Hamburg',
  country: 'Germany',
  website: 'https://galerie-nord.example',
  contact_email: 'kontakt@galerie-nord.example',
};

const saveProfile = (member: Member, fields: Record<string, string>, files: FormFile[] = []) =>
  postMultipart(context.app, '/console/profile', member, files, fields);

const get = (url: string, cookie?: string) =>
  context.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** The logo the account's profile names now, from the page that shows it. */
async function currentLogoUrl(): Promise<string | undefined> {
  const page = await get('/console/profile', owner.cookie);
  return /<img\s+class="profile-logo"\s+src="([^"]+)"/.exec(page.body)?.[1];
}

/** The images a PDF draws, as pdfimages lists them: each drawing, with the object it draws (one object, embedded once). */
function pdfImages(file: string): { width: number; height: number; object: string }[] {
  return execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((line) => /\bimage\b/.test(line))
    .map((line) => {
      const columns = line.trim().split(/\s+/);
      return { width: Number(columns[3]), height: Number(columns[4]), object: columns[10]! };
    });
}

beforeAll(async () => {
  const account = await context.createAccountWithKey({ name: 'Nord GmbH' });
  accountId = account.accountId;
  auth = account.auth;
  owner = await joinedMember(
    context.app,
    context.db,
    accountId,
    `owner-${randomUUID()}@example.com`,
    'owner',
  );
  editor = await joinedMember(
    context.app,
    context.db,
    accountId,
    `editor-${randomUUID()}@example.com`,
    'editor',
  );
  viewer = await joinedMember(
    context.app,
    context.db,
    accountId,
    `viewer-${randomUUID()}@example.com`,
    'viewer',
  );
  issued = await createAssetViaApi(context.app, auth, 'artworks', { title: 'Harbour at Dusk', year: 1931 });
  await issueCertificateForTest(context.db, issued);
});

describe("the gallery's profile in the console", () => {
  it("shows the account's own name until the owner changes it, and the owner's menu links to it", async () => {
    const page = await get('/console/profile', owner.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(
      /<a href="\/console\/profile"\s+aria-current="page"\s*>Gallery profile<\/a\s*>/,
    );
    expect(page.body).toContain('Registered by Nord GmbH');
    expect(page.body).toContain('enctype="multipart/form-data"');
    const certificate = await get(`/c/${issued.certificate_number}`);
    expect(certificate.body).toContain('Registered by Nord GmbH');
  });

  it('is saved by the owner: name, city, country, website, contact and a logo, which is scaled down', async () => {
    const response = await saveProfile(owner, GALERIE_NORD, [logoFile(pngImage(1600, 800))]);
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe('/console/profile');

    const page = await get('/console/profile', owner.cookie);
    expect(page.body).toContain('Gallery profile saved.');
    expect(page.body).toContain('Registered by Galerie Nord');
    expect(page.body).toContain('Hamburg, Germany');
    expect(page.body).toContain('value="https://galerie-nord.example/"');
    expect(page.body).toContain('value="kontakt@galerie-nord.example"');

    const logoUrl = (await currentLogoUrl())!;
    expect(logoUrl).toMatch(/^\/c\/logos\/[0-9a-f]{64}$/);
    const logo = await get(logoUrl);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 1024,
      height: 512,
    });

    const { rows } = await context.db.query<{ action: string; target: { changed: string[] } }>(
      `SELECT action, target FROM account_audit_log WHERE account_id = $1 AND action = 'profile.updated'`,
      [accountId],
    );
    expect(rows).toEqual([
      {
        action: 'profile.updated',
        target: { changed: ['display_name', 'city', 'country', 'website', 'contact_email', 'logo'] },
      },
    ]);
  });

  it('stores a logo without its metadata: a JPEG with GPS in EXIF is kept without it', async () => {
    const before = await currentLogoUrl();
    const withGps = await jpegWithGps();
    expect(jpegMarkers(withGps)).toContain(0xffe1);
    const response = await saveProfile(owner, GALERIE_NORD, [logoFile(withGps, 'image/jpeg', 'logo.jpg')]);
    expect(response.statusCode, response.body).toBe(303);
    const logoUrl = (await currentLogoUrl())!;
    expect(logoUrl).not.toBe(before);
    const logo = await get(logoUrl);
    expect(logo.headers['content-type']).toBe('image/jpeg');
    expect(jpegMarkers(logo.rawPayload)).not.toContain(0xffe1);
    // The replaced logo is gone: nothing else showed its bytes.
    expect((await get(before!)).statusCode).toBe(404);
    const { rows } = await context.db.query('SELECT 1 FROM media_blobs WHERE sha256 = $1', [
      before!.slice('/c/logos/'.length),
    ]);
    expect(rows).toHaveLength(0);

    // Back to the PNG logo the pages below look for.
    expect((await saveProfile(owner, GALERIE_NORD, [logoFile(pngImage(1600, 800))])).statusCode).toBe(303);
  });

  it('says what to change beside the field, and saves nothing, for a plain-http website, a bad address or a file that is no image', async () => {
    const response = await saveProfile(
      owner,
      {
        ...GALERIE_NORD,
        display_name: 'Galerie Süd',
        website: 'http://galerie-sued.example',
        contact_email: 'nope',
      },
      [logoFile(Buffer.from('not an image at all'), 'image/png')],
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('The profile was not saved');
    expect(response.body).toMatch(
      /<p class="field-error" id="profile-website-error">Enter the full address, starting with https:\/\//,
    );
    expect(response.body).toMatch(
      /<p class="field-error" id="profile-contact-email-error">Enter an e-mail address/,
    );
    expect(response.body).toMatch(
      /<p class="field-error" id="profile-logo-error">The logo must be a JPEG, PNG or WebP image/,
    );
    // What was typed is shown again, to correct.
    expect(response.body).toContain('value="Galerie Süd"');
    expect((await get('/console/profile', owner.cookie)).body).toContain('Registered by Galerie Nord');
  });

  it.each([
    ['an editor', () => editor],
    ['a viewer', () => viewer],
  ])('is not shown to %s, who cannot change it either', async (_who, member) => {
    expect((await get('/console/profile', member().cookie)).statusCode).toBe(403);
    expect((await get('/console', member().cookie)).body).not.toContain('href="/console/profile"');
    const refused = await saveProfile(member(), { ...GALERIE_NORD, display_name: 'Someone Else' });
    expect(refused.statusCode).toBe(403);
    expect((await get('/console/profile', owner.cookie)).body).toContain('Registered by Galerie Nord');
  });

  it("is refused without the session's CSRF token, and from another site", async () => {
    const forged = await saveProfile(
      { ...owner, csrf: 'forged' },
      { ...GALERIE_NORD, display_name: 'Forged' },
    );
    expect(forged.statusCode).toBe(403);
    const crossSite = await context.app.inject({
      method: 'POST',
      url: '/console/profile',
      headers: {
        cookie: owner.cookie,
        'sec-fetch-site': 'cross-site',
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x--\r\n',
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await get('/console/profile', owner.cookie)).body).toContain('Registered by Galerie Nord');
  });
});

describe('what the gallery hands out', () => {
  it('the certificate page says "Registered by Galerie Nord" with its logo, and "Certified by" the service', async () => {
    const page = await get(`/c/${issued.certificate_number}`);
    expect(page.statusCode).toBe(200);
    const logoUrl = (await currentLogoUrl())!;
    expect(page.body).toContain('Registered by Galerie Nord');
    expect(page.body).toMatch(
      new RegExp(
        `<img\\s+class="gallery-logo"\\s+src="${logoUrl}"\\s+alt="Logo of Galerie Nord"\\s+width="1024"\\s+height="512"`,
      ),
    );
    expect(page.body).toContain('Hamburg, Germany');
    expect(page.body).toContain(
      '<a href="https://galerie-nord.example/" rel="noopener">galerie-nord.example</a>',
    );
    expect(page.body).toMatch(/Certified by <a href="https:\/\/localhost:1">Kunstregister Nord<\/a>/);
    // The issuer's did:web only under the closed technical details.
    expect(page.body).toMatch(
      /<details class="technical-details">\s*<summary>Technical details<\/summary>[\s\S]*did:web:localhost%3A1/,
    );
    expect(page.body.indexOf('did:web')).toBeGreaterThan(
      page.body.indexOf('<details class="technical-details">'),
    );
  });

  it("the warning of a stolen piece tells the finder to write to the gallery's contact address", async () => {
    const stolen = await createAssetViaApi(context.app, auth, 'artworks', { title: 'Taken from the wall' });
    await issueCertificateForTest(context.db, stolen);
    const raised = await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/artworks/${stolen.id}/alerts`,
      headers: auth,
      payload: { kind: 'stolen', occurred_at: '2026-01-10T00:00:00Z' },
    });
    expect(raised.statusCode, raised.body).toBe(201);
    const page = await get(`/c/${stolen.certificate_number}`);
    expect(page.body).toMatch(
      /If you have seen it or are offered it, write to Galerie Nord at\s*<a\s+href="mailto:kontakt@galerie-nord\.example\?subject=Certificate%20reported%20stolen"/,
    );
    expect(page.body).not.toContain('operator@kunstregister.example');
  });

  it('the printed certificate (PDF) says "Registered by Galerie Nord", embeds the logo, and is "Certified by" the service', async () => {
    const response = await get(`/console/assets/artworks/${issued.id}/certificate.pdf`, viewer.cookie);
    expect(response.statusCode).toBe(200);
    const file = savePdf(work, response.rawPayload);
    const words = pdfText(file);
    expect(words).toContain('Registered by Galerie Nord');
    expect(words).toContain('Certified by Kunstregister Nord');
    // The gallery's logo (1024 × 512, printed at 600 px) and the service's (300 × 100).
    expect(pdfImages(file).map(({ width, height }) => ({ width, height }))).toEqual(
      expect.arrayContaining([
        { width: 600, height: 300 },
        { width: 300, height: 100 },
      ]),
    );
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/^Creator:\s+Kunstregister Nord$/m);
  });

  it('the printed certificate page shows the logo and the gallery, the did:web under closed details', async () => {
    const page = await get(`/console/assets/artworks/${issued.id}/certificate`, viewer.cookie);
    expect(page.body).toContain('Registered by Galerie Nord');
    expect(page.body).toMatch(
      /class="printed-gallery-logo"\s+src="\/c\/logos\/[0-9a-f]{64}"\s+alt="Logo of Galerie Nord"/,
    );
    expect(page.body).toContain('Certified by Kunstregister Nord');
    expect(page.body).toMatch(
      /<details class="printed-technical">\s*<summary>Technical details<\/summary>[\s\S]*did:web:localhost%3A1/,
    );
  });

  it('the label sheet (PDF) says "Registered by Galerie Nord" on each label, with the logo embedded once', async () => {
    const second = await createAssetViaApi(context.app, auth, 'artworks', { title: 'Second label' });
    await issueCertificateForTest(context.db, second);
    const response = await get(
      `/console/labels.pdf?planet=artworks&ids=${issued.id}&ids=${second.id}`,
      viewer.cookie,
    );
    expect(response.statusCode).toBe(200);
    const file = savePdf(work, response.rawPayload);
    const words = pdfText(file);
    expect(words.match(/Registered by\s+Galerie Nord/g)).toHaveLength(2);
    const images = pdfImages(file);
    expect(images.map(({ width, height }) => ({ width, height }))).toEqual([
      { width: 600, height: 300 },
      { width: 600, height: 300 },
    ]);
    expect(new Set(images.map((image) => image.object)).size).toBe(1);
  });

  it('a removed logo leaves the pages and the PDF without one', async () => {
    const logoUrl = (await currentLogoUrl())!;
    const response = await saveProfile(owner, { ...GALERIE_NORD, remove_logo: 'yes' });
    expect(response.statusCode, response.body).toBe(303);
    expect(await currentLogoUrl()).toBeUndefined();
    expect((await get(logoUrl)).statusCode).toBe(404);
    const page = await get(`/c/${issued.certificate_number}`);
    expect(page.body).toContain('Registered by Galerie Nord');
    expect(page.body).not.toContain('class="gallery-logo"');
  });
});

describe("the service's own name and logo (AVS_SERVICE_NAME, AVS_SERVICE_LOGO)", () => {
  it('head the public pages and the console, the logo served from the public pages', async () => {
    const home = await context.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(home.body).not.toContain('Asset Verification Service');
    const brand =
      /<p class="brand"><a href="\/"><img\s+class="brand-logo"\s+src="([^"]+)"\s+alt=""[^>]*\/>Kunstregister Nord<\/a>/.exec(
        home.body,
      );
    expect(brand, home.body.slice(0, 1500)).not.toBeNull();
    const logo = await get(brand![1]!);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ width: 300, height: 100 });

    const signIn = await get('/console/login');
    expect(signIn.body).toContain('Kunstregister Nord');
    expect(signIn.body).not.toContain('Asset Verification Service');
    const console = await get('/console/profile', owner.cookie);
    expect(console.body).toContain('<title>Gallery profile · Kunstregister Nord</title>');
  });
});

describe('the logo address', () => {
  it("serves only a logo some account shows, never another medium's bytes", async () => {
    const asset = await createAssetViaApi(context.app, auth, 'artworks', { title: 'Private picture' });
    const uploaded = await context.app.inject({
      method: 'POST',
      url: `/files/v1/assets/artworks/${asset.id}/media`,
      headers: { ...auth, 'content-type': 'image/png' },
      payload: pngImage(90, 60),
    });
    expect(uploaded.statusCode).toBe(201);
    const { sha256 } = uploaded.json<{ sha256: string }>();
    expect((await get(`/c/logos/${sha256}`)).statusCode).toBe(404);
    expect((await get('/c/logos/not-a-hash')).statusCode).toBe(404);
  });
});

describe('the inventory number on the certificate page', () => {
  it('is shown only while the owner chooses it in the profile, and the choice is audited', async () => {
    const numbered = await createAssetViaApi(context.app, auth, 'artworks', {
      title: 'Stock Piece',
      inventory_number: 'NG-2031',
    });
    await issueCertificateForTest(context.db, numbered);
    expect((await get(`/c/${numbered.certificate_number}`)).body).not.toContain('NG-2031');
    expect((await get('/console/profile', owner.cookie)).body).not.toMatch(
      /name="show_inventory_number"[^>]*checked/,
    );

    const shown = await saveProfile(owner, { ...GALERIE_NORD, show_inventory_number: 'yes' });
    expect(shown.statusCode, shown.body).toBe(303);
    expect((await get('/console/profile', owner.cookie)).body).toMatch(
      /name="show_inventory_number"[^>]*checked/,
    );
    const page = await get(`/c/${numbered.certificate_number}`);
    expect(page.body).toMatch(/<dt>Gallery inventory number<\/dt>\s*<dd>NG-2031<\/dd>/);
    const german = await context.app.inject({
      method: 'GET',
      url: `/c/${numbered.certificate_number}`,
      headers: { 'accept-language': 'de' },
    });
    expect(german.body).toMatch(/<dt>Inventarnummer der Galerie<\/dt>\s*<dd>NG-2031<\/dd>/);
    // A certificate without a number shows no empty row.
    expect((await get(`/c/${issued.certificate_number}`)).body).not.toContain('Gallery inventory number');

    await saveProfile(owner, GALERIE_NORD);
    expect((await get(`/c/${numbered.certificate_number}`)).body).not.toContain('NG-2031');
    const { rows } = await context.db.query<{ target: { changed: string[] } }>(
      `SELECT target FROM account_audit_log WHERE account_id = $1 AND action = 'profile.updated'
        ORDER BY created_at DESC LIMIT 2`,
      [accountId],
    );
    expect(rows.map((row) => row.target.changed)).toEqual([
      ['show_inventory_number'],
      ['show_inventory_number'],
    ]);
  });
});

describe('findable by photo', () => {
  it("is off until the owner ticks it; the choice is kept, audited in people's words, and turned off again", async () => {
    const unticked =
      /<input\s+type="checkbox"\s+id="profile-findable-by-photo"\s+name="findable_by_photo"(?![^>]*checked)[^>]*>/;
    const ticked =
      /<input\s+type="checkbox"\s+id="profile-findable-by-photo"\s+name="findable_by_photo"[^>]*checked[^>]*>/;
    const before = (await get('/console/profile', owner.cookie)).body;
    expect(before).toMatch(unticked);
    expect(before).toContain('Let anyone find our issued certificates from a photograph');
    expect(before).toContain('your private images are never shown');
    expect(before).toContain('aria-describedby="profile-findable-by-photo-hint"');

    const on = await saveProfile(owner, { ...GALERIE_NORD, findable_by_photo: 'yes' });
    expect(on.statusCode, on.body).toBe(303);
    expect((await get('/console/profile', owner.cookie)).body).toMatch(ticked);
    // Every asset of the account is read again by the keyless search's index, in the save's transaction.
    const { rows: changes } = await context.db.query<{ asset_id: string }>(
      `SELECT c.asset_id FROM keyless_search_changes c JOIN assets a ON a.planet = c.planet AND a.id = c.asset_id
        WHERE a.account_id = $1`,
      [accountId],
    );
    expect(changes.map((row) => row.asset_id)).toContain(issued.id);
    const audit = (await get('/console/audit', owner.cookie)).body;
    expect(audit).toContain('findable from a photograph');
    expect(audit).not.toContain('findable_by_photo');

    const off = await saveProfile(owner, GALERIE_NORD);
    expect(off.statusCode, off.body).toBe(303);
    expect((await get('/console/profile', owner.cookie)).body).toMatch(unticked);
    const { rows } = await context.db.query<{ target: { changed: string[] } }>(
      `SELECT target FROM account_audit_log WHERE account_id = $1 AND action = 'profile.updated'
        ORDER BY created_at DESC LIMIT 2`,
      [accountId],
    );
    expect(rows.map((row) => row.target.changed)).toEqual([['findable_by_photo'], ['findable_by_photo']]);
  });

  it('is the owner’s alone: an editor cannot turn it on', async () => {
    const refused = await saveProfile(editor, { ...GALERIE_NORD, findable_by_photo: 'yes' });
    expect(refused.statusCode).toBe(403);
    expect((await get('/console/profile', owner.cookie)).body).not.toMatch(
      /name="findable_by_photo"[^>]*checked/,
    );
  });
});
