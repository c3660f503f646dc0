import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import { useTestContext } from '../helpers/test-app.js';

// Found from outside, item 9: a body refused before it is read (413 on its declared length, or any early
// refusal) must reach a real client as the response, not as a connection reset while it is still sending.
// On a real socket, with Node's fetch and with curl: 20 of 20 tries read the 413.
const context = useTestContext();
const TRIES = 20;
const ELEVEN_MIB = 11 * 1024 * 1024;
let base: string;
let auth: { authorization: string };
let mediaUrl: string;
let directory: string;
let mediaFile: string;
let jsonFile: string;

beforeAll(async () => {
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
  ({ auth } = await context.createAccountWithKey());
  const asset = await createAssetViaApi(context.app, auth);
  mediaUrl = `${base}/files/v1/assets/artworks/${asset.id}/media`;
  directory = await mkdtemp(path.join(tmpdir(), 'avs-refusals-'));
  mediaFile = path.join(directory, 'big.png');
  jsonFile = path.join(directory, 'big.json');
  await writeFile(mediaFile, Buffer.alloc(ELEVEN_MIB, 1));
  await writeFile(jsonFile, JSON.stringify({ title: 'Too big', note: 'y'.repeat(ELEVEN_MIB) }));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
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
  { name: 'a JSON route', url: () => `${base}/api/v1/assets/artworks`, file: () => jsonFile, type: 'application/json' },
];

describe('a 413 an 11 MiB body gets can be read by the client', () => {
  for (const route of routes) {
    it(`with fetch, ${TRIES} of ${TRIES} times, on ${route.name}`, async () => {
      const body = route.type === 'application/json'
        ? JSON.stringify({ title: 'Too big', note: 'y'.repeat(ELEVEN_MIB) })
        : Buffer.alloc(ELEVEN_MIB, 1);
      const seen: string[] = [];
      for (let i = 0; i < TRIES; i++) {
        const response = await fetchPost(route.url(), body, route.type);
        seen.push(response.status === 413 ? '413' : `${response.status} ${response.body}`);
        if (response.status === 413) expect(JSON.parse(response.body)).toMatchObject({ code: 'payload_too_large' });
      }
      expect(seen).toEqual(Array(TRIES).fill('413'));
    });

    it(`with curl, ${TRIES} of ${TRIES} times, on ${route.name}`, async () => {
      const seen: string[] = [];
      for (let i = 0; i < TRIES; i++) {
        const response = await curlPost(route.url(), route.file(), route.type);
        seen.push(response.status === 413 ? '413' : `${response.status} exit ${response.exitCode} ${response.errors}`);
        if (response.status === 413) expect(JSON.parse(response.body)).toMatchObject({ code: 'payload_too_large' });
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
      } as RequestInit);
      expect(response.status).toBe(413);
      expect((await response.json()).code).toBe('payload_too_large');
    }
  });

  it('reads a refused body only up to a bound: past it, the connection is closed after the 413', async () => {
    const { port } = context.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    const closed = once(socket, 'close');
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
      if (!socket.write(chunk)) await Promise.race([once(socket, 'drain'), closed]);
    }
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    // The server drains 2 × AVS_MEDIA_MAX_BYTES (20 MiB) at most; the rest is socket buffers, far from 1 GiB.
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });
});
