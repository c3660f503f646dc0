import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { certificateText as english } from '../certificate.text.js';

/** A certificate's public page in Japanese (the English source is ../certificate.text.ts). */
export const certificateText: Translation<typeof english> = {
  certificate: {
    statuses: {
      issued: {
        word: '発行済み',
        meaning: 'この証明書は有効です。発行されており、一時停止も失効もされていません。',
      },
      suspended: {
        word: '一時停止中',
        meaning:
          'この証明書は一時停止されている間は無効です。発行者が内容を確認しています。再開されるまで、この証明書に依拠しないでください。',
      },
      revoked: {
        word: '失効',
        meaning: 'この証明書は無効です。発行者が完全に取り消しました。この証明書に依拠しないでください。',
      },
      notIssued: {
        word: '未発行',
        meaning:
          'この番号で発行された証明書はありません。これを証明書として示す書類には依拠しないでください。',
      },
    },
    status: 'ステータス',
    pageTitle: '{status}：{title}',
    reported: '{kind, select, stolen {盗難届出あり} other {紛失届出あり}}',
    alert: {
      reportedSince:
        '所有者は、この品物が{since}以降に{kind, select, stolen {盗難に遭った} other {紛失した}}と届け出ています。購入、売却、またはこの品物を担保とする貸付を行わないでください。このページの閲覧はすべて記録されます。',
      tellPoliceOrIssuer:
        'この品物を見かけた場合や購入を持ちかけられた場合は、警察または発行者にお知らせください。',
      mailSubject: '{kind, select, stolen {盗難} other {紛失}}の届出がある品物の証明書',
      statusWord: '発行済み・ただし{kind, select, stolen {盗難} other {紛失}}届出あり',
      statusMeaning:
        '証明書は発行済みで現在も有効ですが、記載されている品物について{kind, select, stolen {盗難} other {紛失}}の届出が出ています。この品物の購入、売却、担保とする貸付の判断に、この証明書を用いないでください。',
    },
    eyebrow: '真正性証明書 · {category}',
    number: '証明書番号',
    category: 'カテゴリー',
    issuedOn: '発行日',
    revokedOn: '失効日',
    fieldLabels: {
      artist: '作家',
      medium: '技法・素材',
      dimensions: 'サイズ',
      year: '年',
      date_text: '記載どおりの年代',
      edition: 'エディション',
      category: 'ジャンル',
      publisher: '発行元',
      set_name: 'セット名',
      item_number: 'アイテム番号',
      subject: '題材',
      grader: '鑑定機関',
      grade: 'グレード',
      brand: 'ブランド',
      model: 'モデル',
      reference_number: 'リファレンス番号',
      serial_number: 'シリアル番号',
      movement: 'ムーブメント',
      case_material: 'ケース素材',
      case_diameter_mm: 'ケース径（mm）',
      lab: '鑑別機関',
      report_number: '鑑別書番号',
      stone: '石',
      origin: '由来',
      shape: '形状',
      carat: 'カラット重量',
      color: 'カラー',
      clarity: 'クラリティ',
      metal: '地金',
    },
    origins: { natural: '天然', lab_grown: 'ラボグロウン' },
    photographOf: '{title}の写真',
    qrLabel: 'このページのアドレスを示す QRコード',
    scanToOpen: 'スキャンしてこのページを開く：',
    checkLinks: 'この証明書を照合する',
    credential: '署名付きクレデンシャル（JSON）',
    howToCheck: 'ご自身で照合する方法',
    statusAsOf: '{when}時点のステータスです。',
    notIssuedEyebrow: '証明書の照合',
    notFound: {
      title: '証明書が見つかりません',
      noSuchNumber: 'この番号の証明書はありません：',
      checkAgain: '番号を確認して、もう一度お試しください。',
    },
  },
};
