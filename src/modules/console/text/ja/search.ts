import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { searchText as english } from '../search.text.js';

/** The photo search in Japanese (the English source is ../search.text.ts). */
export const searchText: Translation<typeof english> = {
  search: {
    title: '写真検索',
    intro:
      '物品の写真をアップロードすると、登録品に似ているかどうかを確認できます。対象は、発行済み証明書の公開画像、あなたのアカウントの画像、そして盗難・紛失の届出が出ている登録品のすべての画像です。同じ画像であれば、サイズ変更、再圧縮、軽いトリミング、明るさの調整がされていても見つかりますが、同じ物品を別に撮影した写真は見つかりません。',
    formHeading: '検索する写真',
    photoLabel: '物品の写真',
    photoHint:
      'JPEG、PNG、WebPの画像。画像は保存されません。届出の出ている登録品が見つかった検索は、その登録品の検索記録に残ります。',
    submit: '検索',
    resultsHeading:
      '{count, plural, =0 {この写真に似た登録品はありません} other {この写真に似た登録品が#件あります}}',
    noneFound:
      '見つからなくても、その物品が登録されていないこと、あるいは盗難品でないことの証明にはなりません。同じ物品を別に撮影した写真や、大きくトリミングした写真は見つからないためです。',
    privateImage: '一致した写真は別のアカウントの非公開画像のため、表示されません。',
    imageAlt: '{title}の写真',
    certificateNumber: '証明書番号',
    likenessLabel: '類似度',
    likeness: { exact: '同一の画像', likely: '非常に似ている', possible: '似ている可能性あり' },
    reported: '{kind, select, stolen {盗難の届出あり} lost {紛失の届出あり} other {届出あり（{kind}）}}',
    since: '発生日：',
    openCertificate: '公開証明書 {number} を開く',
  },
};
