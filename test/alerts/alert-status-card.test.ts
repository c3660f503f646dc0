import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIALS_TEST_CONFIG } from '../credentials/credential-helpers.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { softwareTagOf, type ProvisioningAnswer } from '../helpers/software-tag.js';
import { useTestContext } from '../helpers/test-app.js';
import { joinedMember } from '../members/member-helpers.js';

// Issue #46, item 9: while an alert is open, no page shows the certificate green or "valid" unqualified.
const context = useTestContext({ config: CREDENTIALS_TEST_CONFIG });

type Auth = { authorization: string };
let owner: { accountId: string; auth: Auth };
let member: { cookie: string };
let uidSequence = 0x40;

beforeAll(async () => {
  owner = await context.createAccountWithKey({ name: 'Galerie du Nord' });
  member = await joinedMember(
    context.app,
    context.db,
    owner.accountId,
    `keeper-${randomUUID().slice(0, 8)}@example.com`,
    'viewer',
  );
});

/** An issued watch with a tag; `tap()` is a fresh link its chip would make. */
async function taggedIssuedAsset() {
  const asset = await createAssetViaApi(context.app, owner.auth, 'watches', {
    title: `Calatrava ${randomUUID().slice(0, 8)}`,
    brand: 'Patek Philippe',
  });
  await issueCertificateForTest(context.db, asset);
  const bound = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/watches/${asset.id}/tags`,
    headers: owner.auth,
    payload: { uid: `04BADA55EE00${(uidSequence++).toString(16).toUpperCase()}` },
  });
  expect(bound.statusCode, bound.body).toBe(201);
  const answer = bound.json<ProvisioningAnswer>();
  const chip = softwareTagOf(answer);
  const tap = () =>
    chip.fill(answer.provisioning.url_template).slice(CREDENTIALS_TEST_CONFIG.AVS_PUBLIC_URL.length);
  return { asset, tap };
}

async function raise(asset: CreatedAsset, kind: 'stolen' | 'lost'): Promise<string> {
  const raised = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/watches/${asset.id}/alerts`,
    headers: owner.auth,
    payload: { kind, occurred_at: '2026-02-14' },
  });
  expect(raised.statusCode, raised.body).toBe(201);
  return raised.json<{ alert: { id: string } }>().alert.id;
}

async function resolve(asset: CreatedAsset, alertId: string): Promise<void> {
  const resolved = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/watches/${asset.id}/alerts/${alertId}/resolve`,
    headers: owner.auth,
    payload: { outcome: 'recovered' },
  });
  expect(resolved.statusCode, resolved.body).toBe(200);
}

const page = async (url: string, cookie?: string) => {
  const response = await context.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
    remoteAddress: '203.0.113.46',
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.body;
};

/** The text a person reads (the title included), in sentences. */
function sentences(body: string): string[] {
  const text = body
    .replace(/<(script|style|svg)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ');
  return text.split(/(?<=[.!?:])\s+/);
}

/** Every sentence that calls the certificate valid says in the same breath that the item is reported missing. */
function expectValidOnlyWithTheAlert(body: string, kind: 'stolen' | 'lost'): void {
  const saysValid = sentences(body).filter((sentence) => /\bvalid\b/i.test(sentence));
  for (const sentence of saysValid)
    expect(sentence).toMatch(new RegExp(`\\bbut\\b.*\\breported ${kind}\\b`, 'i'));
}

/** The certificate's card: its stripe class, and what its status part says first. */
function expectRedCardFirst(body: string, kind: 'stolen' | 'lost'): void {
  const card = /<article\s+class="card ([^"]+)"[^>]*>([\s\S]*?)<\/article>/.exec(body);
  expect(card, 'the certificate card').not.toBeNull();
  const [, cardClasses, inside] = card!;
  // The stripe takes the alert's red, never the issued green.
  expect(cardClasses).not.toContain('card-issued');
  expect(cardClasses).toContain('card-alert');
  // The first status box on the card is the red alert; no green status box anywhere.
  const boxes = [...inside!.matchAll(/<div class="(alert-warning|status [^"]+)"/g)].map((match) => match[1]);
  expect(boxes[0]).toBe('alert-warning');
  expect(inside).toMatch(new RegExp(`Reported ${kind}`));
  expect(body).not.toContain('status-issued');
  expect(body).not.toContain('✓');
}

describe.each(['stolen', 'lost'] as const)('an issued certificate reported %s', (kind) => {
  it('the public page /c: the red alert first, a red stripe, "valid" only with "but reported"', async () => {
    const { asset } = await taggedIssuedAsset();
    const alertId = await raise(asset, kind);
    const body = await page(`/c/${asset.certificate_number}`);
    expectRedCardFirst(body, kind);
    expectValidOnlyWithTheAlert(body, kind);
    expect(body).toMatch(new RegExp(`<strong class="status-word">Issued, but reported ${kind}</strong>`));

    await resolve(asset, alertId);
    const after = await page(`/c/${asset.certificate_number}`);
    expect(after).toContain('class="card card-issued"');
    expect(after).toContain('status status-issued');
    expect(after).toContain('This certificate is valid');
    expect(after).not.toContain('alert-warning');
  });

  it('the tap page /t: no green verdict, the red alert first on the card, "valid" only with "but reported"', async () => {
    const { asset, tap } = await taggedIssuedAsset();
    const alertId = await raise(asset, kind);
    const body = await page(tap());
    expect(body).toContain('Genuine tag');
    expect(body).not.toContain('tap-good');
    expect(body).toMatch(/<section\s+class="tap-verdict tap-bad"/);
    expect(body).toContain(`But the item is reported ${kind}`);
    expectRedCardFirst(body, kind);
    expectValidOnlyWithTheAlert(body, kind);

    await resolve(asset, alertId);
    const after = await page(tap());
    expect(after).toMatch(/<section\s+class="tap-verdict tap-good"/);
    expect(after).toContain('class="card card-issued"');
  });

  it('the console: the asset page and the list show the certificate as reported, never a green "issued"', async () => {
    const { asset } = await taggedIssuedAsset();
    const alertId = await raise(asset, kind);
    const assetPage = await page(`/console/assets/watches/${asset.id}`, member.cookie);
    expect(assetPage).not.toContain('badge-issued');
    expect(assetPage).toMatch(
      new RegExp(`<span class="badge badge-alert">issued, but reported ${kind}</span>`),
    );
    // The alert's panel comes before the record and the certificate.
    expect(assetPage.indexOf('alert-banner')).toBeLessThan(assetPage.indexOf('badge-alert'));
    expectValidOnlyWithTheAlert(assetPage, kind);
    const list = await page(
      `/console/assets/watches?q=${encodeURIComponent(String(asset.title))}`,
      member.cookie,
    );
    expect(list).toContain(asset.certificate_number);
    expect(list).not.toContain('badge-issued');
    expect(list).toContain(`issued, but reported ${kind}`);

    await resolve(asset, alertId);
    const after = await page(`/console/assets/watches/${asset.id}`, member.cookie);
    expect(after).toContain('<span class="badge badge-issued">issued</span>');
    expect(after).not.toContain('badge-alert');
  });
});
