import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/test-app.js';

// Malformed HTTP and slow clients on a real listening server: what app.inject cannot show (raw bytes, slow clients).
const context = useTestContext({
  config: {
    AVS_HEADERS_TIMEOUT_MS: 1_000,
    AVS_REQUEST_TIMEOUT_MS: 2_000,
    AVS_KEEP_ALIVE_TIMEOUT_MS: 500,
    AVS_MAX_CONNECTIONS: 5,
  },
});
let port: number;

beforeAll(async () => {
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  port = (context.app.server.address() as AddressInfo).port;
});

const open: Socket[] = [];
afterAll(() => {
  for (const socket of open) socket.destroy();
});

async function connection(): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  open.push(socket);
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  return socket;
}

/** Everything the server sends until it closes the connection, and how long that took. */
async function untilClosed(socket: Socket, limitMs = 10_000): Promise<{ text: string; ms: number }> {
  const started = Date.now();
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  await Promise.race([once(socket, 'close'), new Promise((resolve) => setTimeout(resolve, limitMs))]);
  return { text, ms: Date.now() - started };
}

function parse(raw: string): { status: number; headers: Record<string, string>; body: string } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('malformed HTTP', () => {
  it('is answered with the error shape, a request id and the security headers', async () => {
    const socket = await connection();
    socket.write('NOT HTTP AT ALL\r\n\r\n');
    const { text } = await untilClosed(socket);
    const response = parse(text);
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(response.body) as Record<string, unknown>;
    expect(body).toEqual({
      error: expect.any(String),
      code: 'malformed_request',
      request_id: expect.any(String),
    });
    expect(response.headers['x-request-id']).toBe(body.request_id);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('slow clients', () => {
  it('closes a connection whose headers never end (headersTimeout), answering 408', async () => {
    const socket = await connection();
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    const { text, ms } = await untilClosed(socket);
    expect(ms).toBeLessThan(5_000);
    expect(parse(text).status).toBe(408);
    expect(text).toContain('"code":"request_timeout"');
  });

  it('closes a connection that trickles its body (requestTimeout)', async () => {
    const socket = await connection();
    socket.write(
      'POST /api/v1/assets/artworks HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
    );
    const trickle = setInterval(() => socket.writable && socket.write(' '), 200);
    const { ms } = await untilClosed(socket);
    clearInterval(trickle);
    expect(ms).toBeLessThan(6_000);
  });

  it('closes an idle keep-alive connection (keepAliveTimeout)', async () => {
    const socket = await connection();
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const { text, ms } = await untilClosed(socket);
    expect(parse(text).status).toBe(200);
    expect(ms).toBeLessThan(3_000);
  });

  it('refuses connections past AVS_MAX_CONNECTIONS, and serves again once they are gone', async () => {
    const held = await Promise.all(Array.from({ length: 5 }, () => connection()));
    // Each held connection has started a request, so that the server has counted it.
    for (const socket of held) socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const extra = await connection();
    extra.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const { text, ms } = await untilClosed(extra, 3_000);
    expect(text).toBe('');
    expect(ms).toBeLessThan(3_000);
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
  });
});
