import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { accountWithKey, createIntegrity } from '../helpers/integrity.js';
import { startServerProcess, type ServerProcess } from '../helpers/processes.js';
import { createChildDatabaseEnv, openChildDatabase } from '../helpers/test-database.js';

const unlimited = { AVS_RATE_LIMIT_PER_SECOND: '1000000', AVS_RATE_LIMIT_BURST: '1000000' };
const CONCURRENCY = 32;

// Group commit (docs/performance.md): a SIGKILL while batches of creates are in flight loses no create that was answered 201.
describe('SIGKILL of a server in the middle of group-committed creates', () => {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let db: Database;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    ({ env, drop } = await createChildDatabaseEnv());
    db = await openChildDatabase(env);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await db?.close();
    await drop();
  });

  it('keeps every acknowledged create, each with its event and outbox row, and nothing half-written', async () => {
    const { accountId, authorization } = await accountWithKey(db);
    const server = await startServerProcess({ ...env, ...unlimited });
    servers.push(server);
    const acknowledged: { id: string; title: string; certificate_number: string }[] = [];
    let sent = 0;
    let cutOff = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const title = `Crash batch ${sent++}`;
        try {
          const response = await fetch(`${server.url}/api/v1/assets/artworks`, {
            method: 'POST',
            headers: { authorization, 'content-type': 'application/json' },
            body: JSON.stringify({ title }),
          });
          if (response.status === 201) acknowledged.push((await response.json()) as (typeof acknowledged)[0]);
          else await response.arrayBuffer();
        } catch {
          cutOff++;
          stop = true;
        }
      }
    };
    const stream = Promise.all(Array.from({ length: CONCURRENCY }, worker));
    // Kill it mid-stream, with batches in flight.
    while (acknowledged.length < 400) await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill('SIGKILL');
    stop = true;
    await stream;
    expect(cutOff, 'requests cut off by the crash').toBeGreaterThan(0);

    const { rows } = await db.query<{ id: string; title: string; certificate_number: string }>(
      'SELECT id, title, certificate_number FROM assets WHERE account_id = $1',
      [accountId],
    );
    const stored = new Map(rows.map((row) => [row.id, row]));
    for (const asset of acknowledged) {
      expect(stored.get(asset.id), `acknowledged ${asset.title}`).toEqual({
        id: asset.id,
        title: asset.title,
        certificate_number: asset.certificate_number,
      });
    }
    // Whatever else was committed before the kill is whole: asset, event and outbox row together.
    const integrity = await createIntegrity(db, accountId);
    expect(integrity.assetsWithoutTheirEvents).toBe(0);
    expect(integrity.orphans).toBe(0);
    expect(integrity.distinctCertificateNumbers).toBe(integrity.assets);
    console.info(`crash: ${acknowledged.length} acknowledged, ${rows.length} stored, ${cutOff} cut off`);
  });
});
