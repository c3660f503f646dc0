import { once } from 'node:events';
import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';

/** Delivery on, to a receiver on 127.0.0.1, with retries short enough to wait for in a test. */
export const LOCAL_DELIVERY = {
  AVS_WEBHOOK_DELIVERY: true,
  AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: true,
  AVS_WEBHOOK_RETRY_SCHEDULE: [100, 200, 400],
  AVS_WEBHOOK_TIMEOUT_MS: 2_000,
};

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

/** How the receiver answers the nth request (0-based); it may also never answer. */
export type Responder = (request: ReceivedWebhook, index: number, response: ServerResponse) => void;

export const answer =
  (status: number, body = '') =>
  (_request: ReceivedWebhook, _index: number, response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'text/plain' }).end(body);
  };

/** A real HTTP server on 127.0.0.1 that records every webhook it receives. */
export async function startReceiver(responder: Responder = answer(200, 'ok')) {
  const received: ReceivedWebhook[] = [];
  let respond = responder;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      received.push(entry);
      respond(entry, received.length - 1, response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}/hook`,
    port: address.port,
    received,
    setResponder(next: Responder) {
      respond = next;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close').catch(() => undefined);
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
