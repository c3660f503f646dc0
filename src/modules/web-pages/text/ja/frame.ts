import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { frameText as english } from '../frame.text.js';

/** The frame’s and error pages’ words in Japanese (the English source is ../frame.text.ts). */
export const frameText: Translation<typeof english> = {
  frame: {
    skipLink: '本文へ移動',
    mainNavigation: 'メインメニュー',
    never: 'なし',
    languages: '言語',
    menu: 'メニュー',
  },
  errors: {
    unexpected: '問題が発生しました。エラーは記録されています。',
    formNotAsExpected: 'フォームの入力内容が想定と異なります。前の画面に戻り、もう一度お試しください。',
    unreadable: 'リクエストを読み取れませんでした。',
  },
};
