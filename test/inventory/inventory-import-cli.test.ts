import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listEvents } from '../../src/modules/chain/events.repository.js';
import { acceptClaim, createHandover, currentHolder } from '../../src/modules/holders/holders.service.js';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { runAvsInProcess } from '../helpers/cli-in-process.js';
import { insertCollector } from '../holders/collector-rows.js';
import { useTestContext } from '../helpers/test-app.js';
import { joinedMember } from '../members/member-helpers.js';

// `avs import FILE --account ID --planet P [--dry-run]` (issue #49 item 2, docs/inventory.md "Import").
const context = useTestContext();

const STOCK = [
  'inventory_number;title;artist;year',
  'CLI-1;Harbour at dusk;Anna Berg;1975',
  'CLI-2;"Two lines,\nof title";Anna Berg;1976',
  'CLI-3;Harbour at night;Anna Berg;ca. 1975',
].join('\r\n');

async function stockFile(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'avs-import-'));
  const file = path.join(folder, 'stock.csv');
  await writeFile(file, STOCK);
  return file;
}

const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

async function assetCount(accountId: string): Promise<number> {
  const { rows } = await context.db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM assets WHERE account_id = $1',
    [accountId],
  );
  return rows[0]!.count;
}

describe('avs import', () => {
  it('checks a file without writing an asset (--dry-run), then imports its valid rows with JSON lines', async () => {
    const gallery = await context.createAccountWithKey({ name: 'Galerie CLI' });
    const owner = await joinedMember(context.app, context.db, gallery.accountId, 'owner@cli.example');
    const file = await stockFile();
    const args = ['import', file, '--account', gallery.accountId, '--planet', 'artworks'];

    const dry = await runAvsInProcess([...args, '--dry-run'], { db: context.db });
    expect(dry.code, dry.stderr).toBe(1);
    const dryLines = lines(dry.stdout);
    expect(dryLines).toContainEqual({
      event: 'error',
      row: 4,
      column: 'year',
      code: 'validation_failed',
      message: '`year` must be integer.',
    });
    expect(dryLines.at(-1)).toMatchObject({
      event: 'done',
      import: { state: 'cancelled', counts: { valid: 2 } },
    });
    expect(await assetCount(gallery.accountId)).toBe(0);

    const run = await runAvsInProcess(args, { db: context.db });
    expect(run.code, run.stderr).toBe(1);
    const runLines = lines(run.stdout);
    expect(runLines.filter((line) => line.event === 'progress').at(-1)).toEqual({
      event: 'progress',
      processed: 2,
      valid: 2,
    });
    expect(runLines.at(-1)).toMatchObject({
      event: 'done',
      import: { state: 'done', counts: { created: 2 } },
    });
    expect(await assetCount(gallery.accountId)).toBe(2);
    const { rows } = await context.db.query<{ payload: { member_id: string } }>(
      `SELECT e.payload FROM asset_events e JOIN assets a ON a.id = e.asset_id
        WHERE a.account_id = $1 AND e.event_type = 'CREATED'`,
      [gallery.accountId],
    );
    expect(rows.map((row) => row.payload.member_id)).toEqual([owner.memberId, owner.memberId]);
  });

  it('says so for an account without an owner, and for usage mistakes', async () => {
    const gallery = await context.createAccountWithKey({ name: 'Galerie No Owner' });
    const file = await stockFile();
    const refused = await runAvsInProcess(
      ['import', file, '--account', gallery.accountId, '--planet', 'artworks'],
      {
        db: context.db,
      },
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('no active owner');
    const usage = await runAvsInProcess(
      ['import', file, '--account', gallery.accountId, '--planet', 'ships'],
      {
        db: context.db,
      },
    );
    expect(usage.code).toBe(2);
  });

  it('changes nothing of an object a collector holds (docs/api.md, "Who may act on an asset": the CLI)', async () => {
    const gallery = await context.createAccountWithKey({ name: 'Galerie Sold' });
    await joinedMember(context.app, context.db, gallery.accountId, 'owner@sold.example');
    const asset = await createAssetViaApi(context.app, gallery.auth, 'artworks', {
      title: 'Harbour at dawn',
      inventory_number: 'SOLD-1',
    });
    await issueCertificateForTest(context.db, asset);
    const principal = { accountId: gallery.accountId, apiKeyId: gallery.apiKey.id, planetScope: [] };
    const claim = await createHandover(context.db, {
      planet: 'artworks',
      assetId: asset.id,
      actor: { kind: 'account', principal },
      kind: 'claim',
    });
    const collector = await insertCollector(context.db);
    await acceptClaim(context.db, { code: claim.code!, collectorId: collector.collectorId });
    const events = (await listEvents(context.db, asset.id)).length;

    const folder = await mkdtemp(path.join(tmpdir(), 'avs-import-'));
    const file = path.join(folder, 'sold.csv');
    await writeFile(file, 'inventory_number;title\r\nSOLD-1;Harbour at dawn, renamed\r\n');
    const run = await runAvsInProcess(
      ['import', file, '--account', gallery.accountId, '--planet', 'artworks', '--json'],
      { db: context.db },
    );
    expect(run.code, run.stderr).toBe(1);
    expect(lines(run.stdout).at(-1)).toMatchObject({ import: { counts: { refused: 1, updated: 0 } } });
    const { rows } = await context.db.query<{ title: string }>('SELECT title FROM assets WHERE id = $1', [
      asset.id,
    ]);
    expect(rows[0]!.title).toBe('Harbour at dawn');
    expect((await listEvents(context.db, asset.id)).length).toBe(events);
    expect(await currentHolder(context.db, 'artworks', asset.id)).toEqual({
      kind: 'collector',
      collectorId: collector.collectorId,
      erased: false,
    });
  });
});
