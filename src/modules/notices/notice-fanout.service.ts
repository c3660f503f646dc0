import type { Config } from '../../config.js';
import type { Database, Queryable } from '../../db/database.js';
import { DEFAULT_LANGUAGE } from '../../i18n/locales.js';
import { queueMail } from '../mail/mail.service.js';
import { publicBaseUrl } from '../signing/issuer-identity.js';
import {
  claimWaitingNoticeEvents,
  deleteDigestItems,
  describeNoticeAssets,
  findNoticeRecipient,
  insertDigestItems,
  listAccountNames,
  listMembersWithDueDigest,
  listNoticeRecipients,
  markNoticeEventsFannedOut,
  pruneNoticeEvents,
  takeDigestItems,
  type NoticeAssetRow,
  type NoticeEventRow,
  type NoticeRecipientRow,
} from './notice-events.repository.js';
import { isNoticeKind, wantsNotice } from './notice-kinds.js';
import { digestContent, noticeContent, reviewSummaryContent, type NoticeContext } from './notice-mail.js';
import {
  countWaitingCertificates,
  listReviewSummaryAdmins,
  noticeLinkKey,
} from './notice-settings.repository.js';
import { unsubscribeUrl } from './notice-settings.service.js';

type NoticeConfig = Pick<Config, 'AVS_PUBLIC_URL' | 'HOST' | 'PORT' | 'AVS_SERVICE_NAME'>;

const BATCH = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A digest goes once its oldest notice is a day old: at most one a day, and no notice waits longer. */
const DIGEST_AFTER_MS = DAY_MS;
/** The operator's summary of the day goes at the first pass from this hour (UTC) on. */
const REVIEW_SUMMARY_HOUR_UTC = 6;
/** Causes are kept this long after their fan-out (a digest keeps its own until it is sent). */
const KEEP_FANNED_OUT_MS = 7 * DAY_MS;
/** Digests, the summary and pruning are looked at this often; fan-out at every pass of the mail worker. */
const PERIODIC_EVERY_MS = 60_000;

function baseUrlOf(config: NoticeConfig): string {
  return publicBaseUrl(config).replace(/\/+$/, '');
}

/** The works and the other accounts a batch of causes names, looked up once for the batch. */
async function lookUp(tx: Queryable, events: NoticeEventRow[]) {
  const refs = new Map<string, { planet: string; id: string }>();
  const accounts = new Set<string>();
  for (const { payload } of events) {
    const { planet, asset_id: id, other_account_id: other } = payload;
    if (typeof planet === 'string' && typeof id === 'string') refs.set(`${planet}/${id}`, { planet, id });
    if (typeof other === 'string') accounts.add(other);
  }
  const assets = new Map<string, NoticeAssetRow>(
    (await describeNoticeAssets(tx, [...refs.values()])).map((asset) => [
      `${asset.planet}/${asset.id}`,
      asset,
    ]),
  );
  const names = new Map(
    (await listAccountNames(tx, [...accounts])).map((account) => [account.id, account.name]),
  );
  return (event: NoticeEventRow, member: NoticeRecipientRow, baseUrl: string): NoticeContext => {
    const { planet, asset_id: id, other_account_id: other } = event.payload;
    return {
      baseUrl,
      accountName: member.account_name,
      email: member.email,
      asset: assets.get(`${String(planet)}/${String(id)}`),
      otherAccountName: typeof other === 'string' ? names.get(other) : undefined,
    };
  };
}

/** A new sign-in is the member's own security: it goes at once, even to a member who chose a digest. */
function goesInDigest(member: NoticeRecipientRow, kind: string): boolean {
  return member.digest && kind !== 'new_sign_in';
}

/**
 * One batch: the oldest causes not yet fanned out (SKIP LOCKED, so instances share them) become one message per
 * active member of the account who wants the kind, in that member's language, or a line kept for their digest.
 * The messages, the digest lines and the mark commit together; the dedupe key `notice:<cause>:<member>` keeps a
 * repeat from sending twice.
 */
async function fanOutBatch(db: Database, config: NoticeConfig, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await claimWaitingNoticeEvents(tx, BATCH);
    if (events.length === 0) return 0;
    const recipients = await listNoticeRecipients(tx, [...new Set(events.map((event) => event.account_id))]);
    const contextOf = await lookUp(tx, events);
    const baseUrl = baseUrlOf(config);
    const key = recipients.length > 0 ? await noticeLinkKey(tx) : undefined;
    const digestItems: { memberId: string; eventId: string }[] = [];
    for (const event of events) {
      const kind = event.kind;
      if (!isNoticeKind(kind)) continue;
      for (const member of recipients) {
        if (member.account_id !== event.account_id) continue;
        if (event.member_id !== null && event.member_id !== member.member_id) continue;
        if (!wantsNotice(member, kind)) continue;
        if (goesInDigest(member, kind)) {
          digestItems.push({ memberId: member.member_id, eventId: event.id });
          continue;
        }
        await queueMail(tx, {
          kind: `notice.${kind}`,
          to: member.email,
          personId: member.person_id,
          accountId: member.account_id,
          language: member.language ?? DEFAULT_LANGUAGE,
          service: config.AVS_SERVICE_NAME,
          draw: () => noticeContent(event, contextOf(event, member, baseUrl)),
          unsubscribeUrl: await unsubscribeUrl(tx, baseUrl, { type: 'm', id: member.member_id, kind }, key),
          dedupeKey: `notice:${event.id}:${member.member_id}`,
        });
      }
    }
    await insertDigestItems(tx, digestItems, now);
    await markNoticeEventsFannedOut(
      tx,
      events.map((event) => event.id),
      now,
    );
    return events.length;
  });
}

