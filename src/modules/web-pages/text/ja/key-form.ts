import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { keyFormText as english } from '../key-form.text.js';

/** The API key forms and lists /admin and /console share in Japanese (the English source is ../key-form.text.ts). */
export const keyFormText: Translation<typeof english> = {
  keyForm: {
    name: '名前',
    nameHint: 'キーの用途（例：「ギャラリーのウェブサイト」）。',
    scopeLegend: '対象カテゴリー',
    scopeAll: 'すべてのカテゴリー',
    scopeChosen: '次のカテゴリーのみ：',
    expires: '有効期限（UTC、任意）',
    expiresHint: '期限のないキーにする場合は空欄のままにしてください。',
    secretWarning:
      '<strong>このキーを今すぐコピーしてください。再表示はされません。</strong>保存されるのはハッシュのみです。紛失した場合は失効させ、新しいキーを作成してください。',
    secretLabel: 'APIキー',
    copy: 'キーをコピー',
    columns: {
      prefix: 'プレフィックス',
      name: '名前',
      scope: 'カテゴリー',
      status: '状態',
      created: '作成日時',
      lastUsed: '最終使用',
      expires: '有効期限',
      actions: '操作',
    },
    statuses: {
      active: '有効',
      revoked: '失効',
      expired: '期限切れ',
    },
    revoke: '失効させる<hidden>（キー {prefix}）</hidden>',
    revokeQuestion: 'キー {key} を失効させますか？',
    revokeQuestionOf: '<strong>{owner}</strong> のキー {key} を失効させますか？',
    revokeWarning: 'このキーによるリクエストはすべて直ちに拒否されます。この操作は取り消せません。',
    revokeButton: 'キーを失効させる',
    cancel: 'キャンセル',
  },
};
