import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext, type TestContext } from '../helpers/test-app.js';
import { LOGIN_LIMITS } from '../../src/modules/web-pages/login-throttle.js';
import { ADMIN_PASSWORD, createAdmin } from './admin-helpers.js';
import { postSignInForm } from '../helpers/sign-in-forms.js';

const PROXY = '10.1.1.1';

async function logInThrough(context: TestContext, email: string, password: string, client: string) {
  return postSignInForm(context.app, {
    url: '/admin/login',
    headers: { 'x-forwarded-for': client, 'x-forwarded-proto': 'https' },
    fields: { email, password },
    remoteAddress: PROXY,
  });
}

describe('behind a TLS-terminating proxy (AVS_TRUST_PROXY=10.1.1.1)', () => {
  const context = useTestContext({ config: { AVS_TRUST_PROXY: [PROXY] } });
  let email: string;
  beforeAll(async () => {
    email = (await createAdmin(context.db)).email;
  });

  it('marks the session cookie Secure when the proxy says the request came over https', async () => {
    const response = await logInThrough(context, email, ADMIN_PASSWORD, '198.51.100.1');
    expect(response.statusCode).toBe(303);
    expect(String(response.headers['set-cookie'])).toContain('Secure');
  });

  it('throttles log-in per client address, not per proxy address', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAddress.maxFailures; i++)
      expect(
        (await logInThrough(context, `nobody${i}@example.com`, 'wrong password!', '198.51.100.2')).statusCode,
      ).toBe(401);
    expect(
      (await logInThrough(context, 'nobody@example.com', 'wrong password!', '198.51.100.2')).statusCode,
    ).toBe(429);
    // Another client behind the same proxy still logs in.
    expect((await logInThrough(context, email, ADMIN_PASSWORD, '198.51.100.3')).statusCode).toBe(303);
  });
});

describe('reached directly (AVS_TRUST_PROXY off, the default)', () => {
  const context = useTestContext();
  let email: string;
  beforeAll(async () => {
    email = (await createAdmin(context.db)).email;
  });

  it('ignores forwarded headers a client could forge', async () => {
    const response = await logInThrough(context, email, ADMIN_PASSWORD, '198.51.100.9');
    expect(response.statusCode).toBe(303);
    expect(String(response.headers['set-cookie'])).not.toContain('Secure');
    for (let i = 0; i < LOGIN_LIMITS.perAddress.maxFailures; i++)
      await logInThrough(context, `x${i}@example.com`, 'wrong password!', `203.0.113.${i}`);
    // The failures of one real address, whatever X-Forwarded-For claimed: the address is throttled.
    expect((await logInThrough(context, email, ADMIN_PASSWORD, '203.0.113.99')).statusCode).toBe(429);
  });
});

describe('behind one proxy given as a hop count (AVS_TRUST_PROXY=1): a client’s own X-Forwarded-For entry is not its address', () => {
  const context = useTestContext({ config: { AVS_TRUST_PROXY: 1 } });
  let email: string;
  beforeAll(async () => {
    email = (await createAdmin(context.db)).email;
  });

  it('takes the address the proxy appended, not the ones a client wrote before it', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAddress.maxFailures; i++)
      await logInThrough(context, `y${i}@example.com`, 'wrong password!', `203.0.113.${i}, 198.51.100.50`);
    // With "on" (every hop trusted) each forged first entry was a new address and nothing was throttled.
    expect((await logInThrough(context, email, ADMIN_PASSWORD, '198.51.100.50')).statusCode).toBe(429);
    expect(
      (await logInThrough(context, email, ADMIN_PASSWORD, '203.0.113.0, 198.51.100.51')).statusCode,
    ).toBe(303);
  });
});
