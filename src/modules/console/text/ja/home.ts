import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { homeText as english } from '../home.text.js';

/**
 * The console's home in Japanese (the English source is ../home.text.ts). `role` is one sentence per role (ICU select),
 * the role's name wrapped in <strong>.
 */
export const homeText: Translation<typeof english> = {
  home: {
    role: '{role, select, owner {あなたは{account}の<strong>オーナー</strong>です。編集者が利用できるすべてに加え、アカウントのメンバー、APIキー、監査ログを利用できます。} editor {あなたは{account}の<strong>編集者</strong>です。アカウントの登録品、画像と書類、届出、移転、ウォッチリスト、Webhookを利用できます。} other {あなたは{account}の<strong>閲覧者</strong>です。アカウントの記録を閲覧できます。}}',
    links: {
      members: ['メンバー', 'メンバーの招待、役割の変更、無効化'],
      keys: ['APIキー', 'アカウントのキーの作成と失効'],
      audit: ['監査ログ', 'メンバー、招待、キーを誰が変更したかの記録'],
      account: ['マイアカウント', 'パスワード、パスキー、すべての端末からのサインアウト'],
    },
    glanceHeading: '概要',
    counts: {
      pending: '保留中の証明書',
      issued: '発行済みの証明書',
      openAlerts: '未解決の盗難・紛失届出',
      offersWaiting: 'あなたの回答を待つ移転の申し出',
      webhookFailures: '過去{days}日間に失敗したWebhook配信',
    },
    byPlanetHeading: 'カテゴリー別',
    byPlanetCaption: 'アカウントに登録品がある各カテゴリーの証明書と未解決の届出',
    planetColumn: 'カテゴリー',
    pendingColumn: '保留中',
    issuedColumn: '発行済み',
    alertsColumn: '未解決の届出',
    noAssets: 'このアカウントにはまだ登録品がありません。',
    openAlertsHeading: '未解決の届出',
    noOpenAlerts: 'このアカウントの登録品に、盗難・紛失の届出が出ているものはありません。',
    openAlertsShown: '全{total}件のうち、最新の{shown}件です。',
    alertColumns: { asset: '登録品', number: '証明書番号', kind: '届出の種類', since: '発生日' },
    chartsHeading: '過去{days}日間',
    chartsIntro: '日付はUTCです。各グラフの数値は、その下の表にも記載しています。',
    created: {
      title: '1日あたりの証明書作成数',
      description:
        '期間中の各日に1本の棒：その日にアカウントが作成した登録品（それぞれに証明書番号が付きます）の数です。',
      tableSummary: '数値を表で見る',
      caption: '1日あたりの証明書作成数',
      labelHeader: '日付（UTC）',
      valueHeader: '作成された証明書',
    },
    verified: {
      title: '1日あたりの照合回数',
      description: '期間中の各日に1本の棒：その日にアカウントの登録品が照合された回数です。',
      tableSummary: '数値を表で見る',
      caption: 'アカウントの登録品の1日あたりの照合回数',
      labelHeader: '日付（UTC）',
      valueHeader: '照合回数',
    },
    daySummary: '合計{total}件。最も多かったのは{day}（{count}件）です。',
    dayTotal: '合計{total}件。',
    outcomes: {
      title: '結果別の照合',
      description:
        'アカウントの登録品の照合結果ごとに1本の棒：照合成功、または最初に不合格となった確認項目です。不合格は斜線で示しています。',
      tableSummary: '数値を表で見る',
      caption: '結果別の照合',
      labelHeader: '結果',
      valueHeader: '照合回数',
      none: 'この期間、アカウントの登録品の照合はありません。',
      names: {
        verified: '照合成功',
        certificate_issued: '証明書が未発行',
        asset_not_archived: '登録品がアーカイブ済み',
        history_intact: '履歴に不整合あり',
        history_logged: '履歴が透明性ログに未記録',
        no_open_alert: '未解決の届出あり',
        not_verified: '照合不成立',
      },
    },
    deliveries: {
      title: 'Webhook配信の成功状況',
      description: '期間中のアカウントのWebhook配信を示す棒：成功、失敗（斜線）、保留中です。',
      tableSummary: '数値を表で見る',
      caption: 'ステータス別のWebhook配信',
      labelHeader: 'ステータス',
      valueHeader: '配信数',
      succeeded: '成功',
      failed: '失敗',
      pending: '保留中',
      none: 'この期間、Webhook配信はありません。',
      rate: '完了した{finished}件の配信のうち、{percent}%が成功しました。',
      noneFinished: '完了した配信はまだありません。',
    },
    share: '{count}（{percent}%）',
  },
};
