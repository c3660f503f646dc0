import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { peopleText as english } from '../people.text.js';

/** The people lists’ and invitation form’s words in Japanese (the English source is ../people.text.ts). */
export const peopleText: Translation<typeof english> = {
  people: {
    columns: {
      email: 'メールアドレス',
      name: '名前',
      role: '役割',
      status: 'ステータス',
      lastSignIn: '最終サインイン',
      state: '状態',
      created: '作成日時',
      expires: '有効期限',
      actions: '操作',
    },
    you: '{email}（あなた）',
    roles: {
      owner: 'オーナー',
      editor: '編集者',
      viewer: '閲覧者',
    },
    statuses: {
      invited: '招待中',
      active: '有効',
      disabled: '無効',
    },
    invitationStates: {
      pending: '保留中',
      used: '使用済み',
      expired: '期限切れ',
      revoked: '取り消し済み',
    },
    revoke: '取り消す',
    revokeInvitationOf: '{email} への招待を取り消す',
    linkCreated:
      '招待を作成しました。このリンクをご本人にお伝えください。リンクが表示されるのは今回限りで、こちらから送信することはありません。',
    inviteHeading: '招待する',
    inviteEmail: 'メールアドレス',
    inviteName: '名前（任意）',
    inviteRole: '役割',
    inviteButton: '招待リンクを作成',
  },
};
