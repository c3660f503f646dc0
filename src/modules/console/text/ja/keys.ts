import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { keysText as english } from '../keys.text.js';

/** The API keys page in Japanese (the English source is ../keys.text.ts). */
export const keysText: Translation<typeof english> = {
  apiKeys: {
    title: 'APIキー',
    byOperator: '運営者',
    byFormerMember: '以前のメンバー',
    empty: 'このアカウントにはまだAPIキーがありません。',
    createdBy: '作成者',
    createdHeading: 'キー {name} を作成しました',
    keysOf: '{account} のキー',
    createHeading: 'キーを作成',
    createButton: 'キーを作成',
    revokeTitle: 'APIキーを失効させる',
    revoked: 'キー {prefix}… を失効させました。',
  },
};
