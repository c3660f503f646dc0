import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_SECURITY_HEADERS, HELMET_OPTIONS } from '../../src/plugins/security-headers.js';

// The service writes its security headers once (not per response); they must stay what helmet makes of its options.
describe('security headers', () => {
  it('are exactly the set helmet builds from the same options', async () => {
    const bare = Fastify({ logger: false });
    const withHelmet = Fastify({ logger: false });
    await withHelmet.register(helmet, { global: true, ...HELMET_OPTIONS });
    for (const app of [bare, withHelmet]) app.get('/', async () => ({ ok: true }));
    const without = (await bare.inject({ method: 'GET', url: '/' })).headers;
    const made = (await withHelmet.inject({ method: 'GET', url: '/' })).headers;
    const helmetSet = Object.fromEntries(
      Object.entries(made).filter(([name]) => !(name in without) || without[name] !== made[name]),
    );
    expect(helmetSet).toEqual({ ...API_SECURITY_HEADERS });
    await Promise.all([bare.close(), withHelmet.close()]);
  });
});
