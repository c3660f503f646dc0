import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminUser } from '../../src/modules/admin/auth/admin-users.service.js';
import {
  NoticeJobs,
  sendDueDigests,
  sendReviewSummaries,
} from '../../src/modules/notices/notice-fanout.service.js';
import { DeliveryWorker } from '../../src/modules/webhooks/delivery.worker.js';
import {
  createAssetViaApi,
  issueCertificateForTest,
  moveCertificateForTest,
  type CreatedAsset,
} from '../helpers/asset-factory.js';
import { linksIn, startMailServer, type MailServer, type ReceivedMail } from '../helpers/mail-server.js';
import { createTestContext, testConfig, type TestContext } from '../helpers/test-app.js';
import { waitFor } from '../helpers/wait-for.js';
import { answer, startReceiver } from '../helpers/webhook-receiver.js';
import { postSignInForm } from '../helpers/sign-in-forms.js';
import { cookieOf, freshAddress, joinedMember, MEMBER_PASSWORD, signIn } from '../members/member-helpers.js';

const BASE = 'https://verify.example.com';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let context: TestContext;
let server: MailServer;

beforeAll(async () => {
  server = await startMailServer();
  context = await createTestContext({
    config: { ...server.config, AVS_PUBLIC_URL: BASE, AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: true },
  });
});
afterAll(async () => {
  await context?.close();
  await server?.close();
});

async function gallery(name: string) {
  return context.createAccountWithKey({ name });
}

/** An active member inserted as the members' service would, with the person's own language (or none). */
async function addMember(
  accountId: string,
  role: 'owner' | 'editor' | 'viewer',
  language: string | null = null,
) {
  const personId = randomUUID();
  const memberId = randomUUID();
  const email = `${role}-${personId.slice(0, 8)}@galerie.example`;
  await context.db.query('INSERT INTO people (id, email, language) VALUES ($1, $2, $3)', [
    personId,
    email,
    language,
  ]);
  await context.db.query(
    `INSERT INTO account_members (id, account_id, person_id, role, status) VALUES ($1, $2, $3, $4, 'active')`,
    [memberId, accountId, personId, role],
  );
  return { memberId, personId, email };
}

