import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { form, FORM } from '../admin/admin-helpers.js';
import { useTestContext } from '../helpers/test-app.js';
import { joinedMember } from '../members/member-helpers.js';

// The console's forms and lists with the gallery's own stock number (issue #49 item 1, docs/inventory.md).
const context = useTestContext();
const email = () => `inventory-${randomUUID().slice(0, 8)}@example.com`;
const get = (url: string, cookie: string) => context.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, fields: Record<string, string | string[]>) =>
  context.app.inject({ method: 'POST', url, headers: { ...FORM, cookie }, payload: form(fields) });

async function editorOfNewGallery() {
  const { id } = await createAccount(context.db, { name: `Galerie ${randomUUID().slice(0, 6)}` });
  return joinedMember(context.app, context.db, id, email(), 'editor');
}

const inventoryOf = async (id: string) =>
  (
    await context.db.query<{ inventory_number: string | null }>(
      'SELECT inventory_number FROM assets WHERE id = $1',
      [id],
    )
  ).rows[0]!.inventory_number;

describe('the inventory number in the console', () => {
  it('is typed on the create form, shown on the asset page and in the list, and found by the search box', async () => {
    const editor = await editorOfNewGallery();
    const form = await get('/console/assets/artworks/new', editor.cookie);
    expect(form.body).toContain('name="inventory_number"');
    expect(form.body).toContain('Only your gallery sees it.');

    const created = await post('/console/assets/artworks/new', editor.cookie, {
      _csrf: editor.csrf,
      title: 'Harbour at dusk',
      inventory_number: ' GN-2026-014 ',
    });
    expect(created.statusCode).toBe(303);
    const path = String(created.headers.location);
    const id = path.split('/').at(-1)!;
    expect(await inventoryOf(id)).toBe('GN-2026-014');

    const page = (await get(path, editor.cookie)).body.replace(/\s+/g, ' ');
    expect(page).toContain('<dt>Inventory number</dt> <dd>GN-2026-014</dd>');
    // The edit form shows it as a field of its own, not as one of the "other fields".
    expect(page).toContain('value="GN-2026-014"');
    expect(page).not.toContain('value="inventory_number"');

    const list = (await get('/console/assets/artworks', editor.cookie)).body;
    expect(list).toContain('<td data-label="Inventory number">GN-2026-014</td>');
    const found = (await get('/console/assets/artworks?q=GN-2026-014', editor.cookie)).body;
    expect(found).toContain('Harbour at dusk');
  });

  it('a number another work of the gallery holds is refused with a sentence, and what was typed stays', async () => {
    const editor = await editorOfNewGallery();
    const first = await post('/console/assets/artworks/new', editor.cookie, {
      _csrf: editor.csrf,
      title: 'First',
      inventory_number: 'A-1',
    });
    expect(first.statusCode).toBe(303);
    const second = await post('/console/assets/artworks/new', editor.cookie, {
      _csrf: editor.csrf,
      title: 'Second',
      inventory_number: 'A-1',
    });
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain(
      'Another work of yours in this category already has this inventory number.',
    );
    expect(second.body).toContain('value="Second"');
  });

  it('the edit form changes and clears it while the certificate is pending', async () => {
    const editor = await editorOfNewGallery();
    const created = await post('/console/assets/artworks/new', editor.cookie, {
      _csrf: editor.csrf,
      title: 'Still life',
      inventory_number: 'B-1',
    });
    const path = String(created.headers.location);
    const id = path.split('/').at(-1)!;
    const changed = await post(`${path}/edit`, editor.cookie, {
      _csrf: editor.csrf,
      title: 'Still life',
      inventory_number: 'B-2',
    });
    expect(changed.statusCode).toBe(303);
    expect(await inventoryOf(id)).toBe('B-2');
    const cleared = await post(`${path}/edit`, editor.cookie, {
      _csrf: editor.csrf,
      title: 'Still life',
      inventory_number: '',
    });
    expect(cleared.statusCode).toBe(303);
    expect(await inventoryOf(id)).toBeNull();
  });
});
