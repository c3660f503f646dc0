import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAvs, startServerProcess, type ServerProcess } from '../helpers/processes.js';

describe('the service on the embedded database', () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'avs-embedded-')), 'data');
  let server: ServerProcess | undefined;
  let setupUrl = '';
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

  it('prints the one-time set-up link for the first administrator (no AVS_ADMIN_EMAIL), and it opens', async () => {
    const links = server!.output().match(/^ {2}http:\/\/\S+\/admin\/setup\/[A-Za-z0-9_-]{43}$/gm) ?? [];
    expect(links).toHaveLength(1);
    setupUrl = links[0]!.trim();
    expect(server!.output()).toContain('"msg":"no administrator yet: open the one-time set-up link"');
    const page = await fetch(setupUrl.replace(/^http:\/\/[^/]+/, server!.url));
    expect(page.status).toBe(200);
  });

  it('runs a CLI command inside the running server (owner-only socket): the key it creates works at once', async () => {
    const env = { AVS_DATA_DIR: dataDir };
    const socket = statSync(path.join(dataDir, 'avs.sock'));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);

    const account = await runAvs(['accounts', 'create', '--name', 'Beside', '--json'], { env });
    expect(account.code, account.stderr).toBe(0);
    const accountId = (JSON.parse(account.stdout) as { id: string }).id;
    const created = await runAvs(['keys', 'create', '--account', accountId, '--json'], { env });
    expect(created.code, created.stderr).toBe(0);
    const { key } = JSON.parse(created.stdout) as { key: string };

    const response = await fetch(`${server!.url}/api/v1/assets/artworks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Water Lilies', medium: 'Oil on canvas', year: 1916 }),
    });
    expect(response.status).toBe(201);

    // Standard input, standard error and exit codes travel too.
    const admin = await runAvs(['admin', 'create', '--email', 'ops@example.com', '--json'], {
      env,
      input: 'a long enough password\n',
    });
    expect(admin.code, admin.stderr).toBe(0);
    expect(JSON.parse(admin.stdout)).not.toHaveProperty('password');
    // An administrator exists now: the set-up link is spent.
    expect((await fetch(setupUrl.replace(/^http:\/\/[^/]+/, server!.url))).status).toBe(404);
    const bad = await runAvs(['keys', 'revoke', 'not-a-uuid'], { env });
    expect(bad).toMatchObject({ code: 1, stdout: '' });
    expect(bad.stderr).toContain('not a valid UUID');
  });

  it('keeps the lock message for a command that cannot go through the channel (the worker)', async () => {
    const refused = await runAvs(['worker'], {
      env: { AVS_DATA_DIR: dataDir, AVS_WEBHOOK_DELIVERY: 'on' },
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
    expect(listed.stdout).toContain('"Beside"');
    expect(existsSync(path.join(dataDir, 'avs.sock'))).toBe(false);
  });
});
