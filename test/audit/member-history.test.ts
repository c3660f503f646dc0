import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerLookup } from '../../src/modules/alert-lookups/alert-lookups.service.js';
import { raiseAlert } from '../../src/modules/alerts/alerts.service.js';
import { archiveAsset, createAsset, updateAsset } from '../../src/modules/assets/assets.service.js';
import { computeEventHash, type ChainedEvent } from '../../src/modules/chain/history-chain.js';
import { auditHistory } from '../../src/modules/history/history-audit.service.js';
import { addMedia, prepareUpload } from '../../src/modules/media/media.service.js';
import type { MemberPrincipal } from '../../src/modules/principal/principal.js';
import { leafHash, verifyInclusion } from '../../src/modules/tlog/merkle.js';
import { openNote, parseCheckpointText, parseVerifierKey } from '../../src/modules/tlog/signed-note.js';
import { logEntryOf } from '../../src/modules/tlog/tlog.service.js';
import { issueCertificateForTest } from '../helpers/asset-factory.js';
import { insertMember } from '../helpers/member-factory.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

// The integrator runs when the test says (runOnce), not on a timer.
const context = useTestContext({
  config: { AVS_TLOG_INTERVAL_MS: 3_600_000, AVS_PUBLIC_URL: 'https://verify.example.com' },
});

interface HistoryEvent {
  sequence: number;
  event_type: string;
  payload: Record<string, unknown>;
  log_index: number | null;
  [field: string]: unknown;
}

let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
let member: MemberPrincipal;

beforeAll(async () => {
  owner = await context.createAccountWithKey({ name: 'Console Gallery' });
  const memberId = await insertMember(context.db, owner.accountId, 'editor');
  member = { accountId: owner.accountId, planetScope: [], memberId, role: 'editor' };
});

const get = (url: string, headers: Record<string, string> = owner.auth) =>
  context.app.inject({ method: 'GET', url, headers });

async function historyOf(asset: { planet: string; id: string }): Promise<HistoryEvent[]> {
  const response = await get(`/api/v1/assets/${asset.planet}/${asset.id}/history`);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: HistoryEvent[] }>().data;
}

describe('a change a member makes, through the same services as the API', () => {
  it('is recorded in history with source "console" and member_id, and no api_key_id', async () => {
    const { db } = context;
    const asset = await createAsset(db, member, 'artworks', { title: 'Made in the console' });
    await db.transaction((tx) => updateAsset(tx, member, 'artworks', asset.id, { title: 'Renamed there' }));
    const photo = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 40, b: 60 } },
    })
      .png()
      .toBuffer();
    const prepared = await prepareUpload('image/png', photo, context.app.imageDecoder);
    await db.transaction((tx) =>
      addMedia(
        tx,
        context.app.mediaStores,
        member,
        { planet: 'artworks', assetId: asset.id, public: true },
        prepared,
      ),
    );
    await issueCertificateForTest(db, asset);
    await db.transaction((tx) =>
      raiseAlert(
        tx,
        { principal: member },
        { planet: 'artworks', assetId: asset.id },
        {
          kind: 'stolen',
          occurred_at: '2026-01-02',
        },
      ),
    );
    const other = await createAsset(db, member, 'watches', { title: 'Archived there' });
    await db.transaction((tx) => archiveAsset(tx, { principal: member }, 'watches', other.id));

    const events = [...(await historyOf(asset)), ...(await historyOf(other))];
    expect(events.map((event) => event.event_type)).toEqual([
      'CREATED',
      'UPDATED',
      'MEDIA_ADDED',
      'CERTIFICATE_ISSUED',
      'ALERT_RAISED',
      'CREATED',
      'ARCHIVED',
    ]);
    const byMember = events.filter((event) => event.event_type !== 'CERTIFICATE_ISSUED');
    for (const event of byMember) {
      expect(event.payload, event.event_type).toMatchObject({
        source: 'console',
        member_id: member.memberId,
      });
      expect(event.payload, event.event_type).not.toHaveProperty('api_key_id');
      expect(event.actor_account_id).toBe(owner.accountId);
    }
    expect(byMember[0]!.payload).toEqual({ source: 'console', member_id: member.memberId });
    expect(byMember[1]!.payload).toEqual({
      source: 'console',
      member_id: member.memberId,
      changes: { title: { old: 'Made in the console', new: 'Renamed there' } },
    });
  });

  it('keeps every chain intact and is proved by the transparency log like any event', async () => {
    expect(await auditHistory(context.db)).toMatchObject({ intact: true, breaks: [] });
    await context.app.tlogIntegrator!.runOnce();
    const vkey = parseVerifierKey((await get('/tlog/vkey', {})).body.trim())!;
    const { rows } = await context.db.query<{ id: string; planet: string }>(
      'SELECT id, planet FROM assets WHERE account_id = $1',
      [owner.accountId],
    );
    let proved = 0;
    for (const asset of rows) {
      for (const event of await historyOf(asset)) {
        if (event.payload.source !== 'console') continue;
        const response = await get(
          `/api/v1/assets/${asset.planet}/${asset.id}/history/${event.sequence}/proof`,
        );
        expect(response.statusCode).toBe(200);
        const body = response.json<{ log_index: number; checkpoint: string; proof: string }>();
        const lines = body.proof.split('\n\n')[0]!.split('\n');
        const checkpoint = parseCheckpointText(openNote(body.checkpoint, vkey)!)!;
        // The member id is hashed like every payload field: the logged hash covers it, another id breaks it.
        const content = event as unknown as ChainedEvent;
        expect(computeEventHash(content)).toBe(content.hash);
        const forged = { ...content.payload, member_id: owner.apiKey.id };
        expect(computeEventHash({ ...content, payload: forged })).not.toBe(content.hash);
        const entry = logEntryOf(event as never);
        const path = lines.slice(2).map((line) => Buffer.from(line, 'base64'));
        expect(
          verifyInclusion(
            body.log_index,
            checkpoint.size,
            leafHash(Buffer.from(entry)),
            path,
            checkpoint.rootHash,
          ),
        ).toBe(true);
        proved += 1;
      }
    }
    expect(proved).toBe(6);
  });

  it('records a null key where a member acts in a row that names the key used (the look-up of an alerted asset)', async () => {
    const alerted = await context.db.query<{ id: string }>(
      'SELECT id FROM assets WHERE account_id = $1 AND alert_kind IS NOT NULL',
      [owner.accountId],
    );
    const assetId = alerted.rows[0]!.id;
    const answer = await answerLookup(
      context.db,
      { id: assetId, alert: true },
      'get',
      { principal: member },
      'x',
    );
    expect(answer.noStore).toBe(true);
    const { rows } = await context.db.query<{ api_key_id: string | null; account_id: string }>(
      'SELECT api_key_id, account_id FROM alert_lookups WHERE asset_id = $1 AND api_key_id IS NULL',
      [assetId],
    );
    expect(rows).toEqual([{ api_key_id: null, account_id: owner.accountId }]);
  });
});
