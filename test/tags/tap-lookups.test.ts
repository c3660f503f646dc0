import { beforeAll, describe, expect, it } from 'vitest';
import { TagLookups } from '../../src/modules/tags/tap.service.js';
import { CREDENTIALS_TEST_CONFIG } from '../credentials/credential-helpers.js';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { countingStatements } from '../helpers/counting-statements.js';
import { softwareTagOf, type ProvisioningAnswer } from '../helpers/software-tag.js';
import { useTestContext } from '../helpers/test-app.js';

// Taps that arrive together look their tags up in one statement (docs/performance.md, "Round 4: verify after
// writes and taps, profiles"); nothing is kept between look-ups, so an unbound tag says so at the next tap.
const context = useTestContext({ config: CREDENTIALS_TEST_CONFIG });
let owner: { accountId: string; auth: { authorization: string } };
let uidSequence = 0x40;
const newUid = () => `04BEEF5678AB${(uidSequence++).toString(16).toUpperCase().padStart(2, '0')}`;

beforeAll(async () => {
  owner = await context.createAccountWithKey({ name: 'Maison Horlogère' });
});

async function taggedAsset() {
  const asset = await createAssetViaApi(context.app, owner.auth, 'watches', { title: 'Reverso Tribute' });
  await issueCertificateForTest(context.db, asset);
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/watches/${asset.id}/tags`,
    headers: owner.auth,
    payload: { uid: newUid(), tamper: false },
  });
  expect(response.statusCode, response.body).toBe(201);
  const bound = response.json<ProvisioningAnswer & { tag: { id: string; uid: string } }>();
  const written = softwareTagOf(bound);
  const tap = () =>
    written.fill(bound.provisioning.url_template).slice(CREDENTIALS_TEST_CONFIG.AVS_PUBLIC_URL.length);
  return { asset, bound, tap };
}

const tapVerdict = async (url: string) => {
  const response = await context.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'application/json' },
    remoteAddress: '203.0.113.7',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ verdict: string }>().verdict;
};

describe('tag look-ups of taps that arrive together', () => {
  it('eight look-ups at once go in at most five statements, each answered with its own tags', async () => {
    const tags = [await taggedAsset(), await taggedAsset(), await taggedAsset()].map((tag) => tag.bound.tag);
    const { db, statements } = countingStatements(context.app.db);
    const lookups = new TagLookups(db);
    const asked = [
      [tags[0]!.uid],
      [tags[1]!.uid],
      [tags[2]!.uid, '04000000000000'],
      ['04000000000001'],
      [tags[0]!.uid, tags[1]!.uid],
      [tags[2]!.uid],
      [tags[1]!.uid],
      [tags[0]!.uid],
    ];

    const found = await Promise.all(asked.map((uids) => lookups.find(uids)));

    expect(found.map((rows) => rows.map((row) => row.id).sort())).toEqual(
      asked.map((uids) =>
        tags
          .filter((tag) => uids.includes(tag.uid))
          .map((tag) => tag.id)
          .sort(),
      ),
    );
    // PostgreSQL: up to four look-ups at once, the rest together after them; PGlite: all of them in one.
    expect(statements.length).toBeLessThanOrEqual(5);
    expect(statements.every((text) => text.includes('uid = ANY'))).toBe(true);
  });

  it('a tag unbound between taps is unbound at the very next taps, those read together included', async () => {
    const { asset, bound, tap } = await taggedAsset();
    expect(await tapVerdict(tap())).toBe('genuine');
    const unbound = await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/watches/${asset.id}/tags/${bound.tag.id}/unbind`,
      headers: owner.auth,
      payload: { reason: 'Sent for repair' },
    });
    expect(unbound.statusCode).toBe(200);

    const links = [tap(), tap(), tap(), tap()];
    expect(await Promise.all(links.map(tapVerdict))).toEqual(['unbound', 'unbound', 'unbound', 'unbound']);
  });
});