/** Does `action`, runs the mail worker's passes (fan-out included) and answers what reached the SMTP server. */
async function deliver(action: () => Promise<unknown> = async () => undefined): Promise<ReceivedMail[]> {
  // What was queued before (an invitation's message) is not the action's.
  await context.app.mailWorker.drain();
  const before = server.received.length;
  const count = async () =>
    (await context.db.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox WHERE state = 'sent'"))
      .rows[0]!.n;
  const sentBefore = await count();
  await action();
  await context.app.mailWorker.drain();
  const sent = (await count()) - sentBefore;
  await server.waitFor(before + sent);
  return server.received.slice(before);
}

const to = (mails: ReceivedMail[], email: string) => mails.filter((mail) => mail.to.includes(email));

function unsubscribeUrlOf(mail: ReceivedMail): string {
  const list = mail.parsed.headers.get('list') as { unsubscribe?: { url?: string } } | undefined;
  const url = list?.unsubscribe?.url;
  if (!url) throw new Error('no List-Unsubscribe');
  return url;
}

async function choicesOf(memberId: string): Promise<Record<string, boolean>> {
  const { rows } = await context.db.query<{ choices: Record<string, boolean> }>(
    'SELECT choices FROM member_notice_settings WHERE member_id = $1',
    [memberId],
  );
  return rows[0]?.choices ?? {};
}

const artwork = (auth: { authorization: string }, title: string, artist?: string) =>
  createAssetViaApi(context.app, auth, 'artworks', { title, ...(artist ? { artist } : {}) });

describe('notices: each kind arrives once, in the recipient’s language', () => {
  it('an issued certificate reaches the owner once, in German, with the work, the number, the asset’s page and a one-click List-Unsubscribe; editors and viewers get none by default', async () => {
    const { accountId, auth } = await gallery('Galerie Lumière');
    const owner = await addMember(accountId, 'owner', 'de');
    await addMember(accountId, 'editor');
    await addMember(accountId, 'viewer');
    const asset = await artwork(auth, 'Impression, soleil levant', 'Claude Monet');

    const mails = await deliver(() => issueCertificateForTest(context.db, asset));
    expect(mails.map((mail) => mail.to)).toEqual([[owner.email]]);
    const mail = mails[0]!;
    expect(mail.parsed.subject).toBe(
      `Galerie Lumière: Zertifikat ${asset.certificate_number} ist ausgestellt`,
    );
    expect(mail.parsed.headers.get('content-language')).toBe('de');
    expect(mail.parsed.text).toContain(
      'Das Zertifikat von „Impression, soleil levant“ von Claude Monet ist ausgestellt',
    );
    expect(linksIn(mail.parsed.text!)).toContain(`${BASE}/console/assets/artworks/${asset.id}`);
    expect(mail.parsed.html).toContain(`href="${BASE}/console/assets/artworks/${asset.id}"`);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(unsubscribeUrlOf(mail)).toMatch(
      new RegExp(`^${BASE}/console/notices/off/m\\.${owner.memberId}\\.certificate_issued\\.`),
    );
    expect(linksIn(mail.parsed.text!)).toContain(unsubscribeUrlOf(mail));

    // A repeat fan-out of the same cause (the mark lost) sends nothing twice.
    await context.db.query('UPDATE notice_events SET fanned_out_at = NULL WHERE account_id = $1', [
      accountId,
    ]);
    expect(await deliver()).toEqual([]);
  });

  it('a suspended and a revoked certificate each arrive once, with the reason, in English for a person with no language of their own', async () => {
    const { accountId, auth } = await gallery('Maison Moreau');
    const owner = await addMember(accountId, 'owner');
    const asset = await artwork(auth, 'Nymphéas');
    await deliver(() => issueCertificateForTest(context.db, asset));

    const suspended = await deliver(() =>
      moveCertificateForTest(context.db, asset, 'suspend', 'Condition disputed'),
    );
    expect(suspended.map((mail) => mail.parsed.subject)).toEqual([
      `Maison Moreau: Certificate ${asset.certificate_number} is suspended`,
    ]);
    expect(suspended[0]!.parsed.text).toContain('The certificate of “Nymphéas” is suspended');
    expect(suspended[0]!.parsed.text).toContain('The reason given: Condition disputed');
    expect(suspended[0]!.parsed.headers.get('content-language')).toBe('en');

    const revoked = await deliver(() => moveCertificateForTest(context.db, asset, 'revoke', 'A forgery'));
    expect(to(revoked, owner.email).map((mail) => mail.parsed.subject)).toEqual([
      `Maison Moreau: Certificate ${asset.certificate_number} is revoked`,
    ]);
    expect(revoked[0]!.parsed.text).toContain('The reason given: A forgery');
  });

  it('a transfer offered reaches the receiving account; accepted and declined reach the offering one', async () => {
    const seller = await gallery('Maison de Ventes');
    const buyer = await gallery('Galerie Nord');
    const sellerOwner = await addMember(seller.accountId, 'owner');
    const buyerOwner = await addMember(buyer.accountId, 'owner', 'fr');
    const sold = await artwork(seller.auth, 'Haystacks', 'Claude Monet');
    const kept = await artwork(seller.auth, 'Rouen Cathedral');

    const offer = async (asset: CreatedAsset) => {
      const response = await context.app.inject({
        method: 'POST',
        url: `/api/v1/assets/artworks/${asset.id}/transfer`,
        headers: seller.auth,
        payload: { to_account_id: buyer.accountId },
      });
      expect(response.statusCode).toBe(202);
      return response.json<{ transfer: { id: string } }>().transfer.id;
    };
    let transferId = '';
    const offered = await deliver(async () => (transferId = await offer(sold)));
    expect(offered.map((mail) => mail.to)).toEqual([[buyerOwner.email]]);
    expect(offered[0]!.parsed.subject).toBe(
      `Galerie Nord : Maison de Ventes vous propose le certificat ${sold.certificate_number}`,
    );
    expect(offered[0]!.parsed.text).toContain('« Haystacks » de Claude Monet');
    expect(linksIn(offered[0]!.parsed.text!)).toContain(`${BASE}/console/transfers`);

    const accepted = await deliver(() =>
      context.app.inject({
        method: 'POST',
        url: `/api/v1/transfers/${transferId}/accept`,
        headers: buyer.auth,
      }),
    );
    expect(accepted.map((mail) => [mail.to, mail.parsed.subject])).toEqual([
      [[sellerOwner.email], `Maison de Ventes: Galerie Nord accepted certificate ${sold.certificate_number}`],
    ]);

    const declinedId = await offer(kept);
    await deliver();
    const declined = await deliver(() =>
      context.app.inject({
        method: 'POST',
        url: `/api/v1/transfers/${declinedId}/decline`,
        headers: buyer.auth,
      }),
    );
    expect(declined.map((mail) => [mail.to, mail.parsed.subject])).toEqual([
      [[sellerOwner.email], `Maison de Ventes: Galerie Nord declined certificate ${kept.certificate_number}`],
    ]);
    expect(linksIn(declined[0]!.parsed.text!)).toContain(`${BASE}/console/assets/artworks/${kept.id}`);
  });

  it('an alert raised reaches the owning account (asset alert) and every account watching the certificate (watch-list hit)', async () => {
    const owning = await gallery('Galerie Ouest');
    const watching = await gallery('Musée du Guet');
    const owner = await addMember(owning.accountId, 'owner');
    const watcher = await addMember(watching.accountId, 'owner', 'it');
    const asset = await artwork(owning.auth, 'La Gare Saint-Lazare', 'Claude Monet');
    await deliver(() => issueCertificateForTest(context.db, asset));
    const watched = await context.app.inject({
      method: 'POST',
      url: '/api/v1/watchlist',
      headers: watching.auth,
      payload: { certificate_number: asset.certificate_number },
    });
    expect(watched.statusCode).toBe(201);

    const mails = await deliver(() =>
      context.app.inject({
        method: 'POST',
        url: `/api/v1/assets/artworks/${asset.id}/alerts`,
        headers: owning.auth,
        payload: { kind: 'stolen', occurred_at: '2026-01-15' },
      }),
    );
    expect(to(mails, owner.email).map((mail) => mail.parsed.subject)).toEqual([
      `Galerie Ouest: Certificate ${asset.certificate_number} is reported stolen`,
    ]);
    const hit = to(mails, watcher.email);
    expect(hit.map((mail) => mail.parsed.subject)).toEqual([
      `Musée du Guet: Il certificato osservato ${asset.certificate_number} è segnalato come rubato`,
    ]);
    expect(linksIn(hit[0]!.parsed.text!)).toContain(`${BASE}/console/watchlist`);
    expect(mails).toHaveLength(2);
  });

  it('a webhook endpoint with no delivery accepted for 24 h is told once per run of failures', async () => {
    const { accountId, auth } = await gallery('Galerie Sud');
    const owner = await addMember(accountId, 'owner');
    const receiver = await startReceiver(answer(500, 'down'));
    try {
      const registered = await context.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: auth,
        payload: { url: receiver.url },
      });
      expect(registered.statusCode).toBe(201);
      const webhookId = registered.json<{ id: string }>().id;
      const testEvent = () =>
        context.app.inject({ method: 'POST', url: `/api/v1/webhooks/${webhookId}/test`, headers: auth });
      await testEvent();
      // The clock, as the worker reads it: the first delivery failing since 25 hours.
      await context.db.query(
        "UPDATE webhook_deliveries SET created_at = now() - interval '25 hours' WHERE webhook_id = $1",
        [webhookId],
      );
      const worker = new DeliveryWorker({
        db: context.db,
        config: testConfig({
          AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: true,
          AVS_WEBHOOK_RETRY_SCHEDULE: [60_000],
          AVS_WEBHOOK_TIMEOUT_MS: 2_000,
        }),
        log: silent,
      });
      const failures = async () =>
        (
          await context.db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM notice_events WHERE kind = 'webhook_failing' AND account_id = $1",
            [accountId],
          )
        ).rows[0]!.n;
      const mails = await deliver(async () => {
        worker.start();
        try {
          await waitFor(async () => (await failures()) === 1);
          await testEvent();
          await waitFor(() => receiver.received.length >= 2);
        } finally {
          await worker.stop();
        }
      });
      expect(await failures()).toBe(1);
      expect(to(mails, owner.email).map((mail) => mail.parsed.subject)).toEqual([
        'Galerie Sud: A webhook endpoint has failed for a day',
      ]);
      expect(mails[0]!.parsed.text).toContain(receiver.url);
      expect(linksIn(mails[0]!.parsed.text!)).toContain(`${BASE}/console/developers/webhooks/${webhookId}`);
    } finally {
      await receiver.close();
    }
  });

  it('a sign-in from a browser never used before reaches the member (not the first sign-in ever, nor a known browser)', async () => {
    const { accountId } = await gallery('Galerie Est');
    const email = 'registrar@galerie-est.example';
    await joinedMember(context.app, context.db, accountId, email);
    await context.db.query("UPDATE people SET language = 'de' WHERE email = $1", [email]);
    const deviceOf = (response: { headers: Record<string, unknown> }) => {
      const cookies = [response.headers['set-cookie']].flat().map(String);
      const device = cookies.find((cookie) => cookie.startsWith('avs_device='));
      expect(device).toMatch(/HttpOnly/i);
      expect(device).toMatch(/Max-Age=34560000/);
      return device!.split(';', 1)[0]!;
    };

    let first = '';
    // The first sign-in ever is not new; the browser it came from is known from then on.
    expect(
      await deliver(async () => {
        const response = await signIn(context.app, email);
        expect(response.statusCode).toBe(303);
        expect(cookieOf(response)).toMatch(/^avs_member_session=/);
        first = deviceOf(response);
      }),
    ).toEqual([]);
    expect(
      await deliver(async () => {
        const response = await postSignIn(email, first);
        expect(response.statusCode).toBe(303);
        expect(deviceOf(response)).toBe(first);
      }),
    ).toEqual([]);

    const mails = await deliver(async () => {
      const response = await postSignIn(email);
      expect(response.statusCode).toBe(303);
    });
    expect(mails.map((mail) => [mail.to, mail.parsed.subject])).toEqual([
      [[email], `Galerie Est: Neue Anmeldung als ${email}`],
    ]);
    expect(mails[0]!.parsed.text).toContain('mit einem Browser, mit dem Sie sich noch nie angemeldet hatten');
    expect(linksIn(mails[0]!.parsed.text!)).toContain(`${BASE}/console/account`);
  });
});

