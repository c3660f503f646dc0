import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { accountsText as english } from '../accounts.text.js';

/** The operator’s accounts pages in Japanese (the English source is ../accounts.text.ts). */
export const accountsText: Translation<typeof english> = {
  accounts: {
    title: 'アカウント',
    none: 'アカウントはまだありません。',
    caption: 'アカウント',
    columns: {
      name: '名前',
      id: 'ID',
      keys: 'キー',
      assets: '登録品',
      created: '作成日時',
    },
    create: 'アカウントを作成',
    name: '名前',
    submit: 'アカウントを作成',
    created: 'アカウント「{name}」を作成しました。',
  },
  accountPeople: {
    allAccounts: 'すべてのアカウント',
    apiKeys: 'APIキー',
    members: 'メンバー',
    noMembers: 'メンバーはまだいません。下のフォームから最初のオーナーを招待してください。',
    disable: '無効にする',
    disableMember: '{email} を無効にする',
    invitations: '招待',
    noInvitations: '招待はありません。',
    memberDisabled: 'メンバーを無効にしました。',
    invitationRevoked: '招待を取り消しました。',
  },
};
