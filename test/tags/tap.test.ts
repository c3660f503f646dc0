import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PreparedStatement } from '../../src/db/database.js';
import { listEvents } from '../../src/modules/chain/events.repository.js';
import { verifyCredential } from '../../src/modules/credentials/credential-verifier.js';
import type { CountedTap } from '../../src/modules/tags/tag-taps.repository.js';
import { rotateTagKeys } from '../../src/modules/tags/tag-keys.service.js';
import { TapRecorder } from '../../src/modules/tags/tap.service.js';
import { SDM_READ_COUNTER_MAX } from '../../src/modules/tags/sun-crypto.js';
import { CREDENTIALS_TEST_CONFIG, servedBy } from '../credentials/credential-helpers.js';
import {
  createAssetViaApi,
  issueCertificateForTest,
  setCertificateStatusForTest,
  type CreatedAsset,
} from '../helpers/asset-factory.js';
import { countingStatements } from '../helpers/counting-statements.js';
import { SoftwareTag, softwareTagOf, type ProvisioningAnswer } from '../helpers/software-tag.js';
import { useTestContext } from '../helpers/test-app.js';

const context = useTestContext({ config: CREDENTIALS_TEST_CONFIG });

type Auth = { authorization: string };
interface TapAnswer {
  id: string;
  verdict: string;
  counter: number | null;
  certificate: { number: string; status: string; alert: { kind: string; since: string } | null } | null;
  tapped_at: string;
  receipt: Record<string, unknown> & { credentialSubject: unknown };
}
interface Bound extends ProvisioningAnswer {
  tag: { id: string; uid: string };
}

let owner: { accountId: string; auth: Auth };
let buyer: { accountId: string; auth: Auth };
let uidSequence = 0x20;
const newUid = () => `04C0FFEE1234${(uidSequence++).toString(16).toUpperCase().padStart(2, '0')}`;

beforeAll(async () => {
  owner = await context.createAccountWithKey({ name: 'Maison Horlogère' });
  buyer = await context.createAccountWithKey({ name: 'A Buyer' });
});

