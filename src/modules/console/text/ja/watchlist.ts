import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { watchlistText as english } from '../watchlist.text.js';

/** The watch-list in Japanese (the English source is ../watchlist.text.ts). */
export const watchlistText: Translation<typeof english> = {
  watchlist: {
    title: 'ウォッチリスト',
    intro:
      '証明書番号を指定すれば、どの証明書でもウォッチできます。一時停止、一時停止の解除、失効、または盗難・紛失の届出があると、その変更が下に表示され、ウォッチリストのイベントを受け取る設定のアカウントのWebhookにも送信されます。',
    webhookEvent: 'Webhookのイベントの種類',
    addHeading: '証明書をウォッチする',
    numberLabel: '証明書番号',
    numberHint: '証明書に印刷されているとおりに入力してください。例：ART-2026-000042',
    add: 'ウォッチ',
    added: '{number}のウォッチを開始しました。',
    removed: '{number}のウォッチを終了しました。',
    watchedHeading: 'ウォッチ中の証明書',
    noneWatched: 'このアカウントがウォッチしている証明書はありません。',
    columns: { number: '証明書番号', since: 'ウォッチ開始日', actions: '操作' },
    remove: 'ウォッチを終了',
    removeLabel: '{number}のウォッチを終了',
    more: 'ウォッチ中の証明書をさらに表示',
    firedHeading: '発生した変更',
    firedIntro: '過去{days}日間のウォッチ中の証明書の変更です（新しい順）。',
    noneFired: '変更はまだありません。',
    firedColumns: {
      when: '日時',
      number: '証明書番号',
      change: '変更内容',
      status: '証明書のステータス',
    },
    changes: {
      certificate_suspended: '証明書の一時停止',
      certificate_reinstated: '証明書の一時停止の解除',
      certificate_revoked: '証明書の失効',
      alert_raised: '盗難・紛失の届出',
      alert_resolved: '届出の解決',
    },
    alertNote: '（{kind, select, stolen {盗難} lost {紛失} other {{kind}}}）',
    moreFired: 'さらに以前の変更',
  },
};
