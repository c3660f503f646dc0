import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Reads and drops what is left of a request body the response did not wait for, so that a client still sending
 * it reads the response: closed at once, its socket would answer the client's next bytes with a reset, and the
 * client would lose the response it had not read yet. Past `maxBytes` the connection is closed, once the
 * response is out: an attacker cannot make the server read an endless body.
 */
function drainRefusedBody(request: IncomingMessage, response: ServerResponse, maxBytes: number): void {
  let drained = 0;
  const onData = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained <= maxBytes) return;
    request.removeListener('data', onData);
    request.pause();
    if (response.writableFinished) request.socket.destroy();
    else response.once('finish', () => request.socket.destroy());
  };
  request.on('data', onData);
  request.resume();
}

/**
 * Every response sent before its request's body was read (a 401, a 404, a 413 on the declared length, a 415)
 * drains that body up to a bound. Fastify asks to close the connection after a body it refused; drained, the
 * body's end is known and the connection stays usable, so that request is let keep it.
 */
export const refusedBodiesPlugin = fp(
  async (app: FastifyInstance, options: { drainBytes: number }) => {
    // A callback hook: it runs on every response, and an async one costs a promise each time.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!request.raw.complete && !request.raw.readableEnded) {
        void reply.removeHeader('connection');
        drainRefusedBody(request.raw, reply.raw, options.drainBytes);
      }
      done(null, payload);
    });
  },
  { name: 'refused-bodies' },
);
