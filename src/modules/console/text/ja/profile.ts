import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { profileText as english } from '../profile.text.js';

/** The gallery's profile page and who a printed certificate names, in Japanese (the English source is ../profile.text.ts). */
export const profileText: Translation<typeof english> = {
  profile: {
    title: 'ギャラリーのプロフィール',
    intro:
      'お渡しするものにギャラリーがどう表示されるか：証明書ページ、印刷した証明書、QRラベルには、ロゴとともに「登録：」に続けてギャラリー名が表示されます。',
    previewHeading: 'コレクターに表示される内容',
    registeredBy: '登録：{name}',
    logoAlt: '{name}のロゴ',
    formHeading: 'プロフィールを変更',
    displayName: '証明書に表示する名前',
    displayNameHint: '空欄の場合はアカウント名が表示されます：{accountName}',
    city: '市区町村',
    country: '国',
    website: 'ウェブサイト',
    websiteHint: 'https:// で始まるアドレス（例：https://galerie-nord.example）',
    contactEmail: '連絡先メールアドレス',
    contactEmailHint:
      '証明書ページに表示され、盗難・紛失の届出がある品物を見かけた人があなたに知らせられるようにします。',
    logo: 'ロゴ',
    logoHint:
      '{maxMegabytes} MBまでのJPEG、PNG、WebP画像。最大1024ピクセルに縮小され、埋め込まれた情報（カメラ、撮影場所）は削除されます。',
    removeLogo: 'ロゴを削除',
    noLogo: 'ロゴはまだありません。',
    save: 'プロフィールを保存',
    saved: 'ギャラリーのプロフィールを保存しました。',
    notSaved: 'プロフィールは保存されていません。下の項目を修正してください。',
    problems: {
      tooLong: '{max}文字以内で入力してください。',
      unstorable: '保存できない文字が含まれています。入力し直してください。',
      notHttps: 'https:// で始まる完全なアドレスを入力してください（例：https://galerie-nord.example）。',
      notEmail: 'メールアドレスを入力してください（例：contact@galerie-nord.example）。',
      logoType: 'ロゴはJPEG、PNG、WebPのいずれかの画像にしてください。',
      logoTooLarge: 'ロゴが{maxMegabytes} MBを超えています。小さいファイルを選んでください。',
      logoUnreadable:
        'ロゴを画像として読み込めないか、ピクセル数が多すぎます。より小さいJPEGまたはPNGで保存し直してください。',
    },
  },
  registration: {
    registeredBy: '登録：{gallery}',
    certifiedBy: '認証：{service}',
    technicalHeading: '技術的な詳細',
    technicalDetails: '技術的な詳細：発行者 {issuer} · 署名鍵 {keyId}',
  },
};