/** A sign-in as a browser with this device cookie (or none) sends it. */
async function postSignIn(email: string, device?: string) {
  return postSignInForm(context.app, {
    url: '/console/login',
    fields: { email, password: MEMBER_PASSWORD },
    remoteAddress: freshAddress(),
    ...(device ? { cookie: device } : {}),
  });
}

describe('notices a person turns off', () => {
  it('the one-click link: GET only shows it; POST (no session, no CSRF token) turns that kind off, and only that kind', async () => {
    const { accountId, auth } = await gallery('Galerie Claire');
    const owner = await addMember(accountId, 'owner');
    const first = await artwork(auth, 'Le Déjeuner');
    const [issued] = await deliver(() => issueCertificateForTest(context.db, first));
    const url = unsubscribeUrlOf(issued!);
    const path = url.slice(BASE.length);

    const page = await context.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('a certificate of the account is issued');
    expect(page.body).toContain('These messages are on.');
    expect(await choicesOf(owner.memberId)).toEqual({});

    const forged = path.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await context.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect(
      (
        await context.app.inject({
          method: 'POST',
          url: forged,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        })
      ).statusCode,
    ).toBe(404);

    const oneClick = await context.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('Done: these messages are stopped.');
    expect(await choicesOf(owner.memberId)).toEqual({ certificate_issued: false });

    const second = await artwork(auth, 'La Pie');
    expect(await deliver(() => issueCertificateForTest(context.db, second))).toEqual([]);
    // Other kinds still come; their link works as multipart/form-data too (RFC 8058's preferred form).
    const [suspended] = await deliver(() => moveCertificateForTest(context.db, first, 'suspend'));
    expect(suspended!.parsed.subject).toContain('is suspended');
    const boundary = 'avs-test-boundary';
    const multipart = await context.app.inject({
      method: 'POST',
      url: unsubscribeUrlOf(suspended!).slice(BASE.length),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    expect(await choicesOf(owner.memberId)).toEqual({
      certificate_issued: false,
      certificate_suspended: false,
    });

    // The page's own button brings it back.
    const again = await context.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'on=1',
    });
    expect(again.body).toContain('Done: these messages come again.');
    expect((await choicesOf(owner.memberId)).certificate_issued).toBe(true);
  });

  it('the account page: a viewer (none by default) turns a kind on; an owner chooses a daily digest that gathers the day’s notices', async () => {
    const { accountId, auth } = await gallery('Galerie Digest');
    const viewer = await joinedMember(
      context.app,
      context.db,
      accountId,
      'viewer@galerie-digest.example',
      'viewer',
    );
    const owner = await joinedMember(
      context.app,
      context.db,
      accountId,
      'owner@galerie-digest.example',
      'owner',
    );
    const page = await context.app.inject({
      method: 'GET',
      url: '/console/account',
      headers: { cookie: viewer.cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Messages by e-mail');
    expect(page.body).not.toMatch(/id="notice-certificate_issued"[^>]*checked/);

    const save = (member: { cookie: string; csrf: string }, fields: [string, string][]) =>
      context.app.inject({
        method: 'POST',
        url: '/console/account/notices',
        headers: { cookie: member.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams([['_csrf', member.csrf], ...fields]).toString(),
      });
    expect((await save(viewer, [['notices', 'certificate_issued']])).statusCode).toBe(303);
    const owned = await save(owner, [
      ['notices', 'certificate_issued'],
      ['notices', 'certificate_suspended'],
      ['delivery', 'digest'],
    ]);
    expect(owned.statusCode).toBe(303);
    const shown = await context.app.inject({
      method: 'GET',
      url: '/console/account',
      headers: { cookie: owner.cookie },
    });
    expect(shown.body).toMatch(/id="notices-digest"[^>]*checked/);
    expect(shown.body).not.toMatch(/id="notice-transfer_offered"[^>]*checked/);
    expect((await save(owner, [['notices', 'no_such_kind']])).statusCode).toBe(400);

    const a = await artwork(auth, 'Première', 'Berthe Morisot');
    const b = await artwork(auth, 'Seconde');
    const now = await deliver(async () => {
      await issueCertificateForTest(context.db, a);
      await issueCertificateForTest(context.db, b);
    });
    // The viewer's two messages at once; the owner's wait for the digest.
    expect(to(now, 'viewer@galerie-digest.example')).toHaveLength(2);
    expect(to(now, 'owner@galerie-digest.example')).toHaveLength(0);

    expect(
      await deliver(() => sendDueDigests(context.db, context.config, new Date(Date.now() + 23 * 3600_000))),
    ).toEqual([]);
    const digest = await deliver(() =>
      sendDueDigests(context.db, context.config, new Date(Date.now() + 25 * 3600_000)),
    );
    expect(digest.map((mail) => mail.to)).toEqual([['owner@galerie-digest.example']]);
    const mail = digest[0]!;
    expect(mail.parsed.subject).toBe('Galerie Digest: 2 notices of the day');
    expect(mail.parsed.text).toContain(`Certificate ${a.certificate_number} is issued`);
    expect(mail.parsed.text).toContain(`Certificate ${b.certificate_number} is issued`);
    expect(linksIn(mail.parsed.text!)).toEqual(
      expect.arrayContaining([
        `${BASE}/console/assets/artworks/${a.id}`,
        `${BASE}/console/assets/artworks/${b.id}`,
      ]),
    );
    expect(unsubscribeUrlOf(mail)).toMatch(new RegExp(`/console/notices/off/m\\.${owner.memberId}\\.all\\.`));
    // Sent once: nothing is left to gather.
    expect(
      await deliver(() => sendDueDigests(context.db, context.config, new Date(Date.now() + 50 * 3600_000))),
    ).toEqual([]);
  });
});

describe('the operator’s daily summary of certificates waiting for review', () => {
  it('goes to each administrator once a day while some wait, from 06:00 UTC, and stops by its one-click link', async () => {
    const { auth } = await gallery('Galerie Attente');
    await artwork(auth, 'En attente');
    const first = await createAdminUser(context.db, {
      email: 'first-admin@verify.example.com',
      password: 'a long admin passphrase',
    });
    await createAdminUser(context.db, {
      email: 'second-admin@verify.example.com',
      password: 'a long admin passphrase',
    });
    const { rows } = await context.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM assets WHERE certificate_status = 'pending'",
    );
    const waiting = rows[0]!.n;

    // The job as the mail worker runs it, on an injected clock: nothing before 06:00, then once that day.
    const admins = (mails: ReceivedMail[]) =>
      mails.filter((mail) => mail.to[0]!.endsWith('@verify.example.com'));
    let clock = new Date('2031-03-04T05:30:00Z');
    const jobs = new NoticeJobs(context.db, context.config, () => clock);
    expect(admins(await deliver(() => jobs.pass()))).toEqual([]);
    clock = new Date('2031-03-04T06:30:00Z');
    const mails = admins(await deliver(() => jobs.pass()));
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      ['first-admin@verify.example.com'],
      ['second-admin@verify.example.com'],
    ]);
    expect(mails[0]!.parsed.subject).toBe(`${waiting} certificates wait for review`);
    expect(linksIn(mails[0]!.parsed.text!)).toContain(`${BASE}/admin/certificates?status=pending`);
    clock = new Date('2031-03-04T09:30:00Z');
    expect(admins(await deliver(() => jobs.pass()))).toEqual([]);
    // On demand, the same day: still once.
    expect(await deliver(() => sendReviewSummaries(context.db, context.config, clock))).toEqual([]);

    const firstMail = to(mails, 'first-admin@verify.example.com')[0]!;
    const url = unsubscribeUrlOf(firstMail);
    expect(url).toContain(`/console/notices/off/a.${first.id}.review_summary.`);
    const off = await context.app.inject({
      method: 'POST',
      url: url.slice(BASE.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(off.statusCode).toBe(200);
    const nextDay = await deliver(() =>
      sendReviewSummaries(context.db, context.config, new Date('2031-03-05T06:00:00Z')),
    );
    expect(nextDay.map((mail) => mail.to)).toEqual([['second-admin@verify.example.com']]);
  });
});
