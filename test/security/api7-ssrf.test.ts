import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

// OWASP API7:2023 Server Side Request Forgery: webhook targets are the one URL a caller gives the service.
// Also covered: test/webhooks/registration.security.test.ts (private, loopback, link-local, unique-local
// literals and localhost refused), test/webhooks/delivery.test.ts (the address checked again at delivery).
const disguisedInternalTargets = [
  'https://2130706433/',
  'https://0x7f000001/',
  'https://0177.0.0.1/',
  'https://127.1/',
  'https://[::ffff:127.0.0.1]/',
  'https://[::ffff:7f00:1]/',
  'https://[::1]/',
  'https://[fd00::1]/',
  'https://169.254.169.254/latest/meta-data/',
  'https://LOCALHOST/',
  'https://localhost./',
  'https://evil.example.com@127.0.0.1/',
  'https://0.0.0.0/',
  'http://hooks.example.com/',
  'file:///etc/passwd',
  'gopher://hooks.example.com/',
];

describe('API7 server side request forgery: webhook targets', () => {
  let context: TestContext;
  let auth: { authorization: string };
  beforeAll(async () => {
    context = await createTestContext();
    ({ auth } = await context.createAccountWithKey());
  });
  afterAll(() => context.close());

  for (const url of disguisedInternalTargets) {
    it(`refuses ${url} with 400`, async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: auth,
        payload: { url },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(typeof response.json().error).toBe('string');
    });
  }

  it('stores none of them', async () => {
    const list = await context.app.inject({ method: 'GET', url: '/api/v1/webhooks', headers: auth });
    expect(list.json().data).toEqual([]);
  });
});
