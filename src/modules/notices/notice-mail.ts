import { formatDate, formatDateTime } from '../../i18n/formats.js';
import type { MailContent } from '../mail/mail.service.js';
import { mailText } from '../mail/text/index.js';
import type { NoticeAssetRow, NoticeEventRow } from './notice-events.repository.js';

/** What drawing one cause needs besides the cause: the names and addresses it mentions. */
export interface NoticeContext {
  /** AVS_PUBLIC_URL (or its default), without a trailing slash. */
  baseUrl: string;
  /** The account of the member told. */
  accountName: string;
  email: string;
  /** The work the cause is about (undefined: gone since, or none). */
  asset: NoticeAssetRow | undefined;
  /** The account on the other side of a transfer. */
  otherAccountName: string | undefined;
}

/** The words of one cause: a headline (the subject's and a digest's line), paragraphs, and where it leads. */
export interface NoticeWords {
  headline: string;
  paragraphs: string[];
  after?: string[];
  link: { label: string; url: string };
}

function text(payload: Record<string, unknown>, key: string): string {
  const value = payload[key];
  return typeof value === 'string' ? value : '';
}

function workOf(asset: NoticeAssetRow | undefined): string {
  const words = mailText.notices;
  if (!asset) return words.workUntitled('—');
  return asset.artist ? words.work(asset.title, asset.artist) : words.workUntitled(asset.title);
}

/** A cause in the recipient's language (called inside it, by queueMail's draw or the digest's). */
function noticeWords(event: NoticeEventRow, context: NoticeContext): NoticeWords {
  const words = mailText.notices;
  const { asset, baseUrl } = context;
  const payload = event.payload;
  const number = asset?.certificate_number ?? '—';
  const work = workOf(asset);
  const other = context.otherAccountName ?? text(payload, 'other_account_id');
  const assetLink = {
    label: words.openWork,
    url: `${baseUrl}/console/assets/${encodeURIComponent(text(payload, 'planet'))}/${encodeURIComponent(text(payload, 'asset_id'))}`,
  };
  const reason = text(payload, 'reason');
  const reasonLine = reason ? [words.reason(reason)] : [];
  switch (event.kind) {
    case 'certificate_issued':
      return {
        headline: words.certificateIssued.headline(number),
        paragraphs: [words.certificateIssued.body(work)],
        link: assetLink,
      };
    case 'certificate_suspended':
      return {
        headline: words.certificateSuspended.headline(number),
        paragraphs: [words.certificateSuspended.body(work), ...reasonLine],
        link: assetLink,
      };
    case 'certificate_revoked':
      return {
        headline: words.certificateRevoked.headline(number),
        paragraphs: [words.certificateRevoked.body(work), ...reasonLine],
        link: assetLink,
      };
    case 'transfer_offered':
      return {
        headline: words.transferOffered.headline(other, number),
        paragraphs: [words.transferOffered.body(other, context.accountName, work, number)],
        link: { label: words.transferOffered.action, url: `${baseUrl}/console/transfers` },
      };
    case 'transfer_accepted':
      return {
        headline: words.transferAccepted.headline(other, number),
        paragraphs: [words.transferAccepted.body(other, work, number)],
        link: { label: words.transferAccepted.action, url: `${baseUrl}/c/${encodeURIComponent(number)}` },
      };
    case 'transfer_declined':
      return {
        headline: words.transferDeclined.headline(other, number),
        paragraphs: [words.transferDeclined.body(other, work, number, context.accountName)],
        link: assetLink,
      };
    case 'watch_alert':
    case 'asset_alert': {
      const alertKind = text(payload, 'alert_kind');
      const since = formatDate(text(payload, 'since'));
      if (event.kind === 'asset_alert')
        return {
          headline: words.assetAlert.headline(number, alertKind),
          paragraphs: [words.assetAlert.body(work, number, alertKind, since)],
          link: assetLink,
        };
      return {
        headline: words.watchAlert.headline(number, alertKind),
        paragraphs: [words.watchAlert.body(work, number, context.accountName, alertKind, since)],
        link: { label: words.watchAlert.action, url: `${baseUrl}/console/watchlist` },
      };
    }
    case 'webhook_failing':
      return {
        headline: words.webhookFailing.headline,
        paragraphs: [words.webhookFailing.body(text(payload, 'url'), formatDateTime(text(payload, 'since')))],
        link: {
          label: words.webhookFailing.action,
          url: `${baseUrl}/console/developers/webhooks/${encodeURIComponent(text(payload, 'webhook_id'))}`,
        },
      };
    case 'new_sign_in':
      return {
        headline: words.newSignIn.headline(context.email),
        paragraphs: [
          words.newSignIn.body(context.email, context.accountName, formatDateTime(text(payload, 'at'))),
        ],
        after: [words.newSignIn.after],
        link: { label: words.newSignIn.action, url: `${baseUrl}/console/account` },
      };
    default:
      throw new Error(`no words for the notice kind ${event.kind}`);
  }
}

/** One cause as a message of its own. */
export function noticeContent(event: NoticeEventRow, context: NoticeContext): MailContent {
  const words = noticeWords(event, context);
  return {
    subject: mailText.notices.subject(context.accountName, words.headline),
    heading: words.headline,
    paragraphs: words.paragraphs,
    action: words.link,
    after: words.after,
  };
}

/** A member's gathered causes as one message: one line each, leading where its own message would. */
export function digestContent(
  causes: { event: NoticeEventRow; context: NoticeContext }[],
  frame: { accountName: string; baseUrl: string },
): MailContent {
  const words = mailText.notices.digest;
  return {
    subject: words.subject(frame.accountName, causes.length),
    heading: words.heading(frame.accountName),
    paragraphs: [words.intro],
    links: causes.map(({ event, context }) => {
      const cause = noticeWords(event, context);
      return { text: cause.headline, url: cause.link.url };
    }),
    action: { label: words.action, url: `${frame.baseUrl}/console` },
  };
}

/** The operator's daily summary of certificates waiting for review. */
export function reviewSummaryContent(waiting: { count: number; oldest: Date }, baseUrl: string): MailContent {
  const words = mailText.notices.reviewSummary;
  return {
    subject: words.subject(waiting.count),
    heading: words.subject(waiting.count),
    paragraphs: [words.body(waiting.count, formatDate(waiting.oldest))],
    action: { label: words.action, url: `${baseUrl}/admin/certificates?status=pending` },
  };
}