/** An asset of the owner (its certificate issued unless told otherwise) and the tag bound to it, as written. */
async function taggedAsset(options: { issued?: boolean; tamper?: boolean } = {}) {
  const asset = await createAssetViaApi(context.app, owner.auth, 'watches', {
    title: 'Reverso Tribute',
    brand: 'Jaeger-LeCoultre',
  });
  if (options.issued !== false) await issueCertificateForTest(context.db, asset);
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/watches/${asset.id}/tags`,
    headers: owner.auth,
    payload: { uid: newUid(), tamper: options.tamper ?? false },
  });
  expect(response.statusCode, response.body).toBe(201);
  const bound = response.json<Bound>();
  // The link as the chip makes it from the provisioning answer's own template, less the public base URL.
  const written = softwareTagOf(bound);
  const tap = () =>
    written.fill(bound.provisioning.url_template).slice(CREDENTIALS_TEST_CONFIG.AVS_PUBLIC_URL.length);
  return { asset, bound, tag: written, tap };
}

const open = (url: string, options: { accept?: string; address?: string } = {}) =>
  context.app.inject({
    method: 'GET',
    url,
    headers: { accept: options.accept ?? 'application/json' },
    remoteAddress: options.address ?? '203.0.113.7',
  });
async function tapJson(url: string): Promise<TapAnswer> {
  const response = await open(url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json<TapAnswer>();
}
const tagAlerts = async (asset: CreatedAsset) =>
  (
    await context.db.query<{
      account_id: string;
      payload: { asset: { id: string }; tap: Record<string, unknown> };
    }>(
      `SELECT account_id, payload FROM webhook_outbox WHERE event_type = 'asset.tag_alert'
         AND payload->'asset'->>'id' = $1 ORDER BY created_at`,
      [asset.id],
    )
  ).rows;
const lastCounter = async (tagId: string) =>
  (
    await context.db.query<{ last_counter: number | null }>('SELECT last_counter FROM tags WHERE id = $1', [
      tagId,
    ])
  ).rows[0]!.last_counter;

describe('a genuine tap (docs/tags.md, "The tap")', () => {
  it('answers 200 genuine with the counter, the certificate beside it and a receipt that verifies', async () => {
    const { asset, bound, tap } = await taggedAsset();
    const response = await open(tap());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.vary).toMatch(/accept/i);
    const { receipt, ...result } = response.json<TapAnswer>();
    expect(Object.keys(result)).toEqual(['id', 'verdict', 'counter', 'certificate', 'tapped_at']);
    expect(result).toEqual({
      id: expect.any(String),
      verdict: 'genuine',
      counter: 1,
      certificate: { number: asset.certificate_number, status: 'issued', alert: null },
      tapped_at: expect.any(String),
    });
    expect(receipt).toMatchObject({
      type: ['VerifiableCredential', 'VerificationReceipt'],
      credentialSubject: result,
    });
    expect((await verifyCredential(receipt, servedBy(context.app))).result).toBe('VALID');
    expect(await lastCounter(bound.tag.id)).toBe(1);
  });

  it('counts every tap: the next one is genuine with the next counter; the HTML page says so over the certificate', async () => {
    const { asset, tap } = await taggedAsset();
    expect((await tapJson(tap())).counter).toBe(1);
    const page = await open(tap(), { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toMatch(/<title>Genuine tag · Issued: Reverso Tribute · /);
    expect(page.body).toContain('Tapped now (tap 2)');
    expect(page.body).toContain(asset.certificate_number);
    expect(page.body).not.toContain('tap-caveat');
  });

  it('is a read of the asset: no history event, no verification, no verification.completed; the owner lists it beside the verifications', async () => {
    const { asset, bound, tap } = await taggedAsset();
    const eventsBefore = (await listEvents(context.db, asset.id)).length;
    const answer = await tapJson(tap());
    expect((await listEvents(context.db, asset.id)).length).toBe(eventsBefore);
    const { rows } = await context.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM webhook_outbox WHERE event_type = 'verification.completed'
         AND payload->'verification'->>'asset_id' = $1`,
      [asset.id],
    );
    expect(rows[0]!.count).toBe(0);
    const listed = await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/watches/${asset.id}/taps?limit=1`,
      headers: owner.auth,
    });
    expect(listed.statusCode).toBe(200);
    const { receipt: _receipt, ...result } = answer;
    expect(listed.json()).toEqual({
      data: [{ ...result, tag_id: bound.tag.id }],
      has_more: false,
      next_cursor: null,
    });
  });
});

describe('the verdicts, in their order', () => {
  it('copied: the same link again, or an older one, is caught and raises asset.tag_alert to the owner', async () => {
    const { asset, bound, tag, tap } = await taggedAsset();
    const first = tap();
    const second = tap();
    expect((await tapJson(second)).verdict).toBe('genuine');
    const again = await tapJson(second);
    expect(again).toMatchObject({ verdict: 'copied', counter: 2 });
    // An older link that was never opened is no newer than the last accepted tap.
    expect(await tapJson(first)).toMatchObject({ verdict: 'copied', counter: 1 });
    expect(await lastCounter(bound.tag.id)).toBe(2);
    const alerts = await tagAlerts(asset);
    expect(alerts.map((row) => [row.account_id, row.payload.tap.verdict])).toEqual([
      [owner.accountId, 'copied'],
      [owner.accountId, 'copied'],
    ]);
    expect(alerts.find((row) => row.payload.tap.id === again.id)!.payload.tap).toEqual({
      ...again,
      receipt: undefined,
      tag_id: bound.tag.id,
    });
    expect(tag.counter).toBe(2);
    const page = await open(second, { accept: 'text/html' });
    expect(page.body).toContain('Copied link');
    expect(page.body.replace(/\s+/g, ' ')).toContain('If you only reloaded this page, tap the tag again.');
  });

  it('forged: a MAC from another tag’s key, or an altered MAC, is forged; the counter does not move', async () => {
    const victim = await taggedAsset();
    const other = await taggedAsset();
    // The victim's UID and the version's meta read key, but the MAC key of another tag.
    const clone = new SoftwareTag({
      uid: victim.bound.tag.uid,
      metaReadKey: victim.bound.provisioning.sdm_meta_read_key,
      fileReadKey: other.bound.provisioning.sdm_file_read_key,
      counter: 40,
    });
    const forged = await tapJson(clone.tap(''));
    expect(forged).toMatchObject({
      verdict: 'forged',
      counter: 41,
      certificate: { number: victim.asset.certificate_number, status: 'issued' },
    });
    const genuine = victim.tap();
    const altered = genuine.replace(
      /cmac=([0-9A-F])/,
      (_all, digit: string) => `cmac=${digit === '0' ? '1' : '0'}`,
    );
    expect((await tapJson(altered)).verdict).toBe('forged');
    expect(await lastCounter(victim.bound.tag.id)).toBeNull();
    expect((await tapJson(genuine)).verdict).toBe('genuine');
    expect((await tagAlerts(victim.asset)).map((row) => row.payload.tap.verdict)).toEqual([
      'forged',
      'forged',
    ]);
    const page = await open(clone.tap(''), { accept: 'text/html' });
    expect(page.body).toContain('Forged tag');
  });

  it('unknown_tag: a UID bound to nothing, or PICC data no key version reads; nothing of any certificate shown', async () => {
    const { bound } = await taggedAsset();
    const stranger = new SoftwareTag({
      uid: '04FFFFFFFFFF01',
      metaReadKey: bound.provisioning.sdm_meta_read_key,
      fileReadKey: bound.provisioning.sdm_file_read_key,
    });
    const noise = new SoftwareTag({
      uid: bound.tag.uid,
      metaReadKey: '11'.repeat(16),
      fileReadKey: '22'.repeat(16),
    });
    for (const url of [stranger.tap(''), noise.tap('')]) {
      const answer = await tapJson(url);
      expect(answer).toMatchObject({ verdict: 'unknown_tag', counter: null, certificate: null });
      const { rows } = await context.db.query<{
        tag_id: string | null;
        verdict: string;
        client_address: string;
      }>('SELECT tag_id, verdict, client_address FROM tag_taps WHERE id = $1', [answer.id]);
      expect(rows).toEqual([{ tag_id: null, verdict: 'unknown_tag', client_address: '203.0.113.7' }]);
    }
    const page = await open(stranger.tap(''), { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Unknown tag');
    expect(page.body).not.toContain('Reverso');
  });

  it('unbound: a genuine tag no longer bound says so; its counter still moves, so its links stay copies after a new binding', async () => {
    const { asset, bound, tap } = await taggedAsset();
    await tapJson(tap());
    const unbound = await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/watches/${asset.id}/tags/${bound.tag.id}/unbind`,
      headers: owner.auth,
      payload: { reason: 'Sent for repair' },
    });
    expect(unbound.statusCode).toBe(200);
    const seenWhileUnbound = tap();
    expect(await tapJson(seenWhileUnbound)).toMatchObject({
      verdict: 'unbound',
      counter: 2,
      certificate: { number: asset.certificate_number },
    });
    expect(await lastCounter(bound.tag.id)).toBe(2);
    const rebound = await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/watches/${asset.id}/tags`,
      headers: owner.auth,
      payload: { uid: bound.tag.uid },
    });
    expect(rebound.statusCode).toBe(201);
    expect((await tapJson(seenWhileUnbound)).verdict).toBe('copied');
    expect((await tapJson(tap())).verdict).toBe('genuine');
  });

  it('a tag of a revoked certificate is genuine; the certificate travels beside it and the page warns', async () => {
    const { asset, tap } = await taggedAsset();
    await setCertificateStatusForTest(context.db, asset, 'revoked');
    expect(await tapJson(tap())).toMatchObject({
      verdict: 'genuine',
      certificate: { number: asset.certificate_number, status: 'revoked', alert: null },
    });
    const page = await open(tap(), { accept: 'text/html' });
    expect(page.body).toContain('Genuine tag');
    expect(page.body).toContain('But the certificate is revoked');
    expect(page.body).toContain('status-revoked');
  });

  it('a pending certificate is not_issued, as the public page says', async () => {
    const { tap } = await taggedAsset({ issued: false });
    expect((await tapJson(tap())).certificate).toMatchObject({ status: 'not_issued', alert: null });
    const page = await open(tap(), { accept: 'text/html' });
    expect(page.body).toContain('Not issued');
    expect(page.body).toContain('But the certificate is not issued');
  });

  it('an asset reported stolen: the alert travels beside the verdict and the tap is on the search audit', async () => {
    const { asset, tap } = await taggedAsset();
    const raised = await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/watches/${asset.id}/alerts`,
      headers: owner.auth,
      payload: { kind: 'stolen', occurred_at: '2026-01-05' },
    });
    expect(raised.statusCode).toBe(201);
    const answer = await tapJson(tap());
    expect(answer.certificate!.alert).toEqual({ kind: 'stolen', since: '2026-01-05T00:00:00.000Z' });
    const { rows } = await context.db.query<{ lookup: string; client_address: string }>(
      'SELECT lookup, client_address FROM alert_lookups WHERE asset_id = $1',
      [asset.id],
    );
    expect(rows).toEqual([{ lookup: 'tap', client_address: '203.0.113.7' }]);
    const page = await open(tap(), { accept: 'text/html' });
    expect(page.body).toContain('Reported stolen');
    expect(page.body).toContain('But the item is reported stolen');
  });

  it('the 24-bit counter: 0xFFFFFF is accepted when greater; anything after it is copied', async () => {
    const { bound, tag, tap } = await taggedAsset();
    tag.setCounter(SDM_READ_COUNTER_MAX - 1);
    const last = tap();
    expect(await tapJson(last)).toMatchObject({ verdict: 'genuine', counter: SDM_READ_COUNTER_MAX });
    expect(await lastCounter(bound.tag.id)).toBe(SDM_READ_COUNTER_MAX);
    expect((await tapJson(last)).verdict).toBe('copied');
    // Another link with the same counter (fresh PICC padding, so other bytes): still no greater.
    tag.setCounter(SDM_READ_COUNTER_MAX - 1);
    const other = tap();
    expect(other).not.toBe(last);
    expect(await tapJson(other)).toMatchObject({ verdict: 'copied', counter: SDM_READ_COUNTER_MAX });
    expect(() => tap()).toThrow(/maximum/);
  });

  it('tamper: a closed loop is genuine, an opened one tampered (never genuine)', async () => {
    const { bound, tag, tap } = await taggedAsset({ tamper: true });
    expect(bound.provisioning.url_template).toContain('&enc=');
    expect(await tapJson(tap())).toMatchObject({ verdict: 'genuine', counter: 1 });
    tag.openLoop();
    expect(await tapJson(tap())).toMatchObject({ verdict: 'tampered', counter: 2 });
    // Accepted with a valid MAC: the counter moved, so the same link is then a copy.
    const opened = tap();
    expect((await tapJson(opened)).verdict).toBe('tampered');
    expect((await tapJson(opened)).verdict).toBe('copied');
    tag.closeLoop();
    expect((await tapJson(tap())).verdict).toBe('tampered');
    const page = await open(tap(), { accept: 'text/html' });
    expect(page.body).toContain('Tag tampered');
  });

  it('tamper: a TT link without its status is forged, whether the status was cut off or never mirrored (AN12196)', async () => {
    const { asset, bound, tag, tap } = await taggedAsset({ tamper: true });
    expect((await tapJson(tap())).verdict).toBe('genuine');
    tag.openLoop();
    // The opened loop's link with its status cut off: the MAC covered the status, so it no longer matches.
    const cut = new URL(tap(), 'https://x');
    cut.searchParams.delete('enc');
    expect(await tapJson(`${cut.pathname}${cut.search}`)).toMatchObject({ verdict: 'forged' });
    // The same keys with a template that mirrors no status: a valid MAC, but a TT tag as bound always mirrors it.
    const withoutStatus = new SoftwareTag({
      uid: bound.tag.uid,
      metaReadKey: bound.provisioning.sdm_meta_read_key,
      fileReadKey: bound.provisioning.sdm_file_read_key,
      counter: 10,
    });
    expect(await tapJson(withoutStatus.tap(''))).toMatchObject({ verdict: 'forged' });
    // Forged taps move no counter: the tag's next real link is still genuine... of an opened loop, so tampered.
    expect((await tapJson(tap())).verdict).toBe('tampered');
    const alerts = await tagAlerts(asset);
    expect(alerts.filter((alert) => alert.payload.tap.verdict === 'forged')).toHaveLength(2);
  });

  it('two taps of one link at once: exactly one is genuine', async () => {
    const { tap } = await taggedAsset();
    const url = tap();
    const answers = await Promise.all([tapJson(url), tapJson(url)]);
    expect(answers.map((answer) => answer.verdict).sort()).toEqual(['copied', 'genuine']);
  });

  it('a tag bound after a key rotation is known at once, and an older tag still verifies', async () => {
    const older = await taggedAsset();
    expect((await tapJson(older.tap())).verdict).toBe('genuine');
    await rotateTagKeys(context.db, undefined);
    const newer = await taggedAsset();
    expect(newer.bound.provisioning.sdm_meta_read_key).not.toBe(older.bound.provisioning.sdm_meta_read_key);
    expect((await tapJson(newer.tap())).verdict).toBe('genuine');
    expect((await tapJson(older.tap())).verdict).toBe('genuine');
  });
});

