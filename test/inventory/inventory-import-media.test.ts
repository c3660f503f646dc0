import { stringify } from 'csv-stringify/sync';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegMarkers, jpegWithGps, pngImage, webpBomb } from '../media/media-fixtures.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';
import { zipOf, type ZipFile } from '../helpers/zip-archive.js';

// POST /files/v1/imports/{id}/media: the images an import's rows name, from a ZIP, each through the media rules
// (issue #49 item 2, docs/inventory.md "Images from a ZIP").
const context = useTestContext();
type Gallery = Awaited<ReturnType<TestContext['createAccountWithKey']>>;

interface ImportRecord {
  id: string;
  state: string;
  columns: { header: string; field: string | null }[];
  counts: Record<'rows' | 'valid' | 'errors' | 'created' | 'updated' | 'unchanged' | 'processed', number>;
}
interface MediaUpload {
  import: ImportRecord;
  files: { file: string; kept: boolean; code: string | null; message: string | null }[];
}
interface Medium {
  id: string;
  sha256: string;
  public: boolean;
  content_type: string;
  width: number;
}

const api = (gallery: Gallery, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  context.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: gallery.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function uploadCsv(gallery: Gallery, table: string[][]): Promise<ImportRecord> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/files/v1/imports/artworks',
    headers: { ...gallery.auth, 'content-type': 'text/csv' },
    payload: Buffer.from(stringify(table)),
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json<ImportRecord>();
}

const sendZip = (gallery: Gallery, id: string, zip: Buffer, query = '', type = 'application/zip') =>
  context.app.inject({
    method: 'POST',
    url: `/files/v1/imports/${id}/media${query}`,
    headers: { ...gallery.auth, 'content-type': type },
    payload: zip,
  });

async function waitFor(gallery: Gallery, id: string, states: string[]): Promise<ImportRecord> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const record = (await api(gallery, 'GET', `/imports/${id}`)).json<ImportRecord>();
    if (states.includes(record.state)) return record;
    if (Date.now() > deadline) throw new Error(`import ${id} stayed ${record.state}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function assetOf(gallery: Gallery, inventoryNumber: string): Promise<{ id: string }> {
  const listed = await api(gallery, 'GET', `/assets/artworks?inventory_number=${inventoryNumber}`);
  return listed.json<{ data: { id: string }[] }>().data[0]!;
}

async function mediaOf(gallery: Gallery, inventoryNumber: string): Promise<Medium[]> {
  const asset = await assetOf(gallery, inventoryNumber);
  const response = await api(gallery, 'GET', `/assets/artworks/${asset.id}/media`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Medium[] }>().data;
}

async function eventsOf(gallery: Gallery, inventoryNumber: string) {
  const asset = await assetOf(gallery, inventoryNumber);
  const response = await api(gallery, 'GET', `/assets/artworks/${asset.id}/history`);
  return response
    .json<{ data: { event_type: string; payload: Record<string, unknown> }[] }>()
    .data.filter((event) => event.event_type === 'MEDIA_ADDED');
}

async function keptImages(importId: string): Promise<number> {
  const { rows } = await context.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM import_media WHERE import_id = $1`,
    [importId],
  );
  return rows[0]!.count;
}

/** The stock list: five works; the image column names files of the ZIP, one missing, one not an image. */
const STOCK = [
  ['inventory_number', 'title', 'Bilddateien'],
  ['IM-1', 'Harbour at dawn', 'one.JPG'],
  ['IM-2', 'Two views', 'two.png; photos/Three.png'],
  ['IM-3', 'Lost photograph', 'missing.jpg'],
  ['IM-4', 'A letter', 'notes.jpg'],
  ['IM-5', 'Too large', 'bomb.webp'],
  ['IM-6', 'No picture', ''],
];

async function stockZip(): Promise<ZipFile[]> {
  return [
    { name: 'photos/', bytes: Buffer.alloc(0), stored: true },
    { name: 'photos/ONE.jpg', bytes: await jpegWithGps() },
    { name: 'photos/two.png', bytes: pngImage(40, 30) },
    { name: 'photos/three.png', bytes: pngImage(30, 20), stored: true },
    { name: 'notes.jpg', bytes: Buffer.from('Dear collector, the painting is not a JPEG.\n') },
    { name: 'bomb.webp', bytes: await webpBomb() },
    { name: '__MACOSX/photos/._ONE.jpg', bytes: Buffer.from('resource fork') },
    { name: 'photos/.DS_Store', bytes: Buffer.from('finder') },
  ];
}

