import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lastDays } from '../../src/lib/day-series.js';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { useTestContext } from '../helpers/test-app.js';
import { joinedMember } from '../members/member-helpers.js';

const context = useTestContext();
const email = () => `home-${randomUUID().slice(0, 8)}@example.com`;
const get = (url: string, cookie: string) => context.app.inject({ method: 'GET', url, headers: { cookie } });

/** The number on a count card of the home, by its data-count name. */
function countOf(body: string, name: string): number {
  const match = new RegExp(`data-count="${name}"\\s*><span class="stat-value">(\\d+)</span>`).exec(body);
  if (!match) throw new Error(`no count ${name} on the home`);
  return Number(match[1]);
}

/** The table row of a chart's numbers: the day (or label) and its value. */
function rowValue(body: string, chartId: string, label: string): number | undefined {
  const start = body.indexOf(`id="${chartId}"`);
  const section = body.slice(start, body.indexOf('</details>', start));
  const match = new RegExp(`<th scope="row">${label}</th>\\s*<td class="number">([^<]+)</td>`).exec(section);
  return match ? Number.parseInt(match[1]!, 10) : undefined;
}

async function post(url: string, auth: { authorization: string }, payload: Record<string, unknown>) {
  const response = await context.app.inject({ method: 'POST', url, headers: auth, payload });
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response;
}

/** A webhook of the account and deliveries of it with the given statuses (made directly: no receiver here). */
async function deliveries(accountId: string, statuses: readonly string[]) {
  const webhookId = randomUUID();
  await context.db.query(
    `INSERT INTO webhooks (id, account_id, url, events, secret) VALUES ($1, $2, 'https://example.com/hook', $3, 'whsec_test')`,
    [webhookId, accountId, ['asset.created']],
  );
  for (const status of statuses) {
    await context.db.query(
      `INSERT INTO webhook_deliveries (id, webhook_id, event_type, payload, event_created_at, status, attempts)
       VALUES ($1, $2, 'asset.created', '{}', now(), $3, 1)`,
      [randomUUID(), webhookId, status],
    );
  }
}

