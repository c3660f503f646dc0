import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { connectionStringsPerHost } from '../../src/db/leader.js';
import { parseLsn } from '../../src/db/replicas.js';

describe('scale-out settings', () => {
  it('DATABASE_READ_URL takes one or more comma-separated PostgreSQL URLs', () => {
    expect(loadConfig({}).DATABASE_READ_URL).toBeUndefined();
    expect(
      loadConfig({ DATABASE_READ_URL: 'postgres://r1:5432/avs, postgresql://r2/avs' }).DATABASE_READ_URL,
    ).toEqual(['postgres://r1:5432/avs', 'postgresql://r2/avs']);
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://r1/avs,http://r2/avs' })).toThrow(ConfigError);
  });

  it("DATABASE_URL takes libpq's several hosts (a Patroni cluster), one connection string per host", () => {
    const url = 'postgres://avs:secret@db1:5432,db2:6432,db3/avs?target_session_attrs=read-write';
    expect(loadConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db1,db2/avs' })).toThrow(ConfigError);
    expect(connectionStringsPerHost(url)).toEqual([
      'postgres://avs:secret@db1:5432/avs?target_session_attrs=read-write',
      'postgres://avs:secret@db2:6432/avs?target_session_attrs=read-write',
      'postgres://avs:secret@db3/avs?target_session_attrs=read-write',
    ]);
    expect(connectionStringsPerHost('postgresql://db1:5432/avs')).toEqual(['postgresql://db1:5432/avs']);
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
