import { beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

// A gallery's own stock number (issue #49 item 1, docs/inventory.md): unique per account and planet, set on create
// and while pending, found in lists, the account's alone, and never in the object's history or on its public page.
const context = useTestContext();
let gallery: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
let other: Awaited<ReturnType<TestContext['createAccountWithKey']>>;

beforeAll(async () => {
  gallery = await context.createAccountWithKey({ name: 'Galerie Nord' });
  other = await context.createAccountWithKey({ name: 'Galerie Sud' });
});

const request = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => context.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const historyOf = async (id: string) =>
  (await request('GET', `/api/v1/assets/artworks/${id}/history`, gallery.auth)).json<{
    data: { event_type: string; payload: Record<string, unknown> }[];
  }>().data;

describe('inventory_number on create and update', () => {
  it('is stored trimmed and returned to its own account', async () => {
    const asset = await createAssetViaApi(context.app, gallery.auth, 'artworks', {
      title: 'Harbour at dusk',
      inventory_number: '  GN-0001 ',
    });
    expect(asset.inventory_number).toBe('GN-0001');
    const read = await request('GET', `/api/v1/assets/artworks/${asset.id}`, gallery.auth);
    expect(read.json()).toMatchObject({ inventory_number: 'GN-0001' });
  });

  it('is null when none was given', async () => {
    const asset = await createAssetViaApi(context.app, gallery.auth);
    expect(asset.inventory_number).toBeNull();
  });

  it('a second asset of the account and planet with the same number is 409 inventory_number_taken', async () => {
    await createAssetViaApi(context.app, gallery.auth, 'artworks', {
      title: 'A',
      inventory_number: 'GN-0002',
    });
    const again = await request('POST', '/api/v1/assets/artworks', gallery.auth, {
      title: 'B',
      inventory_number: 'GN-0002',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'inventory_number_taken' });
  });

  it('the same number is free in another planet and in another account', async () => {
    await createAssetViaApi(context.app, gallery.auth, 'artworks', {
      title: 'A',
      inventory_number: 'GN-0003',
    });
    const watch = await request('POST', '/api/v1/assets/watches', gallery.auth, {
      title: 'Chronograph',
      inventory_number: 'GN-0003',
    });
    expect(watch.statusCode).toBe(201);
    const elsewhere = await request('POST', '/api/v1/assets/artworks', other.auth, {
      title: 'A',
      inventory_number: 'GN-0003',
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('refuses a number that is not a string, empty once trimmed, or longer than 100 characters', async () => {
    for (const inventory_number of [42, '   ', 'x'.repeat(101)]) {
      const response = await request('POST', '/api/v1/assets/artworks', gallery.auth, {
        title: 'A',
        inventory_number,
      });
      expect(response.statusCode, JSON.stringify(inventory_number)).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
  });

  it('changes while pending without a history event of its own; null removes it', async () => {
    const asset = await createAssetViaApi(context.app, gallery.auth, 'artworks', {
      title: 'Still life',
      inventory_number: 'GN-0010',
    });
    const changed = await request('PATCH', `/api/v1/assets/artworks/${asset.id}`, gallery.auth, {
      inventory_number: 'GN-0011',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ inventory_number: 'GN-0011', title: 'Still life' });
    expect((await historyOf(asset.id)).map((event) => event.event_type)).toEqual(['CREATED']);

    const both = await request('PATCH', `/api/v1/assets/artworks/${asset.id}`, gallery.auth, {
      title: 'Still life with lemons',
      inventory_number: null,
    });
    expect(both.json()).toMatchObject({ inventory_number: null, title: 'Still life with lemons' });
    const events = await historyOf(asset.id);
    expect(events.map((event) => event.event_type)).toEqual(['CREATED', 'UPDATED']);
    expect(JSON.stringify(events)).not.toContain('GN-001');
  });

  it('an update to a number another asset holds is 409 and changes nothing', async () => {
    await createAssetViaApi(context.app, gallery.auth, 'artworks', {
      title: 'A',
      inventory_number: 'GN-0020',
    });
    const asset = await createAssetViaApi(context.app, gallery.auth, 'artworks', {
      title: 'B',
      inventory_number: 'GN-0021',
    });
    const taken = await request('PATCH', `/api/v1/assets/artworks/${asset.id}`, gallery.auth, {
      title: 'B2',
      inventory_number: 'GN-0020',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'inventory_number_taken' });
    const read = await request('GET', `/api/v1/assets/artworks/${asset.id}`, gallery.auth);
    expect(read.json()).toMatchObject({ title: 'B', inventory_number: 'GN-0021' });
    expect((await historyOf(asset.id)).map((event) => event.event_type)).toEqual(['CREATED']);
  });

  it('cannot change once the certificate is issued', async () => {
    const asset = await createAssetViaApi(context.app, gallery.auth, 'artworks', {
      title: 'Issued',
      inventory_number: 'GN-0030',
    });
    await issueCertificateForTest(context.db, asset);
    const response = await request('PATCH', `/api/v1/assets/artworks/${asset.id}`, gallery.auth, {
      inventory_number: 'GN-0031',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('invalid_state');
  });
});

describe('who sees it', () => {
  it('another account’s key reads the asset without the number', async () => {
    const asset = await createAssetViaApi(context.app, gallery.auth, 'artworks', {
      title: 'Private stock',
      inventory_number: 'GN-0040',
    });
    const read = await request('GET', `/api/v1/assets/artworks/${asset.id}`, other.auth);
    expect(read.statusCode).toBe(200);
    expect(read.json()).not.toHaveProperty('inventory_number');
    expect(read.body).not.toContain('GN-0040');
  });

  it('the public page and the signed credential never carry it', async () => {
    const asset = await createAssetViaApi(context.app, gallery.auth, 'artworks', {
      title: 'On the wall',
      inventory_number: 'GN-0041',
    });
    await issueCertificateForTest(context.db, asset);
    const page = await context.app.inject({ method: 'GET', url: `/c/${asset.certificate_number}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('On the wall');
    expect(page.body).not.toContain('GN-0041');
    const credential = await context.app.inject({
      method: 'GET',
      url: `/c/${asset.certificate_number}/credential`,
    });
    expect(credential.statusCode).toBe(200);
    expect(credential.body).not.toContain('GN-0041');
  });

  it('a transfer leaves the number behind: the receiving gallery numbers its own stock', async () => {
    const asset = await createAssetViaApi(context.app, gallery.auth, 'artworks', {
      title: 'Sold',
      inventory_number: 'GN-0050',
    });
    const offered = await request('POST', `/api/v1/assets/artworks/${asset.id}/transfer`, gallery.auth, {
      to_account_id: other.accountId,
    });
    const transferId = offered.json<{ transfer: { id: string } }>().transfer.id;
    const accepted = await request('POST', `/api/v1/transfers/${transferId}/accept`, other.auth);
    expect(accepted.statusCode).toBe(200);
    const read = await request('GET', `/api/v1/assets/artworks/${asset.id}`, other.auth);
    expect(read.json()).toMatchObject({ account_id: other.accountId, inventory_number: null });
    const again = await request('POST', '/api/v1/assets/artworks', gallery.auth, {
      title: 'Next',
      inventory_number: 'GN-0050',
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('lists', () => {
  it('inventory_number= finds the one asset; q finds a number exactly beside titles', async () => {
    const shelf = await context.createAccountWithKey({ name: 'Shelf' });
    const wanted = await createAssetViaApi(context.app, shelf.auth, 'artworks', {
      title: 'Blue hour',
      inventory_number: 'INV-7',
    });
    await createAssetViaApi(context.app, shelf.auth, 'artworks', {
      title: 'Red hour',
      inventory_number: 'INV-77',
    });
    const exact = await request('GET', '/api/v1/assets/artworks?inventory_number=INV-7', shelf.auth);
    expect(exact.json<{ data: { id: string }[] }>().data.map((asset) => asset.id)).toEqual([wanted.id]);
    const searched = await request('GET', '/api/v1/assets/artworks?q=INV-7', shelf.auth);
    expect(searched.json<{ data: { id: string; inventory_number: string }[] }>().data).toEqual([
      expect.objectContaining({ id: wanted.id, inventory_number: 'INV-7' }),
    ]);
    const byTitle = await request('GET', '/api/v1/assets/artworks?q=hour', shelf.auth);
    expect(byTitle.json<{ data: unknown[] }>().data).toHaveLength(2);
  });
});
