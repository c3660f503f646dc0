import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAvs, startServerProcess, type ServerProcess } from '../helpers/processes.js';

describe('the service on the embedded database', () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'avs-embedded-')), 'data');
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it('starts on a new data directory with no database server and answers /healthz and /readyz', async () => {
    server = await startServerProcess({ AVS_DATA_DIR: dataDir });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
  });

  it('refuses a CLI command while the server holds the data directory, and leaves it intact', async () => {
    const refused = await runAvs(['accounts', 'create', '--name', 'Intruder'], {
      env: { AVS_DATA_DIR: dataDir },
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/data directory .* is in use by another avs process \(pid \d+\)/);
    expect((await fetch(`${server!.url}/readyz`)).status).toBe(200);
  });

  it('exits 0 on SIGTERM, and the data directory opens cleanly afterwards', async () => {
    expect(await server!.stop('SIGTERM')).toBe(0);
    const created = await runAvs(['accounts', 'create', '--name', 'After', '--json'], {
      env: { AVS_DATA_DIR: dataDir },
    });
    expect(created.code, created.stderr).toBe(0);
    const listed = await runAvs(['accounts', 'list', '--json'], { env: { AVS_DATA_DIR: dataDir } });
    expect(listed.stdout).toContain('"After"');
    expect(listed.stdout).not.toContain('Intruder');
  });
});