describe.each(['private', 'public'])('images from a ZIP, %s', (visibility) => {
  const isPublic = visibility === 'public';
  let gallery: Gallery;
  let importId: string;

  it('takes the ZIP while the import is ready: each file through the media rules, the import validated again', async () => {
    gallery = await context.createAccountWithKey();
    const uploaded = await uploadCsv(gallery, STOCK);
    importId = uploaded.id;
    expect(uploaded.columns.find((column) => column.header === 'Bilddateien')?.field).toBe('images');
    const before = await waitFor(gallery, importId, ['ready']);
    // Before the ZIP, every image a row names is missing.
    expect(before.counts).toMatchObject({ rows: 6, valid: 1, errors: 5 });

    const response = await sendZip(
      gallery,
      importId,
      zipOf(await stockZip()),
      isPublic ? '?public=true' : '',
    );
    expect(response.statusCode, response.body).toBe(202);
    const answer = response.json<MediaUpload>();
    expect(answer.import.state).toBe('validating');
    // Directories, __MACOSX/ and hidden files are left aside.
    expect(answer.files.map((file) => [file.file, file.kept, file.code])).toEqual([
      ['photos/ONE.jpg', true, null],
      ['photos/two.png', true, null],
      ['photos/three.png', true, null],
      ['notes.jpg', false, 'unsupported_media_type'],
      ['bomb.webp', false, 'invalid_media'],
    ]);

    const ready = await waitFor(gallery, importId, ['ready']);
    expect(ready.counts).toMatchObject({ rows: 6, valid: 3, errors: 3 });
    const errors = (await api(gallery, 'GET', `/imports/${importId}/errors`)).json<{
      data: { row: number; column: string | null; code: string; message: string }[];
    }>().data;
    expect(errors).toEqual([
      {
        row: 4,
        column: 'Bilddateien',
        code: 'import_image_unusable',
        message: 'The row names the image "missing.jpg", which no uploaded ZIP archive holds.',
      },
      {
        row: 5,
        column: 'Bilddateien',
        code: 'import_image_unusable',
        message: expect.stringMatching(/^The image "notes\.jpg" cannot be used: The file is not a JPEG/),
      },
      {
        row: 6,
        column: 'Bilddateien',
        code: 'import_image_unusable',
        message: expect.stringMatching(
          /^The image "bomb\.webp" cannot be used: The image has 256 megapixels/,
        ),
      },
    ]);
    expect(await keptImages(importId)).toBe(5);
  });

  it('attaches the images to the assets the rows create, stripped of their metadata, then deletes them', async () => {
    const started = await api(gallery, 'POST', `/imports/${importId}/start`, { only_valid: true });
    expect(started.statusCode, started.body).toBe(200);
    const done = await waitFor(gallery, importId, ['done']);
    expect(done.counts).toMatchObject({ created: 3, processed: 3 });

    const [one] = await mediaOf(gallery, 'IM-1');
    expect(one).toMatchObject({ content_type: 'image/jpeg', width: 80, public: isPublic });
    const stored = (
      await context.app.inject({ method: 'GET', url: `/files/v1/media/${one!.id}`, headers: gallery.auth })
    ).rawPayload;
    expect(jpegMarkers(stored)).not.toContain(0xffe1);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();

    const two = await mediaOf(gallery, 'IM-2');
    expect(two.map((medium) => medium.width).sort()).toEqual([30, 40]);
    expect(await mediaOf(gallery, 'IM-6')).toEqual([]);

    // The same history as the media API writes: a public image by its digest, a private one by a commitment.
    const events = await eventsOf(gallery, 'IM-1');
    expect(events).toHaveLength(1);
    if (isPublic) expect(events[0]!.payload).toMatchObject({ public: true, sha256: one!.sha256 });
    else {
      expect(events[0]!.payload).toMatchObject({ public: false, commitment: expect.any(String) });
      expect(JSON.stringify(events[0]!.payload)).not.toContain(one!.sha256);
    }
    expect(await keptImages(importId)).toBe(0);
  });

  it('the same file and ZIP again add no image twice', async () => {
    const again = await uploadCsv(gallery, STOCK.slice(0, 3));
    await waitFor(gallery, again.id, ['ready']);
    expect((await sendZip(gallery, again.id, zipOf(await stockZip()))).statusCode).toBe(202);
    await waitFor(gallery, again.id, ['ready']);
    expect((await api(gallery, 'POST', `/imports/${again.id}/start`, {})).statusCode).toBe(200);
    const done = await waitFor(gallery, again.id, ['done']);
    expect(done.counts).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(await mediaOf(gallery, 'IM-1')).toHaveLength(1);
    expect(await mediaOf(gallery, 'IM-2')).toHaveLength(2);
  });
});

