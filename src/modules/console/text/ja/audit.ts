import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { auditText as english } from '../audit.text.js';

/** The audit log page in Japanese (the English source is ../audit.text.ts). */
export const auditText: Translation<typeof english> = {
  audit: {
    title: '監査ログ',
    intro:
      'アカウントのメンバー・招待・キーを誰が変更したかを、新しい順に表示します。APIキーでは {endpoint} で同じログを取得できます。',
    empty: 'まだ記録はありません。',
    caption: '監査ログの記録（新しい順）',
    columns: {
      when: '日時',
      who: '実行者',
      action: '操作',
      target: '対象',
    },
    pagesLabel: '監査ログのページ',
    older: '以前の記録',
    newest: '最新の記録',
    actors: {
      member: 'メンバー',
      key: 'キー {prefix}',
      anyKey: 'APIキー',
      operator: '運営者',
    },
    actions: {
      member_invited: 'メンバーを招待',
      member_joined: '招待を承諾',
      member_role_changed: '役割を変更',
      member_disabled: 'メンバーを無効化',
      member_enabled: 'メンバーを有効化',
      invitation_revoked: '招待を失効',
      api_key_created: 'APIキーを作成',
      api_key_revoked: 'APIキーを失効',
      password_changed: 'パスワードを変更',
      passkey_added: 'パスキーを追加',
      passkey_removed: 'パスキーを削除',
      profile_updated: 'ギャラリーのプロフィールを更新',
    },
    targets: {
      member: 'メンバー {name}',
      invitation: '招待 {id}',
      passkey: 'パスキー {id}',
      person: 'ユーザー {id}',
      role: '役割：{role}',
      from: '変更前：{role}',
      to: '変更後：{role}',
      name: '名前：「{name}」',
      changed: '変更：{fields}',
      profileFields: {
        display_name: '名前',
        city: '都市',
        country: '国',
        website: 'ウェブサイト',
        contact_email: '連絡先メールアドレス',
        logo: 'ロゴ',
      },
    },
  },
};
