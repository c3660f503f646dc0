import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChildDatabaseEnv } from '../helpers/test-database.js';
import { runAvs, startServerProcess, type ServerProcess } from '../helpers/processes.js';

describe('a revoked key on two instances sharing one PostgreSQL', () => {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let servers: ServerProcess[] = [];
  beforeAll(async () => {
    ({ env, drop } = await createChildDatabaseEnv());
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await drop();
  });

  it('is refused by every instance within 2 seconds of `avs keys revoke`', async () => {
    const account: { id: string } = JSON.parse(
      (await runAvs(['accounts', 'create', '--name', 'Two', '--json'], { env })).stdout,
    );
    const key: { id: string; key: string } = JSON.parse(
      (await runAvs(['keys', 'create', '--account', account.id, '--json'], { env })).stdout,
    );
    const probe = (server: ServerProcess) =>
      fetch(`${server.url}/api/v1/assets/artworks/${randomUUID()}`, {
        headers: { authorization: `Bearer ${key.key}` },
      });
    // Both instances have verified (and cached) the key.
    for (const server of servers) expect((await probe(server)).status).toBe(404);

    const revoked = await runAvs(['keys', 'revoke', key.id], { env });
    expect(revoked.code, revoked.stderr).toBe(0);
    const revokedAt = Date.now();
    const refusedAfter = await Promise.all(
      servers.map(async (server) => {
        while (Date.now() - revokedAt < 5_000) {
          if ((await probe(server)).status === 401) return Date.now() - revokedAt;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return Infinity;
      }),
    );
    for (const elapsed of refusedAfter) expect(elapsed).toBeLessThan(2_000);
  });
});
