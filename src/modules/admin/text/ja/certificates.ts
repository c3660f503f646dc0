import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { certificatesText as english } from '../certificates.text.js';

/** The operator’s review queue and certificate moves in Japanese (the English source is ../certificates.text.ts). */
export const certificatesText: Translation<typeof english> = {
  certificates: {
    title: '証明書',
    filters: '証明書を選ぶ',
    status: 'ステータス',
    category: 'カテゴリー',
    allCategories: 'すべてのカテゴリー',
    show: '表示',
    count: '{status} {count} 件',
    none: 'ステータスが「{status}」の証明書はありません。',
    columns: {
      certificate: '証明書',
      title: 'タイトル',
      account: 'アカウント',
      details: '詳細',
      submitted: '申請日時',
      verified: '照合',
      issued: '発行日時',
      reason: '理由',
      actions: '操作',
    },
    neverVerified: 'なし',
    verifiedTimes: '{count, plural, other {# 回}}、最終 {when}',
    verifiedBy: '照合者：{names}',
    refusedMove: '{number}：{message}',
  },
  moves: {
    labels: {
      issue: '発行する',
      reject: '却下する',
      suspend: '一時停止する',
      reinstate: '再開する',
      revoke: '失効させる',
    },
    reason: '理由',
    reasonOptional: '理由（任意）',
    done: {
      issue: '証明書 {number} を発行しました。',
      reject: '証明書 {number} を却下しました。',
      suspend: '証明書 {number} を一時停止しました。',
      reinstate: '証明書 {number} を再開しました。',
      revoke: '証明書 {number} を失効させました。',
    },
  },
};
