import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAvs, startServerProcess, type ServerProcess } from '../helpers/processes.js';
import { createChildDatabaseEnv } from '../helpers/test-database.js';

// A body refused before it is read (413 on its declared length, or any early
// refusal) must reach a real client as the response, not as a connection reset while it is still sending.
// A server process of its own (dist/), as a client meets it, with Node's fetch and with curl: 20 of 20 tries
// read the 413. (In one process with the client the race hides: the reset lands after the response is read.)
const TRIES = 20;
const ELEVEN_MIB = 11 * 1024 * 1024;
let server: ServerProcess;
let drop: () => Promise<void>;
let auth: { authorization: string };
let mediaUrl: string;
let directory: string;
let mediaFile: string;
let jsonFile: string;

beforeAll(async () => {
  let env: Record<string, string>;
  ({ env, drop } = await createChildDatabaseEnv());
  // A 10 MiB media limit (the default is 40 MiB): an 11 MiB file is over it, and the drain's bound is 20 MiB.
  server = await startServerProcess({ ...env, AVS_MEDIA_MAX_BYTES: String(10 * 1024 * 1024) });
  const account = await runAvs(['accounts', 'create', '--name', 'Refusals', '--json'], { env });
  expect(account.code, account.stderr).toBe(0);
  const accountId = (JSON.parse(account.stdout) as { id: string }).id;
  const created = await runAvs(['keys', 'create', '--account', accountId, '--json'], { env });
  expect(created.code, created.stderr).toBe(0);
  auth = { authorization: `Bearer ${(JSON.parse(created.stdout) as { key: string }).key}` };
  const asset = await fetch(`${server.url}/api/v1/assets/artworks`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Water Lilies' }),
  });
  expect(asset.status).toBe(201);
  mediaUrl = `${server.url}/files/v1/assets/artworks/${((await asset.json()) as { id: string }).id}/media`;
  directory = await mkdtemp(path.join(tmpdir(), 'avs-refusals-'));
  mediaFile = path.join(directory, 'big.png');
  jsonFile = path.join(directory, 'big.json');
  await writeFile(mediaFile, Buffer.alloc(ELEVEN_MIB, 1));
  await writeFile(jsonFile, JSON.stringify({ title: 'Too big', note: 'y'.repeat(ELEVEN_MIB) }));
});

afterAll(async () => {
  await server?.stop('SIGKILL');
  await drop?.();
  if (directory) await rm(directory, { recursive: true, force: true });
});

/** The status and body curl read, or its exit code when it could not read a response. */
async function curlPost(url: string, file: string, contentType: string) {
  const child = spawn('curl', [
    '--silent',
    '--show-error',
    '--output',
    '-',
    '--write-out',
    '\n%{http_code}',
    '--header',
    `Authorization: ${auth.authorization}`,
    '--header',
    `Content-Type: ${contentType}`,
    '--data-binary',
    `@${file}`,
    url,
  ]);
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const [exitCode] = (await once(child, 'exit')) as [number];
  const cut = output.lastIndexOf('\n');
  return { exitCode, errors, status: Number(output.slice(cut + 1)), body: output.slice(0, cut) };
}

/** fetch's answer, or the network error it met instead. */
async function fetchPost(url: string, body: Buffer | string, contentType: string) {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...auth, 'content-type': contentType },
      body,
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: 0, body: String((error as Error & { cause?: unknown }).cause ?? error) };
  }
}

const routes = [
  { name: 'the media upload', url: () => mediaUrl, file: () => mediaFile, type: 'image/png' },
  {
    name: 'a JSON route',
    url: () => `${server.url}/api/v1/assets/artworks`,
    file: () => jsonFile,
    type: 'application/json',
  },
];

describe('a 413 an 11 MiB body gets can be read by the client', () => {
  for (const route of routes) {
    it(`with fetch, ${TRIES} of ${TRIES} times, on ${route.name}`, async () => {
      const body =
        route.type === 'application/json'
          ? JSON.stringify({ title: 'Too big', note: 'y'.repeat(ELEVEN_MIB) })
          : Buffer.alloc(ELEVEN_MIB, 1);
      const seen: string[] = [];
      for (let i = 0; i < TRIES; i++) {
        const response = await fetchPost(route.url(), body, route.type);
        seen.push(response.status === 413 ? '413' : `${response.status} ${response.body}`);
        if (response.status === 413)
          expect(JSON.parse(response.body)).toMatchObject({ code: 'payload_too_large' });
      }
      expect(seen).toEqual(Array(TRIES).fill('413'));
    });

    it(`with curl, ${TRIES} of ${TRIES} times, on ${route.name}`, async () => {
      const seen: string[] = [];
      for (let i = 0; i < TRIES; i++) {
        const response = await curlPost(route.url(), route.file(), route.type);
        seen.push(
          response.status === 413 ? '413' : `${response.status} exit ${response.exitCode} ${response.errors}`,
        );
        if (response.status === 413)
          expect(JSON.parse(response.body)).toMatchObject({ code: 'payload_too_large' });
      }
      expect(seen).toEqual(Array(TRIES).fill('413'));
    });
  }

  it('also when the body has no Content-Length and passes the limit as it streams', async () => {
    for (let i = 0; i < 5; i++) {
      const chunk = Buffer.alloc(1024 * 1024, 1);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 11) return controller.close();
          sent += 1;
          controller.enqueue(chunk);
        },
      });
      const response = await fetch(mediaUrl, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'image/png' },
        body: stream,
        duplex: 'half',
      });
      expect(response.status).toBe(413);
      expect(((await response.json()) as { code: string }).code).toBe('payload_too_large');
    }
  });

  it('reads a refused body only up to a bound: past it, the connection is closed after the 413', async () => {
    const socket = connect(server.port, '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    const closed = new Promise((resolve) => socket.on('close', resolve));
    socket.write(
      `POST /api/v1/assets/artworks HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${auth.authorization}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${1024 ** 3}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    let written = 0;
    let open = true;
    void closed.then(() => (open = false));
    while (open && written < 1024 ** 3) {
      written += chunk.length;
      if (!socket.write(chunk))
        await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closed]);
    }
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    // The server drains 2 × AVS_MEDIA_MAX_BYTES (20 MiB) at most; the rest is socket buffers, far from 1 GiB.
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });
});
