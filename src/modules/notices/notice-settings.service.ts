import { createHmac } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { secretsMatch } from '../../lib/secrets.js';
import { isUuid } from '../../lib/uuid.js';
import { findNoticeRecipient } from './notice-events.repository.js';
import { isNoticeKind, noticeKinds, wantsNotice, type NoticeKind, type NoticeRole } from './notice-kinds.js';
import {
  findMemberNoticeSettings,
  findNoticeAdmin,
  mergeMemberNoticeChoices,
  noticeLinkKey,
  saveAdminReviewSummary,
  saveMemberNoticeSettings,
} from './notice-settings.repository.js';

/** A member's notices as the account page shows them: each kind on or off, and one message each or a digest. */
export interface MemberNoticeSettings {
  kinds: { kind: NoticeKind; on: boolean }[];
  digest: boolean;
}

export async function memberNoticeSettings(
  db: Queryable,
  member: { memberId: string; role: NoticeRole },
): Promise<MemberNoticeSettings> {
  const saved = await findMemberNoticeSettings(db, member.memberId);
  const choices = saved?.choices ?? {};
  return {
    kinds: noticeKinds.map((kind) => ({ kind, on: wantsNotice({ role: member.role, choices }, kind) })),
    digest: saved?.digest ?? false,
  };
}

/** The account page's form: the kinds ticked (any other is off from now on) and how they come. */
export async function saveMemberNoticeChoices(
  db: Queryable,
  member: { memberId: string },
  form: { on: readonly string[]; digest: boolean },
): Promise<void> {
  const unknown = form.on.find((kind) => !isNoticeKind(kind));
  if (unknown !== undefined) {
    throw new AppError('validation_failed', 'not_one_of', {
      field: 'notices',
      value: unknown.slice(0, 100),
      expected: [...noticeKinds],
    });
  }
  const choices = Object.fromEntries(noticeKinds.map((kind) => [kind, form.on.includes(kind)]));
  await saveMemberNoticeSettings(db, member.memberId, { choices, digest: form.digest });
}

/** Who a one-click link speaks for: a member (a notice kind, or `all` for a digest) or an administrator. */
type LinkSubject =
  { type: 'm'; id: string; kind: NoticeKind | 'all' } | { type: 'a'; id: string; kind: 'review_summary' };

const ALL = 'all';
const REVIEW_SUMMARY = 'review_summary';

function linkMac(key: Buffer, subject: LinkSubject): string {
  return createHmac('sha256', key)
    .update(`notice-off:${subject.type}:${subject.id}:${subject.kind}`)
    .digest('base64url');
}

function tokenOf(key: Buffer, subject: LinkSubject): string {
  return `${subject.type}.${subject.id}.${subject.kind}.${linkMac(key, subject)}`;
}

/**
 * The one-click link that turns one kind off for one member (List-Unsubscribe, RFC 8058): the token is its own
 * authority, an HMAC of who and which kind under a key kept in the database, so nothing is stored per message.
 */
export async function unsubscribeUrl(
  db: Queryable,
  baseUrl: string,
  subject: LinkSubject,
  key?: Buffer,
): Promise<string> {
  return `${baseUrl}/console/notices/off/${tokenOf(key ?? (await noticeLinkKey(db)), subject)}`;
}

/** What a one-click link stops, as its page says it. */
export interface OpenedLink {
  subject: LinkSubject;
  email: string;
  accountName: string | null;
  /** Whether what the link stops is still on. */
  on: boolean;
}

function parseToken(token: string): (LinkSubject & { mac: string }) | undefined {
  const [type, id, kind, mac, ...rest] = token.split('.');
  if (rest.length > 0 || !id || !isUuid(id) || !mac) return undefined;
  if (type === 'm' && kind && (isNoticeKind(kind) || kind === ALL)) return { type, id, kind, mac };
  if (type === 'a' && kind === REVIEW_SUMMARY) return { type, id, kind, mac };
  return undefined;
}

function notFound(): AppError {
  return new AppError('route_not_found', 'no_route', { method: 'GET', path: '/console/notices/off/…' });
}

/** The link's subject and state; a link not made here (or whose member or administrator is gone) is 404. */
export async function openUnsubscribeLink(db: Queryable, token: string): Promise<OpenedLink> {
  const parsed = token.length <= 200 ? parseToken(token) : undefined;
  if (!parsed) throw notFound();
  const { mac, ...subject } = parsed;
  if (!secretsMatch(mac, linkMac(await noticeLinkKey(db), subject))) throw notFound();
  if (subject.type === 'a') {
    const admin = await findNoticeAdmin(db, subject.id);
    if (!admin) throw notFound();
    return { subject, email: admin.email, accountName: null, on: admin.review_summary };
  }
  const member = await findNoticeRecipient(db, subject.id);
  if (!member) throw notFound();
  const on =
    subject.kind === ALL
      ? noticeKinds.some((kind) => wantsNotice(member, kind))
      : wantsNotice(member, subject.kind);
  return { subject, email: member.email, accountName: member.account_name, on };
}

/** The one-click POST (and the page's button): turns what the link names off, or on again (`on`). */
export async function applyUnsubscribeLink(db: Queryable, token: string, on = false): Promise<OpenedLink> {
  const link = await openUnsubscribeLink(db, token);
  const { subject } = link;
  if (subject.type === 'a') await saveAdminReviewSummary(db, subject.id, on);
  else {
    const kinds = subject.kind === ALL ? noticeKinds : [subject.kind];
    await mergeMemberNoticeChoices(db, subject.id, Object.fromEntries(kinds.map((kind) => [kind, on])));
  }
  return { ...link, on };
}