describe('the link itself', () => {
  it('400 validation_failed, as JSON, for missing or malformed parameters, whatever the Accept header', async () => {
    const { tap } = await taggedAsset();
    const good = new URL(tap(), 'https://x');
    const variants = [
      '/t',
      `/t?picc_data=${good.searchParams.get('picc_data')}`,
      `/t?cmac=${good.searchParams.get('cmac')}`,
      `/t?picc_data=${good.searchParams.get('picc_data')!.slice(2)}&cmac=${good.searchParams.get('cmac')}`,
      `/t?picc_data=${'Z'.repeat(32)}&cmac=${good.searchParams.get('cmac')}`,
      `/t?picc_data=${good.searchParams.get('picc_data')}&cmac=${good.searchParams.get('cmac')}&enc=ABC`,
    ];
    for (const url of variants) {
      for (const accept of ['application/json', 'text/html']) {
        const response = await open(url, { accept });
        expect(response.statusCode, url).toBe(400);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toMatchObject({ code: 'validation_failed' });
      }
    }
  });

  it('reads lower-case hex and ignores parameters it does not know', async () => {
    const { tap } = await taggedAsset();
    const url = tap();
    const [path, query] = url.split('?');
    expect((await tapJson(`${path}?${query!.toLowerCase()}&utm_source=label`)).verdict).toBe('genuine');
  });

  it('answers HTML unless JSON is preferred over it', async () => {
    const { tap } = await taggedAsset();
    for (const [accept, type] of [
      ['application/json', 'application/json'],
      ['text/html;q=0.5, application/json', 'application/json'],
      ['text/html,application/json;q=0.9', 'text/html'],
      ['*/*', 'text/html'],
      ['', 'text/html'],
    ] as const) {
      const response = await open(tap(), { accept });
      expect(response.headers['content-type'], accept).toMatch(new RegExp(`^${type}`));
    }
  });

  it('is rate limited per client address, as the public pages are', async () => {
    const { tap } = await taggedAsset();
    const ok = await open(tap(), { address: '198.51.100.1' });
    expect(ok.headers['ratelimit-limit']).toBe(String(CREDENTIALS_TEST_CONFIG.AVS_PUBLIC_RATE_LIMIT_BURST));
    // Empty this address's bucket: its next tap is refused, another address's is not.
    await context.app.rateLimits.takeForPublicAddress(
      '198.51.100.1',
      2 * CREDENTIALS_TEST_CONFIG.AVS_PUBLIC_RATE_LIMIT_BURST,
    );
    const refused = await open(tap(), { address: '198.51.100.1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await open(tap(), { address: '198.51.100.2' })).statusCode).toBe(200);
  });

  it('asset.tag_alert is opt-in: a webhook that names no events does not get it, one that names it may', async () => {
    const register = (events?: string[]) =>
      context.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: buyer.auth,
        payload: { url: 'https://hooks.example.com/avs', ...(events ? { events } : {}) },
      });
    expect((await register()).json().events).not.toContain('asset.tag_alert');
    const named = await register(['asset.tag_alert']);
    expect(named.statusCode).toBe(201);
    expect(named.json().events).toEqual(['asset.tag_alert']);
  });
});

