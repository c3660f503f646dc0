import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChildDatabaseEnv } from '../helpers/test-database.js';
import { runAvs, startServerProcess, type ServerProcess } from '../helpers/processes.js';

describe('graceful shutdown', () => {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    ({ env, drop } = await createChildDatabaseEnv());
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await drop();
  });

  it('finishes a request that is in flight when SIGTERM arrives, then exits 0', async () => {
    const account: { id: string } = JSON.parse(
      (await runAvs(['accounts', 'create', '--name', 'Slow', '--json'], { env })).stdout,
    );
    const key: { id: string; key: string } = JSON.parse(
      (await runAvs(['keys', 'create', '--account', account.id, '--json'], { env })).stdout,
    );
    server = await startServerProcess(env);
    const body = JSON.stringify({ title: 'Uploaded slowly', medium: 'ink' });

    // A slow client: the headers and half the body now, the rest after the signal.
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${server!.url}/api/v1/assets/artworks`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key.key}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server!.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 500);
      }, 300);
    });
    const exitCode = new Promise<number | null>((resolve) =>
      server!.child.once('exit', (code) => resolve(code)),
    );

    const answered = await response;
    expect(answered.status).toBe(201);
    expect(JSON.parse(answered.body)).toMatchObject({
      title: 'Uploaded slowly',
      certificate_status: 'pending',
    });
    expect(await exitCode).toBe(0);
  });
});
