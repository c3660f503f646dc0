import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { membersText as english } from '../members.text.js';

/** The members page in Japanese (the English source is ../members.text.ts). */
export const membersText: Translation<typeof english> = {
  members: {
    title: 'メンバー',
    membersHeading: 'メンバー',
    invitationsHeading: '保留中の招待',
    noPendingInvitations: '保留中の招待はありません。',
    invitationPending: '招待は保留中です',
    enable: '有効にする',
    disable: '無効にする',
    enableOf: '{email} を有効にする',
    disableOf: '{email} を無効にする',
    roleOf: '{email} の役割',
    changeRole: '役割を変更<hidden>（{email}）</hidden>',
    roleChanged: '役割を変更しました。',
    disabled: '{email} を無効にしました。',
    disabledAndRevoked: '{count, plural, other {{email} を無効にし、キーを#件失効させました。}}',
    enabled: 'メンバーを有効にしました。',
    invitationRevoked: '招待を失効させました。',
    disableTitle: '{email} を無効にする',
    disableIntro:
      '<strong>{email}</strong> が作成した有効なAPIキーが{count, plural, other {#件}}あります。メンバーを無効にしてもキーは失効しません。一緒に失効させるキーを選ぶか、すべて残してください。',
    keysLegend: '{email} が作成したキー',
    revokeKey: '{key} を失効させる（{scope}、最終使用：{lastUsed}）',
    disableTicked: '無効にして、選択したキーを失効させる',
    disableRevokeAll: '無効にして、すべてのキーを失効させる',
    disableKeepAll: '無効にして、キーはすべて残す',
    cancel: 'キャンセル',
  },
};
