import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { landingText as english } from '../landing.text.js';

/** The home page in Japanese (the English source is ../landing.text.ts). */
export const landingText: Translation<typeof english> = {
  landing: {
    title: '真正性証明書を照合する',
    heading: 'この証明書は本物ですか？',
    intro:
      'ギャラリー、時計メーカー、ディーラーが、販売する美術作品、時計、ジュエリー、コレクターズアイテムをここに登録し、それぞれに真正性証明書を発行しています。証明書は、購入前のコレクター、相続人、保険会社など、どなたでもアカウントなしで無料で照合できます。発行されたかどうか、現在も有効かどうか、所有者が盗難または紛失を届け出ているかどうかがわかります。',
    moreTitle: 'そのほかの入口',
    photoSearch:
      '<link>写真検索</link>：書類のない品物を勧められたときに、盗難・紛失の届出がある品物に似ていないかを確かめられます。',
    howToCheck: '<link>証明書をご自身で照合する方法</link>：このサイトを信頼しなくても確認できます。',
    console:
      '<link>コンソールにサインイン</link>：作品や品物を登録するギャラリー、メーカー、コレクターの方向けです。',
    api: '<link>APIドキュメント</link>：オンラインショップ、カタログ、在庫管理システムを接続する開発者の方向けです。',
  },
};