describe('/console home', () => {
  it('counts the account’s certificates, alerts, offers and webhook failures, each linking to its list', async () => {
    const a = await context.createAccountWithKey({ name: 'Home Gallery' });
    const b = await context.createAccountWithKey({ name: 'Other Gallery' });
    const owner = await joinedMember(context.app, context.db, a.accountId, email(), 'owner');

    const first = await createAssetViaApi(context.app, a.auth);
    const second = await createAssetViaApi(context.app, a.auth);
    await createAssetViaApi(context.app, a.auth);
    await issueCertificateForTest(context.db, first);
    await post(`/api/v1/assets/artworks/${second.id}/alerts`, a.auth, {
      kind: 'stolen',
      occurred_at: '2026-01-02',
    });
    // Another account's assets count for it only; its offer to this account waits here.
    const theirs = await createAssetViaApi(context.app, b.auth);
    await createAssetViaApi(context.app, b.auth);
    await post(`/api/v1/assets/artworks/${theirs.id}/transfer`, b.auth, { to_account_id: a.accountId });
    await deliveries(a.accountId, ['succeeded', 'succeeded', 'succeeded', 'failed']);
    await deliveries(b.accountId, ['failed', 'failed']);

    const home = await get('/console', owner.cookie);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('owner');
    expect(countOf(home.body, 'pending')).toBe(2);
    expect(countOf(home.body, 'issued')).toBe(1);
    expect(countOf(home.body, 'open-alerts')).toBe(1);
    expect(countOf(home.body, 'offers-waiting')).toBe(1);
    expect(countOf(home.body, 'webhook-failures')).toBe(1);
    // Each count links to its list: the planet's filtered asset list, the transfers, the webhooks, the alerts.
    expect(home.body).toContain(
      'href="/console/assets/artworks?certificate_status=pending" data-count="pending"',
    );
    expect(home.body).toContain(
      'href="/console/assets/artworks?certificate_status=issued" data-count="issued"',
    );
    expect(home.body).toContain('href="/console/transfers" data-count="offers-waiting"');
    expect(home.body).toContain('href="/console/developers/webhooks" data-count="webhook-failures"');
    expect(home.body).toContain('href="#open-alerts" data-count="open-alerts"');
    // The open alert is listed, linking to its asset page.
    expect(home.body).toMatch(/<h2 id="open-alerts">/);
    expect(home.body).toContain(`href="/console/assets/artworks/${second.id}"`);
    expect(home.body).toContain(second.certificate_number);
    // The webhook success rate: 3 of 4 finished deliveries.
    expect(home.body).toContain('75% of 4 finished deliveries succeeded.');
    expect(rowValue(home.body, 'chart-deliveries', 'Failed')).toBe(1);
  });

  it('draws the charts as SVG images with their numbers per day in a table, a day without any showing zero', async () => {
    const a = await context.createAccountWithKey({ name: 'Chart Gallery' });
    const viewer = await joinedMember(context.app, context.db, a.accountId, email(), 'viewer');
    const today = await createAssetViaApi(context.app, a.auth);
    const earlier = await createAssetViaApi(context.app, a.auth);
    await createAssetViaApi(context.app, a.auth);
    await issueCertificateForTest(context.db, today);
    const window = lastDays(30);
    const [first] = window.days;
    const todayDay = window.days.at(-1)!;
    const threeDaysAgo = window.days.at(-4)!;
    const twoDaysAgo = window.days.at(-3)!;
    // One asset made three days ago (noon UTC), and one long before the window: it counts on no day.
    await context.db.query('UPDATE assets SET created_at = $2 WHERE id = $1', [
      earlier.id,
      `${threeDaysAgo}T12:00:00Z`,
    ]);
    const old = await createAssetViaApi(context.app, a.auth);
    await context.db.query(`UPDATE assets SET created_at = now() - interval '40 days' WHERE id = $1`, [
      old.id,
    ]);
    // Two verifications today: one verified, one of a certificate still pending.
    await post('/api/v1/verify', a.auth, { certificate_number: today.certificate_number });
    await post('/api/v1/verify', a.auth, { certificate_number: earlier.certificate_number });

    const home = await get('/console', viewer.cookie);
    expect(home.statusCode).toBe(200);
    for (const id of ['chart-created', 'chart-verified', 'chart-outcomes']) {
      expect(home.body).toMatch(
        new RegExp(
          `<svg[^>]*id="${id}"[^>]*role="img"[^>]*aria-labelledby="${id}-title"[^>]*aria-describedby="${id}-desc"`,
        ),
      );
      expect(home.body).toContain(`<title id="${id}-title">`);
      expect(home.body).toContain(`<desc id="${id}-desc">`);
    }
    // The numbers as a table: a caption, column and row headers, all 30 days.
    expect(home.body).toMatch(/<caption>\s*Certificates created per day\s*<\/caption>/);
    expect(home.body).toContain('<th scope="col">Day (UTC)</th>');
    expect(rowValue(home.body, 'chart-created', todayDay)).toBe(2);
    expect(rowValue(home.body, 'chart-created', threeDaysAgo)).toBe(1);
    expect(rowValue(home.body, 'chart-created', twoDaysAgo)).toBe(0);
    expect(rowValue(home.body, 'chart-created', first!)).toBe(0);
    expect(rowValue(home.body, 'chart-verified', todayDay)).toBe(2);
    expect(rowValue(home.body, 'chart-verified', threeDaysAgo)).toBe(0);
    // By outcome, each bar named in words (the pending one failed the certificate_issued check).
    expect(rowValue(home.body, 'chart-outcomes', 'Certificate not issued')).toBe(1);
    expect(home.body).toContain('3 in all; most on');
    // No deliveries: said in words, no empty chart.
    expect(home.body).toContain('No webhook deliveries in this period.');
    // A viewer sees the counts and charts, and no owner links (pending: all but the issued one).
    expect(countOf(home.body, 'pending')).toBe(3);
    expect(home.body).not.toContain('href="/console/members"');
  });

  it('shows an account with no assets as such, with empty charts of zeros', async () => {
    const { accountId } = await context.createAccountWithKey({ name: 'Empty Gallery' });
    const owner = await joinedMember(context.app, context.db, accountId, email(), 'owner');
    const home = await get('/console', owner.cookie);
    expect(home.statusCode).toBe(200);
    expect(countOf(home.body, 'pending')).toBe(0);
    expect(home.body).toContain('The account has no assets yet.');
    expect(home.body).toContain('No verifications of the account’s assets in this period.');
    expect(rowValue(home.body, 'chart-created', lastDays(30).days.at(-1)!)).toBe(0);
  });
});
