// The floor: a bare Fastify server doing a get's and a create's queries, and serving media files with
// @fastify/static, with no auth, validation, hooks or logging. Started by run.ts as a child process, like the service.
import { randomUUID } from 'node:crypto';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import pg from 'pg';
import {
  FIND_ASSET_SQL,
  INSERT_ASSET_WITH_CREATED_EVENT_SQL,
} from '../src/modules/assets/assets.repository.js';

export interface FloorOptions {
  port: number;
  databaseUrl: string;
  poolSize: number;
  accountId: string;
  apiKeyId: string;
  /** Whether a create is sent inside BEGIN … COMMIT, as the service sends it. */
  createStatements: 'transaction' | 'single';
  /** A directory served under /media/ (the media service's AVS_MEDIA_DIR), when given. */
  mediaRoot?: string;
}

const options = JSON.parse(process.argv[2] ?? '{}') as FloorOptions;
const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize, keepAlive: true });
const app = Fastify({ logger: false });

app.get('/healthz', async () => ({ status: 'ok' }));
if (options.mediaRoot) await app.register(fastifyStatic, { root: options.mediaRoot, prefix: '/media/' });

app.get<{ Params: { planet: string; id: string } }>('/assets/:planet/:id', async (request, reply) => {
  const { rows } = await pool.query(FIND_ASSET_SQL, [request.params.planet, request.params.id]);
  if (rows.length === 0) return reply.code(404).send({ error: 'not found' });
  return rows[0];
});

app.post<{ Params: { planet: string }; Body: Record<string, unknown> }>(
  '/assets/:planet',
  async (request, reply) => {
    const { title, ...attributes } = request.body;
    const id = randomUUID();
    const now = new Date().toISOString();
    const params = [
      id,
      request.params.planet,
      title,
      options.accountId,
      JSON.stringify(attributes),
      now,
      randomUUID(),
      'CREATED',
      JSON.stringify({ source: 'api', api_key_id: options.apiKeyId }),
      '0'.repeat(64),
      randomUUID(),
      JSON.stringify({ id, title, account_id: options.accountId, created_at: now, ...attributes }),
      // No inventory number, as a create without one (the statement's 13th parameter since issue #49).
      null,
    ];
    if (options.createStatements === 'single') {
      const { rows } = await pool.query(INSERT_ASSET_WITH_CREATED_EVENT_SQL, params);
      return reply.code(201).send(rows[0]);
    }
    const client = await pool.connect();
    let row: unknown;
    try {
      await client.query('BEGIN');
      row = (await client.query(INSERT_ASSET_WITH_CREATED_EVENT_SQL, params)).rows[0];
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
    return reply.code(201).send(row);
  },
);

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});

await app.listen({ port: options.port, host: '127.0.0.1' });
