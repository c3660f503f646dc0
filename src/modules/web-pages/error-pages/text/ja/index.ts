import type { Translation } from '../../../../../i18n/text-catalogue.js';
import type { errorsText } from '../errors.text.js';

/** What error pages say, in Japanese. */
export const ja: Translation<typeof errorsText> = {
  errors: {
    codes: {
      validation_failed: 'フォームの入力内容に不備があります。ご確認のうえ、もう一度送信してください。',
      invalid_json: 'リクエストを読み取れませんでした。',
      invalid_planet: 'この種類の登録品はありません。',
      planet_scope_mismatch: 'このキーはこの種類の登録品には使用できません。',
      invalid_webhook_url: '通知先のアドレスがないか、使用できません。',
      invalid_event_type: '選択された通知のうち一つが不明です。',
      invalid_idempotency_key: 'リクエストを読み取れませんでした。',
      passkey_invalid: 'パスキーを確認できませんでした。もう一度お試しください。',
      unauthorized: '有効なAPIキーが必要です。',
      admin_unauthorized: 'まず運営者としてサインインしてください。',
      member_unauthorized: 'まずサインインしてください。',
      csrf_failed: 'このフォームの有効期限が切れました。ページを再読み込みして、もう一度送信してください。',
      forbidden_role: 'このアカウントでのあなたの役割では、この操作はできません。',
      route_not_found: 'このページは存在しません。',
      asset_not_found: 'この登録品は存在しないか、別のアカウントに属しています。',
      member_not_found: 'このメンバーは存在しません。',
      invitation_not_found: 'この招待リンクは確認できません。リンク全体がコピーされているかご確認ください。',
      certificate_not_found: 'この証明書は存在しません。',
      verification_not_found: 'この照合記録は存在しません。',
      webhook_not_found: 'この通知先は存在しません。',
      transfer_not_found: 'この移転は存在しません。',
      delivery_not_found: 'この配信は存在しません。',
      media_not_found: 'このファイルは存在しません。',
      alert_not_found: 'この届出は存在しません。',
      tag_not_found: 'このタグは存在しません。',
      watch_not_found: 'この証明書はウォッチリストにありません。',
      account_not_found: 'このアカウントは存在しません。',
      api_key_not_found: 'このAPIキーは存在しません。',
      signing_key_not_found: 'この署名鍵は存在しません。',
      passkey_not_found: 'このパスキーは存在しません。',
      status_list_not_found: 'このステータスリストは存在しません。',
      tlog_resource_not_found: '公開ログにはまだこの記録がありません。',
      history_event_not_found: '登録品の履歴にこの記録はありません。',
      method_not_allowed: 'このページはその方法では使用できません。',
      invalid_state: '登録品の現在の状態では、この操作はできません。',
      alert_already_open:
        'この登録品はすでに盗難または紛失として届け出られています。先にその届出を解決してください。',
      tag_already_bound: 'この登録品にはすでにタグがあるか、このタグは別の登録品に属しています。',
      watch_limit_reached: 'ウォッチリストが上限に達しています。先に証明書を一つ外してください。',
      already_watched: 'この証明書はすでにウォッチリストにあります。',
      transfer_pending: 'この登録品にはすでに未完了の移転の申し出があります。先に取り消してください。',
      transfer_expired: '移転の申し出の期限が切れました。所有者は改めて申し出ることができます。',
      certificate_not_issued: '証明書はまだ発行されていません。',
      webhook_limit_reached: 'このアカウントの通知先は上限に達しています。先に一つ削除してください。',
      last_sign_in_method:
        'これが残っている唯一のサインイン方法です。先にパスワードを設定するか、別のパスキーを追加してください。',
      not_yet_logged: 'この記録はまだ公開ログにありません。数秒後にもう一度お試しください。',
      idempotency_request_in_progress: '同じリクエストを処理中です。しばらくお待ちください。',
      conflict: 'すでに存在します。',
      payload_too_large: '送信されたデータが大きすぎます。',
      uri_too_long: 'アドレスが長すぎます。',
      unsupported_media_type: 'この種類のファイルはここでは使用できません。',
      invalid_media: 'ファイルを読み取れませんでした。',
      last_owner:
        'アカウントには少なくとも一人のオーナーが必要です。先に別のメンバーをオーナーにしてください。',
      member_exists: 'この方はすでにアカウントのメンバーです。',
      invitation_closed: 'この招待はもう使用できません。',
      idempotency_key_reused: 'リクエストを読み取れませんでした。',
      rate_limited: 'リクエストが多すぎます。1分ほど待ってから、もう一度お試しください。',
      malformed_request: 'リクエストを読み取れませんでした。',
      request_timeout: 'リクエストの到着に時間がかかりすぎました。もう一度お試しください。',
      headers_too_large: 'リクエストを読み取れませんでした。',
      internal_error: '問題が発生しました。エラーは記録されています。',
      asset_create_failed: '登録品を保存できませんでした。もう一度お試しください。',
      webhook_registration_failed: '通知先を保存できませんでした。もう一度お試しください。',
      service_unavailable: 'サービスが混み合っているか再起動中です。しばらくしてからお試しください。',
    },
    details: {
      validation_failed: {
        not_an_email: '「{email}」はメールアドレスではありません。',
        password_too_short: 'パスワードは{min}文字以上にしてください。',
        password_common: 'このパスワードは非常によく使われています。別のものをお選びください。',
        passwords_differ: '二つのパスワードが一致しません。',
        wrong_current_password: '現在のパスワードが正しくありません。',
        use_your_password:
          'すでにパスワードをお持ちです。承諾するにはそのパスワードを入力し、その後アカウントのページでパスキーを追加してください。',
        use_your_passkey: 'パスキーでサインインされています。招待の承諾にはパスキーをお使いください。',
        invalid_expiry: '有効期限が正しい日時ではありません。',
        choose_account: 'キーが属するアカウントを選んでください。',
        choose_planets: '少なくとも一つの種類、またはすべてを選んでください。',
        choose_certificates: '少なくとも一つの証明書を選んでください。',
        too_many_certificates: '一度に選べる証明書は{max}件までです。',
        not_in_future: '日付は未来の日付にしてください。',
        in_future: '未来の日付は指定できません。',
        not_a_date: '2026-01-31 のように日付を入力してください。',
      },
      passkey_invalid: {
        challenge_used: 'パスキーの要求は期限切れか、すでに応答済みです。最初からやり直してください。',
      },
      csrf_failed: {
        other_site:
          'このフォームは別のサイトから送信されました。このサイトでページを開き、もう一度送信してください。',
        sign_in_form:
          'このフォームは期限切れか、このサイトで開かれたものではありません。ページを再読み込みして、もう一度お試しください。',
      },
      payload_too_large: {
        media_limit: 'ファイルが{megabytes, number, ::unit/megabyte}を超えています。',
      },
      unsupported_media_type: {
        image_unrecognised: 'このファイルはJPEG、PNG、WebPのいずれの画像でもありません。',
        media_unrecognised: 'この種類のファイルは受け付けていません。',
        upload_unrecognised: 'JPEG、PNG、WebP、TIFFの写真またはPDFではありません。',
        media_mismatch: 'このファイルは{detected}で、種類に示された{declared}ではありません。',
        heif_unreadable:
          'HEICおよびHEIFの写真はここでは読み取れません。JPEG、PNG、WebP、TIFFの写真またはPDFでお送りください（iPhoneでは「設定」›「カメラ」›「フォーマット」›「互換性優先」でJPEGになります）。',
      },
      invalid_media: {
        undecodable: 'ファイルを読み取れませんでした。破損している可能性があります。',
        too_many_pixels:
          '画像が{megapixels, number}メガピクセルを超えています。より小さい画像をお送りください。',
      },
      invitation_closed: {
        used: 'この招待はすでに使用されています。サインインするか、新しい招待を依頼してください。',
        expired: 'この招待は期限切れです。招待した方に新しい招待を依頼してください。',
        revoked: 'この招待は取り消されました。招待した方に新しい招待を依頼してください。',
      },
      rate_limited: {
        client_address:
          'お使いのアドレスからのリクエストが多すぎます。{seconds, plural, other {#秒}}後にもう一度お試しください。',
        failed_authentications:
          'お使いのアドレスからのサインイン失敗が多すぎます。{seconds, plural, other {#秒}}後にもう一度お試しください。',
      },
      watch_limit_reached: {
        limit: 'ウォッチリストにはすでに上限の{limit}件の証明書があります。先に一つ外してください。',
      },
      webhook_limit_reached: {
        limit: 'このアカウントにはすでに上限の{limit}件の通知先があります。先に一つ削除してください。',
      },
    },
  },
};
