import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { transfersText as english } from '../transfers.text.js';

/** Transfers in Japanese (the English source is ../transfers.text.ts). */
export const transfersText: Translation<typeof english> = {
  transfers: {
    title: '移転',
    intro:
      '登録品の所有者が変わるのは、受け取る側のアカウントが申し出を承諾したときだけです。回答のない申し出は期限切れになります。',
    receivedHeading: '受け取った申し出',
    madeHeading: '送った申し出',
    noneReceived: 'あなたの回答を待っている申し出はありません。',
    noneMade: 'このアカウントに未処理の申し出はありません。',
    columns: {
      asset: '登録品',
      number: '証明書番号',
      from: '移転元',
      to: '移転先',
      offered: '申し出日',
      expires: '期限',
      actions: '操作',
    },
    unnamed: '名前のないアカウント',
    accountId: 'アカウントID',
    accept: '承諾',
    decline: '辞退',
    cancel: '申し出を取り消す',
    acceptLabel: '{number}の申し出を承諾',
    declineLabel: '{number}の申し出を辞退',
    cancelLabel: '{number}の申し出を取り消す',
    more: '以前の申し出',
    accepted: '承諾しました。{number}はこのアカウントのものになりました。',
    declined: '申し出を辞退しました。登録品は元の所有者のもとに残ります。',
    cancelled: '申し出を取り消しました。',
    offerHint:
      '登録品を別のアカウントに移転するには、その登録品のページを開いて移転フォームを使ってください（相手のアカウントIDが必要です）。',
  },
};
