import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { lookUpText as english } from '../look-up.text.js';

/** The look-up page and its form in Japanese (the English source is ../look-up.text.ts). */
export const lookUpText: Translation<typeof english> = {
  lookUp: {
    title: '証明書を照合する',
    intro:
      '紙の証明書またはラベルに記載された番号を入力すると、その証明書が発行されたかどうか、現在も有効かどうかを確認できます。証明書の QRコードからも同じページが開きます。',
    formLabel: '証明書の検索',
    numberLabel: '証明書番号',
    numberHint: '証明書に印刷されているとおりに入力してください（例：{example}）。',
    check: '照合',
    emptyNumber: '証明書番号を入力してください。',
    notANumber:
      '証明書番号ではありません。証明書番号は、英字 3 文字、年、番号からなります（例：{example}）。',
  },
};
