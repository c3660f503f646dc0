import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { revokeApiKey } from '../../src/modules/keys/keys.service.js';
import type { TestContext } from './test-app.js';

export interface SecurityCase {
  name: string;
  headers: Record<string, string>;
  status: number;
  code: string;
}

/**
 * The refusals every endpoint shares: no key, an unknown key, a revoked key, an expired key (401),
 * and, for planet-bound endpoints, a key scoped to another planet (400 planet_scope_mismatch).
 */
export async function securityCases(
  context: TestContext,
  options: { planet?: string; otherPlanet?: string } = {},
): Promise<SecurityCase[]> {
  const { accountId } = await context.createAccountWithKey();
  const revoked = await context.createApiKey(accountId);
  await revokeApiKey(context.db, revoked.id, { actor: { admin: true } });
  const expired = await context.createApiKey(accountId);
  await context.db.query(`UPDATE api_keys SET expires_at = now() - interval '1 hour' WHERE id = $1`, [
    expired.id,
  ]);
  const cases: SecurityCase[] = [
    { name: 'no key', headers: {}, status: 401, code: 'unauthorized' },
    {
      name: 'an unknown key',
      headers: { authorization: `Bearer pk_svc_${'A'.repeat(43)}` },
      status: 401,
      code: 'unauthorized',
    },
    {
      name: 'a revoked key',
      headers: { authorization: `Bearer ${revoked.key}` },
      status: 401,
      code: 'unauthorized',
    },
    {
      name: 'an expired key',
      headers: { authorization: `Bearer ${expired.key}` },
      status: 401,
      code: 'unauthorized',
    },
    {
      name: 'another scheme',
      headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      status: 401,
      code: 'unauthorized',
    },
  ];
  if (options.planet) {
    const scoped = await context.createApiKey(accountId, { planetScope: [options.otherPlanet ?? 'watches'] });
    cases.push({
      name: 'a key scoped to another planet',
      headers: { authorization: `Bearer ${scoped.key}` },
      status: 400,
      code: 'planet_scope_mismatch',
    });
  }
  return cases;
}

/** Sends the request once per case and checks status, error body and (for 401) WWW-Authenticate. */
export async function expectSecurityRefusals(
  context: TestContext,
  cases: SecurityCase[],
  request: InjectOptions,
): Promise<void> {
  for (const entry of cases) {
    const response = await context.app.inject({
      ...request,
      headers: { ...(request.headers ?? {}), ...entry.headers },
    });
    expect(response.statusCode, `${entry.name}: ${response.body}`).toBe(entry.status);
    const body = response.json<{ code: string; error: unknown }>();
    expect(body.code, entry.name).toBe(entry.code);
    expect(typeof body.error).toBe('string');
    if (entry.status === 401) expect(response.headers['www-authenticate']).toBe('Bearer');
  }
}
