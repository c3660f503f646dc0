import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/test-app.js';
import { revokeApiKey } from '../../src/modules/keys/keys.service.js';

describe('API key authentication', () => {
  const context = useTestContext();
  let key: string;
  let accountId: string;
  beforeAll(async () => {
    ({ key, accountId } = await context.createAccountWithKey());
  });

  // Any authenticated route will do: an asset that does not exist is a 404 once the key is accepted.
  const probe = (authorization?: string) =>
    context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/artworks/${randomUUID()}`,
      headers: authorization === undefined ? {} : { authorization },
    });

  it('accepts the key with the scheme word in any case', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const response = await probe(`${scheme} ${key}`);
      expect(response.statusCode, scheme).toBe(404);
      expect(response.json().code).toBe('asset_not_found');
    }
  });

  it('gives every kind of bad credential the same 401, body and WWW-Authenticate header', async () => {
    const expired = await context.createApiKey(accountId);
    await context.db.query("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [
      expired.id,
    ]);
    const revoked = await context.createApiKey(accountId);
    await revokeApiKey(context.db, revoked.id, { actor: { admin: true } });

    const attempts: Record<string, string | undefined> = {
      'no header': undefined,
      'empty header': '',
      'another scheme': `Basic ${Buffer.from('user:pass').toString('base64')}`,
      'scheme without key': 'Bearer',
      'key without scheme': key,
      'wrong prefix': `Bearer sk_live_${key.slice(7)}`,
      'unknown key': `Bearer pk_svc_${'A'.repeat(43)}`,
      'truncated key': `Bearer ${key.slice(0, -1)}`,
      'two tokens': `Bearer ${key} ${key}`,
      'expired key': `Bearer ${expired.key}`,
      'revoked key': `Bearer ${revoked.key}`,
    };
    const bodies = new Set<string>();
    for (const [label, authorization] of Object.entries(attempts)) {
      const response = await probe(authorization);
      expect(response.statusCode, label).toBe(401);
      expect(response.headers['www-authenticate'], label).toBe('Bearer');
      const { request_id, ...rest } = response.json();
      expect(request_id, label).toBe(response.headers['x-request-id']);
      bodies.add(JSON.stringify(rest));
    }
    expect([...bodies]).toEqual([
      JSON.stringify({ error: 'Invalid or missing API key.', code: 'unauthorized' }),
    ]);
  });

  it('records last_used_at off the request path, at most once a minute per key', async () => {
    const { apiKey, key: fresh } = await context.createAccountWithKey();
    await probe(`Bearer ${fresh}`);
    const before = await context.db.query<{ last_used_at: Date | null }>(
      'SELECT last_used_at FROM api_keys WHERE id = $1',
      [apiKey.id],
    );
    expect(before.rows[0]!.last_used_at).toBeNull();
    await context.app.apiKeys.flushLastUsed();
    const first = await context.db.query<{ last_used_at: Date }>(
      'SELECT last_used_at FROM api_keys WHERE id = $1',
      [apiKey.id],
    );
    expect(first.rows[0]!.last_used_at).toBeInstanceOf(Date);
    await probe(`Bearer ${fresh}`);
    await context.app.apiKeys.flushLastUsed();
    const second = await context.db.query<{ last_used_at: Date }>(
      'SELECT last_used_at FROM api_keys WHERE id = $1',
      [apiKey.id],
    );
    expect(second.rows[0]!.last_used_at.getTime()).toBe(first.rows[0]!.last_used_at.getTime());
  });
});
