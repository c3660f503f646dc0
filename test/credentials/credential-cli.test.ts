import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPendingAsset } from '../admin/admin-helpers.js';
import { runAvsInProcess } from '../helpers/cli-in-process.js';
import { runAvs } from '../helpers/processes.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { moveCertificate, publicCredential, CREDENTIALS_TEST_CONFIG } from './credential-helpers.js';

let context: TestContext;
let dir: string;

beforeAll(async () => {
  context = await createTestContext({ config: CREDENTIALS_TEST_CONFIG });
  dir = await mkdtemp(path.join(tmpdir(), 'avs-verify-credential-'));
});
afterAll(async () => context.close());

async function save(name: string, value: unknown): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, JSON.stringify(value));
  return file;
}

async function served(url: string): Promise<unknown> {
  return (await context.app.inject({ method: 'GET', url })).json();
}

/** The three files a third party holds: the credential, the DID document, the two status lists. */
async function filesFor(number: string, tag: string) {
  const credential = await save(`${tag}-credential.json`, await publicCredential(context.app, number));
  const did = await save(`${tag}-did.json`, await served('/.well-known/did.json'));
  const revocation = await save(`${tag}-revocation.json`, await served('/status/revocation/1'));
  const suspension = await save(`${tag}-suspension.json`, await served('/status/suspension/1'));
  return {
    credential,
    args: [credential, '--did-document', did, '--status-list', revocation, '--status-list', suspension],
  };
}

describe('avs verify-credential', () => {
  it('VALID exit 0, SUSPENDED and REVOKED exit 1, INVALID exit 1, UNCHECKED exit 3, bad arguments exit 2', async () => {
    const { accountId } = await context.createAccountWithKey();
    const asset = await createPendingAsset(context.db, accountId, { title: 'The Magpie' });
    await moveCertificate(context.app, asset.certificateNumber, 'issue');

    const issued = await filesFor(asset.certificateNumber, 'issued');
    // The built binary end to end; the other answers come from the same command run in process.
    const valid = await runAvs(['verify-credential', ...issued.args]);
    expect(valid.code, valid.stderr).toBe(0);
    expect(valid.stdout).toMatch(/^VALID\n/);
    expect(valid.stdout).toContain(asset.certificateNumber);
    // An alert (docs/alerts.md) leaves the status bits alone: the answer points to the public page, where alerts show.
    expect(valid.stdout).toMatch(
      new RegExp(`reported stolen or lost\\? see https?://[^/]+/c/${asset.certificateNumber} `),
    );

    const json = await runAvsInProcess(['verify-credential', ...issued.args, '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      result: 'VALID',
      types: expect.any(Array),
      public_page: expect.stringMatching(new RegExp(`/c/${asset.certificateNumber}$`)),
    });

    // The credential from standard input.
    const fromStdin = await runAvs(['verify-credential', '-', ...issued.args.slice(1)], {
      input: JSON.stringify(await publicCredential(context.app, asset.certificateNumber)),
    });
    expect(fromStdin.code).toBe(0);

    await moveCertificate(context.app, asset.certificateNumber, 'suspend');
    const suspended = await runAvsInProcess([
      'verify-credential',
      ...(await filesFor(asset.certificateNumber, 's')).args,
    ]);
    expect(suspended.code).toBe(1);
    expect(suspended.stdout).toMatch(/^SUSPENDED/);

    await moveCertificate(context.app, asset.certificateNumber, 'revoke');
    const revoked = await runAvsInProcess([
      'verify-credential',
      ...(await filesFor(asset.certificateNumber, 'r')).args,
    ]);
    expect(revoked.code).toBe(1);
    expect(revoked.stdout).toMatch(/^REVOKED/);

    const forged = (await publicCredential(context.app, asset.certificateNumber)) as {
      credentialSubject: { title: string };
    };
    forged.credentialSubject.title = 'The Magpie (forged)';
    const invalid = await runAvsInProcess([
      'verify-credential',
      await save('forged.json', forged),
      ...issued.args.slice(1),
    ]);
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toMatch(/^INVALID: the signature does not match/);

    // No status lists given: the verifier fetches them from AVS_PUBLIC_URL, where nothing answers.
    const unchecked = await runAvsInProcess([
      'verify-credential',
      issued.args[0]!,
      '--did-document',
      issued.args[2]!,
    ]);
    expect(unchecked.code).toBe(3);
    expect(unchecked.stdout).toMatch(
      /^UNCHECKED: could not fetch the status list https:\/\/localhost:1\/status\//,
    );

    for (const args of [
      [],
      ['/no/such/file.json'],
      [issued.credential, '--bogus'],
      [issued.credential, 'two'],
    ]) {
      const bad = await runAvsInProcess(['verify-credential', ...args]);
      expect(bad.code, args.join(' ')).toBe(2);
    }
  });
});

describe('avs signing-keys', () => {
  let database: TestDatabase;
  const masterKey = Buffer.alloc(32, 42).toString('base64');
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());
  const avs = (args: string[]) =>
    runAvsInProcess(args, { db: database.db, config: { AVS_MASTER_KEY: masterKey } });

  it('rotate makes a new signing key and keeps the old one published; retire unpublishes; list shows all', async () => {
    const first = await avs(['signing-keys', 'rotate', '--json']);
    expect(first.code, first.stderr).toBe(0);
    const firstKey = JSON.parse(first.stdout) as { id: string; status: string };
    expect(firstKey.status).toBe('active');
    const second = JSON.parse((await avs(['signing-keys', 'rotate', '--json'])).stdout) as {
      id: string;
    };
    const listed = JSON.parse((await avs(['signing-keys', 'list', '--json'])).stdout) as {
      data: { id: string; status: string }[];
    };
    expect(listed.data.map((key) => [key.id, key.status])).toEqual([
      [firstKey.id, 'published'],
      [second.id, 'active'],
    ]);
    const retired = await avs(['signing-keys', 'retire', firstKey.id, '--json']);
    expect(retired.code).toBe(0);
    expect(JSON.parse(retired.stdout)).toMatchObject({ retired: { id: firstKey.id, status: 'retired' } });

    const unknown = await avs(['signing-keys', 'retire', 'no-such-key']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No signing key no-such-key');
    // One thumbprint in 64 begins with '-': such an id is still the key to retire, not an unknown option.
    const dashed = `-${'A'.repeat(42)}`;
    const unknownDashed = await avs(['signing-keys', 'retire', dashed, '--json']);
    expect(unknownDashed.code, unknownDashed.stderr).toBe(1);
    expect(unknownDashed.stderr).toContain(`No signing key ${dashed}`);
    expect((await avs(['signing-keys', 'retire'])).code).toBe(2);

    // Private halves are stored under AVS_MASTER_KEY, never in clear.
    const { rows } = await database.db.query<{ private_key_encryption: string }>(
      'SELECT private_key_encryption FROM signing_keys',
    );
    expect(rows.map((row) => row.private_key_encryption)).toEqual(['aes-256-gcm', 'aes-256-gcm']);
  });
});
