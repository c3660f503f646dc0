import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { howToCheckText as english } from '../how-to-check.text.js';

/** "How to check a certificate yourself" in Japanese (the English source is ../how-to-check.text.ts). */
export const howToCheckText: Translation<typeof english> = {
  howToCheck: {
    title: '証明書をご自身で照合する方法',
    intro:
      'このページを信頼していただく必要はありません。発行済みの証明書はすべて、発行者が署名した W3C 検証可能クレデンシャル（Verifiable Credential）でもあり、どなたでもアカウントなしで標準的なツールを使って照合できます。',
    fetch:
      '<strong>クレデンシャルを取得します。</strong>証明書のページで「{link}」を開いて保存するか、証明書番号を指定して取得します：',
    verify:
      '<strong>署名とステータスを照合します。</strong>暗号スイート {cryptosuite} に対応した Data Integrity 証明の検証ツール、またはこのサービスのコマンドラインツールを使います：',
    issuerKeys: '発行者は {did} です。その鍵は、{document} にある DID ドキュメントで公開されています。',
    answers:
      '<strong>結果を読みます。</strong>{valid}：発行者が署名しており、一時停止も失効もされていません。{suspended} または {revoked}：発行者のステータスリストにそのように記載されています。{invalid}：文書が改変されたか、発行者が署名したものではありません。{unchecked}：発行者の鍵またはステータスリストを取得できなかったため、どちらとも証明されていません。',
  },
};
