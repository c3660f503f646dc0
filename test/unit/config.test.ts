import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      AVS_DATA_DIR: './data',
      DATABASE_URL: undefined,
      AVS_WEBHOOK_DELIVERY: false,
      AVS_RATE_LIMIT_PER_SECOND: 100,
      AVS_RATE_LIMIT_BURST: 200,
      AVS_WEBHOOK_RETRY_SCHEDULE: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it.each([
    ['PORT', 'abc', 'an integer from 0 to 65535'],
    ['PORT', '70000', 'an integer from 0 to 65535'],
    ['DATABASE_URL', 'mysql://x', 'a postgres:// or postgresql:// URL'],
    ['LOG_LEVEL', 'loud', '"fatal", "error", "warn", "info", "debug", "trace", "silent"'],
    ['AVS_WEBHOOK_DELIVERY', 'maybe', '"on" or "off"'],
    ['AVS_WEBHOOK_RETRY_SCHEDULE', '5s,soon', 'a comma-separated list of durations'],
    ['AVS_CORS_ORIGINS', 'https://a.example/path', 'a comma-separated list of origins'],
  ])('refuses %s=%s naming the variable and what it accepts', (name, value, accepts) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(`Invalid ${name}=`);
    expect((error as Error).message).toContain(accepts);
  });

  it.each(['1e3', ' 8080', '0x1F', '+5', '80.0'])(
    'refuses PORT=%s: a number is written in digits only',
    (value) => {
      expect(() => loadConfig({ PORT: value })).toThrow(`Invalid PORT=${JSON.stringify(value)}`);
    },
  );

  it('parses durations, switches and origin lists', () => {
    const config = loadConfig({
      AVS_WEBHOOK_RETRY_SCHEDULE: '1s,2s,250ms',
      AVS_WEBHOOK_DELIVERY: 'on',
      AVS_CORS_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(config.AVS_WEBHOOK_RETRY_SCHEDULE).toEqual([1000, 2000, 250]);
    expect(config.AVS_WEBHOOK_DELIVERY).toBe(true);
    expect(config.AVS_CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
  });
});

describe('security settings: admin token length, trusted proxies, metrics access', () => {
  const refusal = (env: Record<string, string>): string => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it('refuses an AVS_ADMIN_TOKEN shorter than 32 characters, in one line naming the variable', () => {
    const message = refusal({ AVS_ADMIN_TOKEN: 'short-admin-token' });
    expect(message).toContain('AVS_ADMIN_TOKEN');
    expect(message).toContain('at least 32 characters');
    expect(message).not.toContain('\n');
    // The secret itself is not repeated (the message lands in logs).
    expect(message).not.toContain('short-admin-token');
    expect(loadConfig({ AVS_ADMIN_TOKEN: 'x'.repeat(32) }).AVS_ADMIN_TOKEN).toBe('x'.repeat(32));
  });

  it('refuses a short AVS_METRICS_TOKEN and reads AVS_METRICS_PORT', () => {
    expect(refusal({ AVS_METRICS_TOKEN: 'short' })).toContain('AVS_METRICS_TOKEN');
    expect(loadConfig({ AVS_METRICS_PORT: '9464' }).AVS_METRICS_PORT).toBe(9464);
    expect(loadConfig({}).AVS_METRICS_PORT).toBeUndefined();
  });

  it.each(['on', 'true', 'ON', 'yes'])(
    'refuses AVS_TRUST_PROXY=%s with one line saying what to write instead',
    (value) => {
      const message = refusal({ AVS_TRUST_PROXY: value });
      expect(message).toContain('AVS_TRUST_PROXY');
      expect(message).toContain('the number of proxies');
      expect(message).toContain('addresses or CIDRs');
      expect(message).not.toContain('\n');
    },
  );

  it.each([
    ['off', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 127.0.0.1,::1', ['10.0.0.0/8', '127.0.0.1', '::1']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ] as const)('reads AVS_TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ AVS_TRUST_PROXY: value }).AVS_TRUST_PROXY).toEqual(expected);
  });

  it.each(['10.0.0.0/33', 'proxy.example.com', '10.0.0.1 10.0.0.2', '1.2.3'])(
    'refuses AVS_TRUST_PROXY=%s',
    (value) => {
      expect(refusal({ AVS_TRUST_PROXY: value })).toContain('AVS_TRUST_PROXY');
    },
  );

  it('has slow-client timeouts and a connection cap by default', () => {
    expect(loadConfig({})).toMatchObject({
      AVS_REQUEST_TIMEOUT_MS: 30_000,
      AVS_HEADERS_TIMEOUT_MS: 10_000,
      AVS_KEEP_ALIVE_TIMEOUT_MS: 5_000,
      AVS_MAX_CONNECTIONS: 10_000,
    });
  });
});
