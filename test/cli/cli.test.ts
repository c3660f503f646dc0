import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAvsInProcess } from '../helpers/cli-in-process.js';
import { runAvs } from '../helpers/processes.js';
import { createChildDatabaseEnv, createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

const json = (stdout: string) => {
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
};

// The built binary, spawned: what only it does (the environment, the exit code, stdin, its own database connection).
describe('the avs binary, end to end', () => {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ env, drop } = await createChildDatabaseEnv());
  });
  afterAll(() => drop());

  it('accounts create --json prints exactly one JSON object with the new account', async () => {
    const result = await runAvs(['accounts', 'create', '--name', 'Gallery One', '--json'], { env });
    expect(result.code).toBe(0);
    const account = json(result.stdout);
    expect(account).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Gallery One',
      created_at: expect.any(String),
    });
  });

  it('exits 2 with the usage for an unknown command', async () => {
    const result = await runAvs(['bogus'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: avs');
    expect(result.stdout).toBe('');
  });

  it('stops with one line naming the variable when the configuration is invalid', async () => {
    const result = await runAvs(['serve'], { env: { ...env, PORT: 'abc' } });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'avs: Invalid PORT="abc": expected an integer from 0 to 65535.',
    ]);
  });

  it('admin create reads the password from stdin', async () => {
    const created = await runAvs(['admin', 'create', '--email', 'ops@example.com', '--json'], {
      env,
      input: 'correct horse battery staple\n',
    });
    expect(created.code, created.stderr).toBe(0);
    expect(json(created.stdout)).toMatchObject({ email: 'ops@example.com' });
    expect(created.stdout).not.toContain('password');
  });
});

// The commands themselves, through runCli (what the binary calls) on an open test database.
describe('avs commands, in process', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());
  const avs = (args: string[], options: { input?: string } = {}) =>
    runAvsInProcess(args, { db: database.db, ...options });

  it('keys create --json prints the documented fields, and the key in clear appears nowhere in the database', async () => {
    const account = json((await avs(['accounts', 'create', '--name', 'Keys Ltd', '--json'])).stdout);
    const result = await avs([
      'keys',
      'create',
      '--account',
      String(account.id),
      '--planet',
      'artworks',
      '--planet',
      'watches',
      '--name',
      'ci',
      '--expires-at',
      '2099-01-01T00:00:00Z',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const key = json(result.stdout);
    expect(Object.keys(key).sort()).toEqual(
      ['account_id', 'created_at', 'expires_at', 'id', 'key', 'name', 'planet_scope', 'prefix'].sort(),
    );
    expect(key).toMatchObject({
      account_id: account.id,
      planet_scope: ['artworks', 'watches'],
      name: 'ci',
      expires_at: '2099-01-01T00:00:00.000Z',
    });
    const secret = String(key.key);
    expect(secret).toMatch(/^pk_svc_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(String(key.prefix))).toBe(true);
    expect(String(key.prefix)).toMatch(/^pk_svc_.{4,6}$/);

    const listed = await avs(['keys', 'list', '--json']);
    expect(listed.stdout).not.toContain(secret);
    expect(listed.stdout).toContain(String(key.prefix));

    const { db } = database;
    const { rows: tables } = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(5);
    const secretPart = secret.slice('pk_svc_'.length);
    for (const { table_name } of tables) {
      const { rows } = await db.query<{ row: string }>(`SELECT t::text AS row FROM "${table_name}" t`);
      for (const { row } of rows) {
        expect(row, `table ${table_name}`).not.toContain(secretPart);
        // bytea columns print as hex: the key's bytes must not be there either.
        expect(row, `table ${table_name}`).not.toContain(Buffer.from(secret).toString('hex'));
      }
    }
  });

  it('keys revoke marks the key revoked', async () => {
    const account = json((await avs(['accounts', 'create', '--name', 'Revokers', '--json'])).stdout);
    const key = json((await avs(['keys', 'create', '--account', String(account.id), '--json'])).stdout);
    const revoked = await avs(['keys', 'revoke', String(key.id), '--json']);
    expect(revoked.code).toBe(0);
    expect(json(revoked.stdout)).toMatchObject({
      id: key.id,
      status: 'revoked',
      revoked_at: expect.any(String),
    });
    const unknown = await avs(['keys', 'revoke', '00000000-0000-4000-8000-000000000000']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/does not exist/);
  });

  it('accounts list shows key and asset counts', async () => {
    const result = await avs(['accounts', 'list', '--json']);
    expect(result.code).toBe(0);
    const { data } = json(result.stdout) as {
      data: { name: string; key_count: number; asset_count: number }[];
    };
    expect(data.find((account) => account.name === 'Keys Ltd')).toMatchObject({
      key_count: 1,
      asset_count: 0,
    });
  });

  it('keys create refuses an unknown planet and an unknown account with exit 1', async () => {
    const account = json((await avs(['accounts', 'create', '--name', 'Scopes', '--json'])).stdout);
    const planet = await avs(['keys', 'create', '--account', String(account.id), '--planet', 'spaceships']);
    expect(planet.code).toBe(1);
    expect(planet.stderr).toMatch(/Unknown planet "spaceships"/);
    const missing = await avs(['keys', 'create', '--account', '00000000-0000-4000-8000-000000000000']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/does not exist/);
  });
  it.each([
    [['bogus']],
    [['keys', 'create']],
    [['accounts', 'create', '--name']],
    [['keys', 'create', '--account', 'x', '--colour', 'red']],
    [['keys', 'revoke']],
    [['keys', 'create', '--account', 'x', '--expires-at', 'tomorrow']],
  ])('exits 2 with the usage for bad arguments: avs %j', async (args) => {
    const result = await avs(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: avs');
    expect(result.stdout).toBe('');
  });

  it('admin create takes the password given, or generates one, and refuses a short one', async () => {
    const created = await avs(['admin', 'create', '--email', 'ops@example.com', '--json'], {
      input: 'correct horse battery staple\n',
    });
    expect(created.code, created.stderr).toBe(0);
    expect(json(created.stdout)).toMatchObject({ email: 'ops@example.com' });
    expect(created.stdout).not.toContain('password');
    const generated = await avs(['admin', 'create', '--email', 'gen@example.com', '--json']);
    expect(json(generated.stdout)).toMatchObject({ email: 'gen@example.com', password: expect.any(String) });
    const short = await avs(['admin', 'create', '--email', 'short@example.com'], { input: 'abc' });
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/at least 12 characters/);
  });
});
