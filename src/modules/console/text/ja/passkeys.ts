import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { passkeysText as english } from '../passkeys.text.js';

/** The passkey buttons and their script in Japanese (the English source is ../passkeys.text.ts). */
export const passkeysText: Translation<typeof english> = {
  passkeys: {
    nameLabel: 'パスキーの名前（任意）',
    nameHint: '「仕事用ノートPC」など、パスキーを区別するための名前です。',
    added: 'パスキーを追加しました。',
    script: {
      waiting: 'パスキーの操作を待っています…',
      done: '完了しました。',
      cancelled: 'パスキーの要求がキャンセルされたか、タイムアウトしました。もう一度お試しください。',
      alreadyHere: 'このデバイスには、すでにあなたのパスキーが保存されています。',
      failed: 'パスキーを使用できませんでした。もう一度お試しください。',
      requestFailed: 'リクエストに失敗しました。ページを再読み込みして、もう一度お試しください。',
    },
  },
};
