import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { photoSearchText as english } from '../photo-search.text.js';

/** The photo search without a key in Japanese (the English source is ../photo-search.text.ts). */
export const photoSearchText: Translation<typeof english> = {
  photoSearch: {
    title: '写真検索',
    photoLabel: '品物の写真',
    photoHint:
      'JPEG、PNG、WebP 形式の画像。画像は保存されません。届出のある品物が見つかった検索は、その品物の閲覧と同様に、お客様のアドレスとともに記録されます。',
    search: '検索',
    sectionTitle: '品物を勧められましたか？写真で検索できます',
    sectionIntro:
      '品物の写真をアップロードすると、所有者が盗難または紛失を届け出た品物に似ていないかを確認できます。同じ画像であれば、縮小、再圧縮、わずかなトリミングがされていても見つかりますが、同じ品物を別に撮影した写真では見つかりません。',
    found:
      '{count, plural, =0 {この写真に似た届出品は見つかりませんでした} other {この写真に似た届出品が # 件見つかりました}}',
    noMatch:
      'これは盗品でないことの証明にはなりません。検索の対象は、所有者が盗難または紛失を届け出た品物だけです。また、同じ品物を別に撮影した写真や、大きくトリミングした写真では見つかりません。',
    matches:
      'これらの品物は、所有者が盗難または紛失を届け出ています。この品物の購入、売却、担保とする貸付は行わないでください。連絡先は各証明書のページでご確認いただけます。この検索は記録されます。',
    privateMatch: '一致した写真は非公開のため、表示されません。',
    reported: '<strong>{kind, select, stolen {盗難届出あり} other {紛失届出あり}}</strong>（{since}以降）',
    likeness: '類似度',
    likenesses: { exact: '同一の画像', likely: '非常に似ている', possible: '似ている可能性あり' },
    tooMany: '検索回数が多すぎます',
    notSearched: 'この写真では検索できませんでした',
    failed: '検索に失敗しました。しばらくしてからもう一度お試しください。',
  },
};
