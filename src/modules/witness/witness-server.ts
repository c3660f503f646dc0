import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readWitnessIdentity } from './witness-files.js';
import { Witness } from './witness.service.js';

/** A request body is a few proof lines and a checkpoint: anything larger is not one. */
const MAX_BODY_BYTES = 64 * 1024;

export interface RunningWitness {
  witness: Witness;
  /** The submission and monitoring prefix: http://host:port */
  url: string;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'content-type': contentType }).end(body);
}

async function handle(witness: Witness, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://witness').pathname;
  if (path === '/add-checkpoint') {
    if (request.method !== 'POST') return send(response, 405, 'text/plain', 'POST only\n');
    const body = await readBody(request);
    if (body === undefined) return send(response, 413, 'text/plain', 'request too large\n');
    const answer = await witness.addCheckpoint(body);
    return send(response, answer.status, answer.contentType, answer.body);
  }
  const monitored = /^\/([0-9a-f]{64})\/checkpoint$/.exec(path);
  const checkpoint = monitored && request.method === 'GET' && witness.latestCheckpoint(monitored[1]!);
  if (checkpoint) return send(response, 200, 'text/plain; charset=utf-8', checkpoint);
  return send(response, 404, 'text/plain', 'not found\n');
}

/**
 * Serves a witness (C2SP tlog-witness: POST /add-checkpoint, GET /<origin hash>/checkpoint) from its directory,
 * on `port` (0: a free one). Used by `avs witness serve` and by tests that run witnesses in process.
 */
export async function serveWitness(options: {
  dir: string;
  logVkeys: readonly string[];
  port: number;
  host?: string;
}): Promise<RunningWitness> {
  const identity = await readWitnessIdentity(options.dir);
  const witness = await Witness.open({ dir: options.dir, identity, logVkeys: options.logVkeys });
  const server = createServer((request, response) => {
    handle(witness, request, response).catch(() => {
      if (!response.headersSent) send(response, 500, 'text/plain', 'internal error\n');
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    witness,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
