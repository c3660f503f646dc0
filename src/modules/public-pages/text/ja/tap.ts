import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { tapText as english } from '../tap.text.js';

/** A tag's tap in Japanese (the English source is ../tap.text.ts). A tap is a 読み取り of the tag. */
export const tapText: Translation<typeof english> = {
  tap: {
    nfcTag: 'NFCタグ',
    verdicts: {
      genuine: '正規のタグ',
      copied: 'コピーされたリンク',
      forged: '偽造タグ',
      unknown_tag: '不明なタグ',
      unbound: '紐付け解除済みのタグ',
      tampered: '開封されたタグ',
    },
    meanings: {
      genuine:
        'ただいま読み取られました{counter, select, none {} other {（{counter} 回目の読み取り）}}。下の証明書に紐付けられたタグであり、生成されたリンクは新しいものです。',
      copied:
        'このリンク{counter, select, none {} other {（{counter} 回目の読み取り）}}は以前に開かれています。正規のタグは読み取るたびに新しいリンクを生成するため、このリンクは以前の読み取りからコピーされたものであり、目の前の品物については何も証明しません。このページを再読み込みしただけの場合は、もう一度タグを読み取ってください。',
      forged:
        'このリンクは下の証明書のタグから生成されたと称していますが、署名がそのタグの鍵と一致しません。このタグが生成したものではありません。このリンクが付いていた品物に依拠しないでください。',
      unknown_tag:
        'このリンクは、この登録簿が把握しているタグによって生成されたものではありません。品物については何も証明しません。',
      unbound:
        'このタグ{counter, select, none {} other {（{counter} 回目の読み取り）}}は正規のものですが、下の証明書との紐付けが解除されています。この品物を識別するものではなくなりました。',
      tampered:
        'このタグ{counter, select, none {} other {（{counter} 回目の読み取り）}}は、改ざん検知ループが開かれたことを示しています。品物の封印が破られています。依拠する前に品物の検査を受けてください。',
    },
    reportedCaveat:
      'ただし、この品物には{kind, select, stolen {盗難} other {紛失}}の届出が出ています。下の警告をお読みください。',
    statusCaveat:
      'ただし、この証明書は{status, select, not_issued {未発行} suspended {一時停止中} other {失効済み}}です。依拠しないでください。',
    unknownTitle: '証明書の照合',
    unknownIntro: '証明書を照合するには、<link>証明書の照合ページ</link>で番号を入力してください。',
  },
};