describe('taps that arrive together: one statement for their counters (docs/tags.md, "The counter")', () => {
  const GROUP_STATEMENT = 'insert_tag_taps_advancing_counters';
  afterEach(() => vi.restoreAllMocks());

  /** A tap of `tag` with a valid MAC and this counter, as the tap service hands it to the recorder. */
  const countedTap = (tag: Awaited<ReturnType<typeof taggedAsset>>, counter: number): CountedTap => ({
    id: randomUUID(),
    tagId: tag.bound.tag.id,
    assetId: tag.asset.id,
    planet: 'watches',
    verdict: 'genuine',
    counter,
    result: { verdict: 'genuine', counter },
    clientAddress: '203.0.113.7',
    createdAt: new Date().toISOString(),
    recordAnyway: false,
  });
  const recorded = async (taps: CountedTap[]) =>
    (
      await context.db.query<{ id: string }>('SELECT id FROM tag_taps WHERE id = ANY($1::uuid[])', [
        taps.map((tap) => tap.id),
      ])
    ).rows.map((row) => row.id);
  /** A recorder over the app's database that counts the statements it sends: one a group. */
  function countingRecorder() {
    const { db, statements } = countingStatements(context.app.db);
    return { recorder: new TapRecorder(db), groups: () => statements.length };
  }

  it('two taps of one link in one group: one statement, exactly one advances and is recorded', async () => {
    const tag = await taggedAsset();
    const { recorder, groups } = countingRecorder();
    const taps = [countedTap(tag, 4), countedTap(tag, 4)];

    const advanced = await Promise.all(taps.map((tap) => recorder.advance(tap)));

    expect(groups()).toBe(1);
    expect(advanced.sort()).toEqual([false, true]);
    expect(await lastCounter(tag.bound.tag.id)).toBe(4);
    expect(await recorded(taps)).toHaveLength(1);
  });

  it('counters 7 and 5 in one group both advance, taken in counter order; the tag keeps 7, and 6 later is refused', async () => {
    const tag = await taggedAsset();
    const { recorder, groups } = countingRecorder();
    const taps = [countedTap(tag, 7), countedTap(tag, 5)];

    expect(await Promise.all(taps.map((tap) => recorder.advance(tap)))).toEqual([true, true]);
    expect(groups()).toBe(1);
    expect(await lastCounter(tag.bound.tag.id)).toBe(7);
    expect(await recorded(taps)).toHaveLength(2);

    const older = countedTap(tag, 6);
    expect(await recorder.advance(older)).toBe(false);
    expect(await recorded([older])).toEqual([]);
    expect(await lastCounter(tag.bound.tag.id)).toBe(7);
  });

  it('different tags in one group each advance; a replayed old counter beside a new one is still refused', async () => {
    const tags = [await taggedAsset(), await taggedAsset(), await taggedAsset()];
    const { recorder, groups } = countingRecorder();
    expect(await recorder.advance(countedTap(tags[0]!, 3))).toBe(true);
    const taps = [
      countedTap(tags[0]!, 3),
      countedTap(tags[0]!, 8),
      countedTap(tags[1]!, 1),
      countedTap(tags[2]!, 2),
    ];

    const advanced = await Promise.all(taps.map((tap) => recorder.advance(tap)));

    expect(groups()).toBe(2);
    expect(advanced).toEqual([false, true, true, true]);
    expect(await Promise.all(tags.map((tag) => lastCounter(tag.bound.tag.id)))).toEqual([8, 1, 2]);
    expect((await recorded(taps)).sort()).toEqual(
      taps
        .slice(1)
        .map((tap) => tap.id)
        .sort(),
    );
  });

  it('an unbound tag’s tap is recorded whether or not its counter moves', async () => {
    const tag = await taggedAsset();
    const { recorder } = countingRecorder();
    const taps = [2, 2].map((counter) => ({
      ...countedTap(tag, counter),
      verdict: 'unbound',
      recordAnyway: true,
    }));

    expect((await Promise.all(taps.map((tap) => recorder.advance(tap)))).sort()).toEqual([false, true]);
    expect(await recorded(taps)).toHaveLength(2);
  });

  it('over HTTP, two simultaneous taps of one link go through one group statement: one genuine, one copied', async () => {
    // Every writer of the recorder kept busy by another tag's tap (PGlite writes with one, PostgreSQL with two).
    const writers = context.db.kind === 'pglite' ? 1 : 2;
    const pacers: Awaited<ReturnType<typeof taggedAsset>>[] = [];
    for (let writer = 0; writer < writers; writer++) pacers.push(await taggedAsset());
    const { tap, asset } = await taggedAsset();
    // The certificate's page in the public cache: after its version check, a tap reaches the recorder at once.
    expect((await tapJson(tap())).verdict).toBe('genuine');
    const url = tap();
    const { db } = context.app;
    const query = db.query.bind(db);
    const groups: number[] = [];
    const held: (() => void)[] = [];
    let holding = true;
    let versionChecks = 0;
    const signals: { when: () => boolean; then: () => void }[] = [];
    const until = (when: () => boolean) =>
      new Promise<void>((resolve) => (when() ? resolve() : signals.push({ when, then: resolve })));
    const signal = () => signals.filter(({ when }) => when()).forEach(({ then }) => then());
    // Group statements wait until released (busy writers); version checks are counted as they answer.
    vi.spyOn(db, 'query').mockImplementation((async (sql: string | PreparedStatement, params?: unknown[]) => {
      const name = typeof sql === 'string' ? '' : sql.name;
      if (name === GROUP_STATEMENT) groups.push((params![0] as unknown[]).length);
      if (name === GROUP_STATEMENT && holding) {
        await new Promise<void>((resolve) => {
          held.push(resolve);
          signal();
        });
      }
      const result = await query(sql, params);
      if (name === 'public_read_versions') versionChecks += 1;
      signal();
      return result;
    }) as typeof db.query);
    const pacing: Promise<TapAnswer>[] = [];
    for (const pacer of pacers) {
      pacing.push(tapJson(pacer.tap()));
      await until(() => held.length === pacing.length);
    }
    const checksBefore = versionChecks;

    const answering = Promise.all([tapJson(url), tapJson(url)]);
    // Both taps past their last read (each its own version check), then a turn: both wait for a writer.
    await until(() => versionChecks >= checksBefore + 2);
    await new Promise((resolve) => setImmediate(resolve));
    holding = false;
    held.splice(0).forEach((release) => release());
    const answers = await answering;

    expect((await Promise.all(pacing)).map((answer) => answer.verdict)).toEqual(
      Array(writers).fill('genuine'),
    );
    expect(answers.map((answer) => answer.verdict).sort()).toEqual(['copied', 'genuine']);
    expect(groups).toEqual([...Array<number>(writers).fill(1), 2]);
    expect((await tagAlerts(asset)).map((alert) => alert.payload.tap.verdict)).toEqual(['copied']);
  });

  it('ten taps of one link at once, across groups and writers: exactly one genuine', async () => {
    const { tap, bound } = await taggedAsset();
    const url = tap();

    const answers = await Promise.all(Array.from({ length: 10 }, () => tapJson(url)));

    expect(answers.filter((answer) => answer.verdict === 'genuine')).toHaveLength(1);
    expect(answers.filter((answer) => answer.verdict === 'copied')).toHaveLength(9);
    expect(await lastCounter(bound.tag.id)).toBe(answers[0]!.counter);
  });

  it('a failed group fails each of its taps with 500 and writes nothing: the same links are genuine afterwards', async () => {
    const first = await taggedAsset();
    const second = await taggedAsset();
    const urls = [first.tap(), second.tap()];
    const { db } = context.app;
    const query = db.query.bind(db);
    const sent: string[] = [];
    vi.spyOn(db, 'query').mockImplementation((async (sql: string | PreparedStatement, params?: unknown[]) => {
      const name = typeof sql === 'string' ? '' : sql.name;
      sent.push(name);
      if (name === GROUP_STATEMENT)
        throw new Error('could not write to file "pg_wal/…": No space left on device');
      return query(sql, params);
    }) as typeof db.query);

    const failed = await Promise.all(urls.map((url) => open(url)));

    expect(failed.map((response) => response.statusCode)).toEqual([500, 500]);
    expect(sent).toContain(GROUP_STATEMENT);
    expect(await lastCounter(first.bound.tag.id)).toBeNull();
    expect(await lastCounter(second.bound.tag.id)).toBeNull();
    vi.restoreAllMocks();
    expect((await Promise.all(urls.map(tapJson))).map((answer) => answer.verdict)).toEqual([
      'genuine',
      'genuine',
    ]);
  });
});