/** Every cause waiting, fanned out; resolves with how many. */
async function fanOutNotices(db: Database, config: NoticeConfig, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const taken = await fanOutBatch(db, config, now);
    total += taken;
    if (taken < BATCH) return total;
  }
}

/** One member's digest: their kept causes (those they still want) as one message, and the lines dropped. */
async function sendDigest(db: Database, config: NoticeConfig, memberId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const items = await takeDigestItems(tx, memberId);
    if (items.length === 0) return false;
    const member = await findNoticeRecipient(tx, memberId);
    const wanted =
      member && member.status === 'active'
        ? items.filter((item) => isNoticeKind(item.kind) && wantsNotice(member, item.kind))
        : [];
    let queued = false;
    if (member && wanted.length > 0) {
      const contextOf = await lookUp(tx, wanted);
      const baseUrl = baseUrlOf(config);
      const first = Math.min(...items.map((item) => item.gathered_at.getTime()));
      queued =
        (await queueMail(tx, {
          kind: 'notice.digest',
          to: member.email,
          personId: member.person_id,
          accountId: member.account_id,
          language: member.language ?? DEFAULT_LANGUAGE,
          service: config.AVS_SERVICE_NAME,
          draw: () =>
            digestContent(
              wanted.map((event) => ({ event, context: contextOf(event, member, baseUrl) })),
              { accountName: member.account_name, baseUrl },
            ),
          unsubscribeUrl: await unsubscribeUrl(tx, baseUrl, { type: 'm', id: memberId, kind: 'all' }),
          dedupeKey: `digest:${memberId}:${new Date(first).toISOString()}`,
        })) !== undefined;
    }
    await deleteDigestItems(
      tx,
      memberId,
      items.map((item) => item.id),
    );
    return queued;
  });
}

/** Every digest due at `now` (its oldest line a day old), queued; resolves with how many messages. */
export async function sendDueDigests(db: Database, config: NoticeConfig, now = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = await listMembersWithDueDigest(db, new Date(now.getTime() - DIGEST_AFTER_MS), 50);
    for (const { member_id: memberId } of due) if (await sendDigest(db, config, memberId)) sent += 1;
    if (due.length < 50) return sent;
  }
}

/**
 * The operator's summary of the day (UTC) at `now`: how many certificates wait for review, to every administrator
 * who has not turned it off, once a day (the dedupe key names the day), and only when some wait.
 */
export async function sendReviewSummaries(
  db: Database,
  config: NoticeConfig,
  now = new Date(),
): Promise<number> {
  const waiting = await countWaitingCertificates(db);
  if (waiting.count === 0 || !waiting.oldest) return 0;
  const admins = await listReviewSummaryAdmins(db);
  if (admins.length === 0) return 0;
  const day = now.toISOString().slice(0, 10);
  const baseUrl = baseUrlOf(config);
  const summary = { count: waiting.count, oldest: waiting.oldest };
  return db.transaction(async (tx) => {
    const key = await noticeLinkKey(tx);
    let queued = 0;
    for (const admin of admins) {
      const id = await queueMail(tx, {
        kind: 'notice.review_summary',
        to: admin.email,
        language: DEFAULT_LANGUAGE,
        service: config.AVS_SERVICE_NAME,
        draw: () => reviewSummaryContent(summary, baseUrl),
        unsubscribeUrl: await unsubscribeUrl(
          tx,
          baseUrl,
          { type: 'a', id: admin.id, kind: 'review_summary' },
          key,
        ),
        dedupeKey: `review_summary:${admin.id}:${day}`,
      });
      if (id) queued += 1;
    }
    return queued;
  });
}

/**
 * The notices' share of each pass of the mail worker: causes fanned out at every pass; at most once a minute the
 * digests due, the operator's summary (once a day from REVIEW_SUMMARY_HOUR_UTC) and the pruning of old causes.
 */
export class NoticeJobs {
  private nextPeriodicAt = 0;
  private summaryDay: string | undefined;

  constructor(
    private readonly db: Database,
    private readonly config: NoticeConfig,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async pass(): Promise<void> {
    const now = this.now();
    await fanOutNotices(this.db, this.config, now);
    if (now.getTime() < this.nextPeriodicAt) return;
    this.nextPeriodicAt = now.getTime() + PERIODIC_EVERY_MS;
    await sendDueDigests(this.db, this.config, now);
    const day = now.toISOString().slice(0, 10);
    if (day !== this.summaryDay && now.getUTCHours() >= REVIEW_SUMMARY_HOUR_UTC) {
      await sendReviewSummaries(this.db, this.config, now);
      this.summaryDay = day;
    }
    await pruneNoticeEvents(this.db, new Date(now.getTime() - KEEP_FANNED_OUT_MS), 1000);
  }
}
