import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { createConnection, createServer as createTcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export function urlOf(server: { address(): AddressInfo | string | null }): string {
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * An HTTP proxy in front of the service that answers the first request matching `when` with 503 and
 * Retry-After (as a load balancer does while the service restarts), and forwards every other request.
 */
export async function startUnavailableOnceProxy(
  targetUrl: string,
  when: (request: IncomingMessage) => boolean,
  retryAfterSeconds = 1,
): Promise<{ url: string; refused: number; forwarded: IncomingMessage[]; close(): Promise<void> }> {
  const target = new URL(targetUrl);
  const state = { refused: 0, forwarded: [] as IncomingMessage[] };
  const server: Server = createServer((request, response) => {
    if (state.refused === 0 && when(request)) {
      state.refused += 1;
      request.resume();
      response.writeHead(503, {
        'content-type': 'application/json',
        'retry-after': String(retryAfterSeconds),
      });
      response.end(
        JSON.stringify({ error: 'Down for a moment.', code: 'service_unavailable', request_id: 'proxy-503' }),
      );
      return;
    }
    state.forwarded.push(request);
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: urlOf(server),
    get refused() {
      return state.refused;
    },
    forwarded: state.forwarded,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A TCP proxy that forwards the first POST to the service and then loses its answer: when the service's first
 * bytes come back it closes the client's socket without passing them on. Later connections pass through.
 */
export async function startLostAnswerProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  const state = { dropped: 0, connections: 0 };
  const sockets = new Set<Socket>();
  const server = createTcpServer((client) => {
    state.connections += 1;
    const upstream = createConnection({ host: target.hostname, port: Number(target.port) });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    let dropThis = false;
    client.once('data', (first: Buffer) => {
      dropThis = state.dropped === 0 && first.subarray(0, 5).toString() === 'POST ';
      if (dropThis) state.dropped += 1;
    });
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      // The service has answered (and so committed): the answer is lost on the way back.
      if (dropThis) client.destroy();
      else client.write(chunk);
    });
    upstream.on('end', () => client.end());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: urlOf(server),
    get dropped() {
      return state.dropped;
    },
    get connections() {
      return state.connections;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
