/**
 * The notices a member can be sent, each one they can turn off (docs/mail.md, "Notices"). The order is the account
 * page's.
 */
export const noticeKinds = [
  'certificate_issued',
  'certificate_suspended',
  'certificate_revoked',
  'transfer_offered',
  'transfer_accepted',
  'transfer_declined',
  'watch_alert',
  'asset_alert',
  'webhook_failing',
  'new_sign_in',
] as const;

export type NoticeKind = (typeof noticeKinds)[number];

/** A member's role, as the defaults read it (the members room's own type, spelt here so the arrow points one way). */
export type NoticeRole = 'owner' | 'editor' | 'viewer';

export function isNoticeKind(value: string): value is NoticeKind {
  return (noticeKinds as readonly string[]).includes(value);
}

/**
 * What a member gets before choosing: owners every notice; editors and viewers none (an editor registers works and
 * turns on what they want; a viewer only reads). A choice, once saved, is the member's whatever their role becomes.
 */
function defaultChoice(role: NoticeRole, _kind: NoticeKind): boolean {
  return role === 'owner';
}

/** Whether the member wants this kind: their saved choice, else their role's default. */
export function wantsNotice(
  member: { role: NoticeRole; choices: Partial<Record<string, boolean>> },
  kind: NoticeKind,
): boolean {
  return member.choices[kind] ?? defaultChoice(member.role, kind);
}
