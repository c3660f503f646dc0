import { beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_TARGET_FORMS, FORBIDDEN_TARGET_HOSTS } from '../helpers/ssrf-cases.js';
import { useTestContext } from '../helpers/test-app.js';

// OWASP API7:2023 Server Side Request Forgery: webhook targets are the one URL a caller gives the service.
// The cases are helpers/ssrf-cases.ts, which test/webhooks/registration.security.test.ts also sends (checking
// each refusal's reason); test/webhooks/delivery.security.test.ts checks the address again at delivery.
describe('API7 server side request forgery: webhook targets', () => {
  const context = useTestContext();
  let auth: { authorization: string };
  beforeAll(async () => {
    ({ auth } = await context.createAccountWithKey());
  });

  for (const url of [...FORBIDDEN_TARGET_HOSTS, ...FORBIDDEN_TARGET_FORMS]) {
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
