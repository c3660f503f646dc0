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
