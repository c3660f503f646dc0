import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PgliteDatabase } from '../../src/db/pglite.js';
import { runAvs, startServerProcess, type ServerProcess } from '../helpers/processes.js';

const ADMIN_TOKEN = 'backup-live-admin-token-0123456789abcdef';
const OPERATIONS = 500;
const CONCURRENCY = 4;

interface Acknowledged {
  kind: 'create' | 'issue';
  number: string;
  at: number;
}

describe('avs backup against the live embedded server', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'avs-backup-live-'));
  const dataDir = path.join(root, 'data');
  const restoredDir = path.join(root, 'restored');
  const archive = path.join(root, 'live.avs');
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it('takes one snapshot while 500 creates and certificate moves run: every write acknowledged before it, no half write', async () => {
    server = await startServerProcess({ AVS_DATA_DIR: dataDir, AVS_ADMIN_TOKEN: ADMIN_TOKEN });
    const env = { AVS_DATA_DIR: dataDir };
    const account = await runAvs(['accounts', 'create', '--name', 'Live', '--json'], { env });
    expect(account.code, account.stderr).toBe(0);
    const accountId = (JSON.parse(account.stdout) as { id: string }).id;
    const created = await runAvs(['keys', 'create', '--account', accountId, '--json'], { env });
    expect(created.code, created.stderr).toBe(0);
    const { key } = JSON.parse(created.stdout) as { key: string };

    const acknowledged: Acknowledged[] = [];
    const waiting: string[] = []; // created, not yet issued
    let started = 0;
    const url = server.url;
    const operation = async (index: number): Promise<void> => {
      const issue = index % 2 === 1 && waiting.length > 0;
      if (issue) {
        const number = waiting.shift()!;
        const response = await fetch(`${url}/admin/api/certificates/${number}/issue`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
          body: '{}',
        });
        expect(response.status, await response.clone().text()).toBe(200);
        acknowledged.push({ kind: 'issue', number, at: performance.now() });
        return;
      }
      const planet = ['artworks', 'watches'][index % 2]!;
      const body =
        planet === 'artworks'
          ? { title: `Live ${index}`, medium: 'Oil on canvas', year: 1916 }
          : { title: `Live ${index}`, brand: 'Omega', model: 'Speedmaster', serial_number: `SN-${index}` };
      const response = await fetch(`${url}/api/v1/assets/${planet}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      const asset = (await response.json()) as { certificate_number: string };
      waiting.push(asset.certificate_number);
      acknowledged.push({ kind: 'create', number: asset.certificate_number, at: performance.now() });
    };
    const workers = Array.from({ length: CONCURRENCY }, async () => {
      while (started < OPERATIONS) await operation(started++);
    });

    // The backup starts once a good part of the writes are in and runs while the rest keep coming.
    while (acknowledged.length < 150) await new Promise((resolve) => setTimeout(resolve, 20));
    const backupStarted = performance.now();
    const backup = await runAvs(['backup', archive, '--json'], { env });
    const backupEnded = performance.now();
    await Promise.all(workers);
    expect(backup.code, backup.stderr).toBe(0);
    const summary = JSON.parse(backup.stdout) as { tables: Record<string, number>; schema_version: number };
    expect(summary.tables.assets).toBeGreaterThanOrEqual(
      acknowledged.filter((entry) => entry.kind === 'create' && entry.at < backupStarted).length,
    );
    expect(await server.stop('SIGTERM')).toBe(0);

    const restore = await runAvs(['restore', archive, '--json'], { env: { AVS_DATA_DIR: restoredDir } });
    expect(restore.code, restore.stderr).toBe(0);
    expect(JSON.parse(restore.stdout)).toMatchObject({ tables: summary.tables });
    const audit = await runAvs(['audit', '--json'], { env: { AVS_DATA_DIR: restoredDir } });
    expect(audit.code, audit.stdout + audit.stderr).toBe(0);
    expect(JSON.parse(audit.stdout)).toMatchObject({ intact: true, breaks: [] });

    const db = await PgliteDatabase.open(restoredDir);
    try {
      const { rows: assets } = await db.query<{
        certificate_number: string;
        certificate_status: string;
        events: number;
        issued_events: number;
        outbox: number;
      }>(
        `SELECT a.certificate_number, a.certificate_status,
                (SELECT count(*)::int FROM asset_events e WHERE e.asset_id = a.id) AS events,
                (SELECT count(*)::int FROM asset_events e WHERE e.asset_id = a.id AND e.event_type = 'CERTIFICATE_ISSUED') AS issued_events,
                (SELECT count(*)::int FROM webhook_outbox o WHERE o.payload::text LIKE '%' || a.id || '%') AS outbox
           FROM assets a`,
      );
      const restored = new Map(assets.map((asset) => [asset.certificate_number, asset]));
      // Every write acknowledged before the backup began is in.
      for (const entry of acknowledged.filter((item) => item.at < backupStarted)) {
        const asset = restored.get(entry.number);
        expect(asset, `${entry.kind} ${entry.number}`).toBeDefined();
        if (entry.kind === 'issue') expect(asset!.certificate_status).toBe('issued');
      }
      // Writes acknowledged after it ended came after the snapshot, and none of them is half there: each
      // asset holds exactly the events (and outbox rows) of its state, no more, no fewer.
      const createdLater = acknowledged.filter((item) => item.kind === 'create' && item.at > backupEnded);
      expect(createdLater.length).toBeGreaterThan(0);
      expect(restored.size).toBeLessThan(acknowledged.filter((item) => item.kind === 'create').length);
      for (const asset of assets) {
        const issued = asset.certificate_status === 'issued';
        expect(asset.issued_events, asset.certificate_number).toBe(issued ? 1 : 0);
        expect(asset.events, asset.certificate_number).toBe(issued ? 2 : 1);
        expect(asset.outbox, asset.certificate_number).toBe(asset.events);
      }
    } finally {
      await db.close();
    }
  });
});
