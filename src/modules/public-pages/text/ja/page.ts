import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { pageText as english } from '../page.text.js';

/** The words around every public page in Japanese (the English source is ../page.text.ts). */
export const pageText: Translation<typeof english> = {
  page: {
    brandTagline: '証明書の照合',
    checkACertificate: '証明書を照合する',
    howToCheck: '証明書をご自身で照合する方法',
    language: '言語',
    notFound: {
      title: 'ページが見つかりません',
      wrongMethodTitle: 'このページはこの方法では開けません',
      noPage:
        'このアドレスにページはありません。リンクが壊れているか、アドレスの入力に誤りがある可能性があります。',
      wrongMethod: 'このアドレスはプログラム用のもので、ブラウザーで開くものではありません。',
      typeTheNumber: '証明書を照合するには、こちらに証明書番号を入力してください。',
      home: 'ホームページへ',
    },
    error: {
      tooManyRequests: 'リクエストが多すぎます',
      tryAgainShortly: 'しばらくしてからお試しください',
      error: 'エラー',
      addressUnreadable: 'アドレスを読み取れませんでした。',
      busy: 'サービスが混み合っているか、再起動中です。しばらくしてからもう一度お試しください。',
      failed: '問題が発生しました。しばらくしてからもう一度お試しください。',
    },
  },
};