describe('a ZIP refused', () => {
  it('refuses a zip bomb, too many files and a file that is no ZIP, with a sentence, before unpacking', async () => {
    const gallery = await context.createAccountWithKey();
    const { id } = await uploadCsv(gallery, [
      ['title', 'image'],
      ['Quiet', 'a.png'],
    ]);
    // 1 MiB of zeros declared as 3 GiB: the directory alone refuses it.
    const bomb = zipOf([{ name: 'a.png', bytes: Buffer.alloc(1024 * 1024), declaredSize: 3 * 1024 ** 3 }]);
    const refusedBomb = await sendZip(gallery, id, bomb);
    expect(refusedBomb.statusCode).toBe(400);
    expect(refusedBomb.json()).toMatchObject({
      code: 'import_file_unreadable',
      error: 'The ZIP archive holds more than 1,024 MB once unpacked.',
    });

    const many = zipOf(
      Array.from({ length: 5001 }, (_, n) => ({ name: `f${n}.png`, bytes: Buffer.alloc(0), stored: true })),
    );
    const refusedMany = await sendZip(gallery, id, many);
    expect(refusedMany.statusCode).toBe(400);
    expect(refusedMany.json()).toMatchObject({
      code: 'import_file_unreadable',
      error: 'The ZIP archive holds more than 5000 files.',
    });

    const notZip = await sendZip(gallery, id, Buffer.from('title\nQuiet\n'));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json()).toMatchObject({
      code: 'import_file_unreadable',
      error: 'The file could not be read as a ZIP archive.',
    });

    const wrongType = await sendZip(gallery, id, zipOf([]), '', 'text/csv');
    expect(wrongType.statusCode).toBe(415);
    expect(await keptImages(id)).toBe(0);
  });

  it('a file whose directory understates its size unpacks no further: refused, the others kept', async () => {
    const gallery = await context.createAccountWithKey();
    const { id } = await uploadCsv(gallery, [
      ['title', 'image'],
      ['Quiet', 'a.png'],
    ]);
    await waitFor(gallery, id, ['ready']);
    const zip = zipOf([
      { name: 'a.png', bytes: pngImage(10, 10) },
      { name: 'liar.png', bytes: Buffer.alloc(8 * 1024 * 1024), declaredSize: 100 },
    ]);
    const response = await sendZip(gallery, id, zip);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json<MediaUpload>().files.map((file) => [file.file, file.kept, file.code])).toEqual([
      ['a.png', true, null],
      ['liar.png', false, 'import_image_unusable'],
    ]);
  });

  it('takes no ZIP once the import has started or ended', async () => {
    const gallery = await context.createAccountWithKey();
    const { id } = await uploadCsv(gallery, [['title'], ['Quiet']]);
    await waitFor(gallery, id, ['ready']);
    expect((await api(gallery, 'POST', `/imports/${id}/start`, {})).statusCode).toBe(200);
    await waitFor(gallery, id, ['done']);
    const response = await sendZip(gallery, id, zipOf([{ name: 'a.png', bytes: pngImage() }]));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'import_not_changeable' });
    const other = await context.createAccountWithKey();
    expect((await sendZip(other, id, zipOf([]))).statusCode).toBe(404);
  });
});
