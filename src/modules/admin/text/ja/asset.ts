import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { assetText as english } from '../asset.text.js';

/** The operator’s page of one asset in Japanese (the English source is ../asset.text.ts). */
export const assetText: Translation<typeof english> = {
  asset: {
    backToQueue: '← {category}：ステータスが「{status}」の証明書',
    certificate: '証明書',
    number: '番号',
    certificateStatus: '証明書のステータス',
    assetStatus: '登録品のステータス',
    category: 'カテゴリー',
    account: 'アカウント',
    submitted: '申請日時',
    issued: '発行日時',
    revoked: '失効日時',
    reason: '理由',
    credential: 'クレデンシャル',
    signedCredential: '署名付きクレデンシャル（JSON）',
    publicPage: '証明書の公開ページ',
    noCredential: '証明書の発行後に作成されます',
    certificateActions: '証明書の操作',
    fields: '項目',
    title: 'タイトル',
    assetId: '登録品ID',
    media: '画像・書類',
    history: '履歴',
    events: '{count, plural, other {# 件}}',
    moreEvents: '{count, plural, other {#+ 件}}',
    verifications: '照合',
    alerts: '盗難・紛失',
    lookups: '届出中の照会',
    noLookups: '照会の記録はありません。',
    lookupColumns: {
      when: '日時',
      lookup: '照会',
      account: 'アカウント',
      apiKey: 'APIキー',
      clientAddress: 'クライアントのアドレス',
    },
    lookupKinds: {
      get: 'API：登録品',
      certificate: 'API：証明書',
      credential: 'クレデンシャル',
      verify: 'API：照合',
      public_page: '公開ページ',
      tap: 'タグの読み取り',
      photo: '写真検索',
    },
    exportLookups: '照会をCSVで書き出す',
    reported:
      '登録品の{kind, select, stolen {盗難} lost {紛失} other {{kind}}}を届け出ました。{number} の照合は今後失敗します。',
    resolved:
      '届出を解決済みにしました（{outcome, select, recovered {発見} withdrawn {取り下げ} other {{outcome}}}）。',
  },
};
