import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { assetPartsText as english } from '../asset-parts.text.js';

/** The words of an asset’s media, verifications and alerts in Japanese (the English source is ../asset-parts.text.ts). */
export const assetPartsText: Translation<typeof english> = {
  media: {
    none: '画像・書類はありません。',
    image: '画像 {number}',
    document: '書類 {number}',
    documentIcon: 'PDF',
    public: '公開',
    private: '非公開',
    bytes: '{size} B',
    kibibytes: '{size} KiB',
    mebibytes: '{size} MiB',
    imageFormat: '{format}画像',
    documentFormat: '{format}文書',
  },
  verifications: {
    never: 'まだ照合されていません。',
    caption: '照合（新しい順）',
    captionWithTaps: '照合とタグの読み取り（新しい順）',
    columns: {
      when: '日時',
      by: '照合者',
      result: '結果',
    },
    verified: '照合済み',
    notVerified: '照合できず',
    tagTap: 'タグの読み取り',
    tapCounter: '（読み取り {counter}）',
  },
  certificateBadge: {
    issuedButReported: '発行済み（{kind, select, stolen {盗難} lost {紛失} other {{kind}}}の届出あり）',
  },
  alerts: {
    report: '盗難・紛失を届け出る…',
    kind: '種類',
    stolen: '盗難',
    lost: '紛失',
    missingSince: '所在不明になった日',
    policeReference: '警察の受理番号（任意）',
    note: 'メモ（任意）',
    submit: '届け出る',
    resolveRecovered: '解決：発見された',
    resolveWithdrawn: '解決：届出を取り下げる',
    open: '<strong>{kind, select, stolen {盗難} lost {紛失} other {{kind}}}の届出あり</strong>：{since}から所在不明（届出日時 {raised}）。この届出が有効な間、照合は失敗し、公開ページには警告が表示されます。',
    openWithReference:
      '<strong>{kind, select, stolen {盗難} lost {紛失} other {{kind}}}の届出あり</strong>：{since}から所在不明（届出日時 {raised}、警察の受理番号 {reference}）。この届出が有効な間、照合は失敗し、公開ページには警告が表示されます。',
    noneOpen: '有効な届出はありません。',
    earlier: '過去の届出',
    earlierAlert:
      '{kind, select, stolen {盗難} lost {紛失} other {{kind}}}（{since}から）：{resolved}に{outcome, select, recovered {発見} withdrawn {取り下げ} other {{outcome}}}',
  },
};
