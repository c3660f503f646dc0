import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { parseLsn } from '../../src/db/replicas.js';

describe('scale-out settings', () => {
  it('DATABASE_READ_URL takes one or more comma-separated PostgreSQL URLs', () => {
    expect(loadConfig({}).DATABASE_READ_URL).toBeUndefined();
    expect(
      loadConfig({ DATABASE_READ_URL: 'postgres://r1:5432/avs, postgresql://r2/avs' }).DATABASE_READ_URL,
    ).toEqual(['postgres://r1:5432/avs', 'postgresql://r2/avs']);
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://r1/avs,http://r2/avs' })).toThrow(ConfigError);
  });

  it('AVS_DB_POOL_MODE is session unless set to transaction; AVS_REPLICA_MAX_LAG_MS defaults to 1 s', () => {
    expect(loadConfig({}).AVS_DB_POOL_MODE).toBe('session');
    expect(loadConfig({ AVS_DB_POOL_MODE: 'transaction' }).AVS_DB_POOL_MODE).toBe('transaction');
    expect(() => loadConfig({ AVS_DB_POOL_MODE: 'statement' })).toThrow(/AVS_DB_POOL_MODE/);
    expect(loadConfig({}).AVS_REPLICA_MAX_LAG_MS).toBe(1_000);
  });

  it('WAL positions compare as numbers, not as text', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(parseLsn('A/1') > parseLsn('9/FFFFFFFF')).toBe(true);
  });
});
