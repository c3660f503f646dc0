import type { Translation } from '../../../../../i18n/text-catalogue.js';
import type { errorsText } from '../errors.text.js';

/** What error pages say, in German. */
export const de: Translation<typeof errorsText> = {
  errors: {
    codes: {
      validation_failed:
        'Das Formular wurde nicht wie erwartet ausgefüllt; bitte prüfen Sie es und senden Sie es erneut.',
      invalid_json: 'Die Anfrage konnte nicht gelesen werden.',
      invalid_planet: 'Diese Objektkategorie gibt es nicht.',
      planet_scope_mismatch: 'Dieser Schlüssel darf für diese Objektkategorie nicht verwendet werden.',
      invalid_webhook_url: 'Die Benachrichtigungsadresse fehlt oder ist nicht verwendbar.',
      invalid_event_type: 'Eine der gewählten Benachrichtigungen ist unbekannt.',
      invalid_idempotency_key: 'Die Anfrage konnte nicht gelesen werden.',
      passkey_invalid: 'Der Passkey konnte nicht geprüft werden; bitte versuchen Sie es erneut.',
      unauthorized: 'Dafür ist ein gültiger API-Schlüssel nötig.',
      admin_unauthorized: 'Bitte melden Sie sich zuerst als Betreiber an.',
      member_unauthorized: 'Bitte melden Sie sich zuerst an.',
      csrf_failed: 'Dieses Formular ist abgelaufen. Laden Sie die Seite neu und senden Sie es erneut.',
      forbidden_role: 'Ihre Rolle in diesem Konto erlaubt das nicht.',
      route_not_found: 'Diese Seite gibt es nicht.',
      asset_not_found: 'Dieses Objekt gibt es nicht, oder es gehört zu einem anderen Konto.',
      member_not_found: 'Dieses Mitglied gibt es nicht.',
      invitation_not_found:
        'Dieser Einladungslink ist unbekannt; prüfen Sie, ob er vollständig kopiert wurde.',
      certificate_not_found: 'Dieses Zertifikat gibt es nicht.',
      verification_not_found: 'Diese Prüfung gibt es nicht.',
      webhook_not_found: 'Diese Benachrichtigungsadresse gibt es nicht.',
      transfer_not_found: 'Diese Übertragung gibt es nicht.',
      delivery_not_found: 'Diese Zustellung gibt es nicht.',
      media_not_found: 'Diese Datei gibt es nicht.',
      alert_not_found: 'Diese Meldung gibt es nicht.',
      tag_not_found: 'Dieses Etikett gibt es nicht.',
      watch_not_found: 'Dieses Zertifikat steht nicht auf der Beobachtungsliste.',
      account_not_found: 'Dieses Konto gibt es nicht.',
      api_key_not_found: 'Diesen API-Schlüssel gibt es nicht.',
      signing_key_not_found: 'Diesen Signaturschlüssel gibt es nicht.',
      passkey_not_found: 'Diesen Passkey gibt es nicht.',
      status_list_not_found: 'Diese Statusliste gibt es nicht.',
      tlog_resource_not_found: 'Das öffentliche Protokoll enthält diesen Eintrag noch nicht.',
      history_event_not_found: 'Der Verlauf des Objekts enthält diesen Eintrag nicht.',
      method_not_allowed: 'Diese Seite lässt sich so nicht verwenden.',
      invalid_state: 'Das ist im jetzigen Zustand des Objekts nicht möglich.',
      alert_already_open:
        'Das Objekt ist bereits als gestohlen oder verloren gemeldet; schließen Sie zuerst diese Meldung.',
      tag_already_bound:
        'Das Objekt hat bereits ein Etikett, oder dieses Etikett gehört zu einem anderen Objekt.',
      watch_limit_reached: 'Die Beobachtungsliste ist voll; entfernen Sie zuerst ein Zertifikat.',
      already_watched: 'Dieses Zertifikat steht bereits auf der Beobachtungsliste.',
      transfer_pending:
        'Für das Objekt besteht bereits ein offenes Übertragungsangebot; ziehen Sie es zuerst zurück.',
      transfer_expired:
        'Das Übertragungsangebot ist abgelaufen; der Eigentümer kann das Objekt erneut anbieten.',
      certificate_not_issued: 'Das Zertifikat wurde noch nicht ausgestellt.',
      webhook_limit_reached:
        'Das Konto hat bereits so viele Benachrichtigungsadressen wie erlaubt; löschen Sie zuerst eine.',
      last_sign_in_method:
        'Dies ist Ihre letzte Anmeldemöglichkeit; legen Sie zuerst ein Passwort fest oder fügen Sie einen weiteren Passkey hinzu.',
      not_yet_logged:
        'Der Eintrag steht noch nicht im öffentlichen Protokoll; versuchen Sie es in einigen Sekunden erneut.',
      idempotency_request_in_progress:
        'Dieselbe Anfrage wird noch bearbeitet; bitte warten Sie einen Moment.',
      conflict: 'Das gibt es bereits.',
      payload_too_large: 'Die gesendeten Daten sind zu groß.',
      uri_too_long: 'Die Adresse ist zu lang.',
      unsupported_media_type: 'Diese Art von Datei kann hier nicht verwendet werden.',
      invalid_media: 'Die Datei konnte nicht gelesen werden.',
      last_owner:
        'Ein Konto behält mindestens einen Inhaber; machen Sie zuerst ein anderes Mitglied zum Inhaber.',
      member_exists: 'Diese Person ist bereits Mitglied des Kontos.',
      invitation_closed: 'Diese Einladung kann nicht mehr verwendet werden.',
      idempotency_key_reused: 'Die Anfrage konnte nicht gelesen werden.',
      rate_limited: 'Zu viele Anfragen; warten Sie eine Minute und versuchen Sie es erneut.',
      malformed_request: 'Die Anfrage konnte nicht gelesen werden.',
      request_timeout: 'Die Anfrage kam nicht rechtzeitig an; bitte versuchen Sie es erneut.',
      headers_too_large: 'Die Anfrage konnte nicht gelesen werden.',
      internal_error: 'Etwas ist schiefgelaufen; der Fehler wurde protokolliert.',
      asset_create_failed: 'Das Objekt konnte nicht gespeichert werden; bitte versuchen Sie es erneut.',
      webhook_registration_failed:
        'Die Benachrichtigungsadresse konnte nicht gespeichert werden; bitte versuchen Sie es erneut.',
      service_unavailable:
        'Der Dienst ist ausgelastet oder startet neu; versuchen Sie es gleich noch einmal.',
    },
    details: {
      validation_failed: {
        not_an_email: '„{email}“ ist keine E-Mail-Adresse.',
        password_too_short: 'Das Passwort muss mindestens {min} Zeichen lang sein.',
        password_common: 'Dieses Passwort gehört zu den meistverwendeten; wählen Sie ein anderes.',
        passwords_differ: 'Die beiden Passwörter stimmen nicht überein.',
        wrong_current_password: 'Das aktuelle Passwort ist nicht richtig.',
        use_your_password:
          'Sie haben bei uns bereits ein Passwort: Geben Sie es zum Annehmen ein und fügen Sie danach auf Ihrer Kontoseite einen Passkey hinzu.',
        use_your_passkey:
          'Sie melden sich mit einem Passkey an: Verwenden Sie ihn, um die Einladung anzunehmen.',
        invalid_expiry: 'Das Ablaufdatum ist kein gültiges Datum mit Uhrzeit.',
        choose_account: 'Wählen Sie das Konto, zu dem der Schlüssel gehört.',
        choose_planets: 'Wählen Sie mindestens eine Kategorie oder alle.',
        choose_certificates: 'Wählen Sie mindestens ein Zertifikat.',
        too_many_certificates: 'Wählen Sie höchstens {max} Zertifikate auf einmal.',
        not_in_future: 'Das Datum muss in der Zukunft liegen.',
        in_future: 'Das Datum darf nicht in der Zukunft liegen.',
        not_a_date: 'Geben Sie ein Datum wie 2026-01-31 ein.',
      },
      passkey_invalid: {
        challenge_used:
          'Die Passkey-Anfrage ist abgelaufen oder wurde bereits beantwortet; beginnen Sie erneut.',
      },
      csrf_failed: {
        other_site:
          'Dieses Formular wurde von einer anderen Website gesendet. Öffnen Sie die Seite auf dieser Website und senden Sie es erneut.',
        sign_in_form:
          'Dieses Formular ist abgelaufen oder wurde nicht auf dieser Website geöffnet. Laden Sie die Seite neu und versuchen Sie es erneut.',
      },
      payload_too_large: {
        media_limit: 'Die Datei ist größer als {megabytes, number, ::unit/megabyte}.',
      },
      unsupported_media_type: {
        image_unrecognised: 'Die Datei ist kein JPEG-, PNG- oder WebP-Bild.',
        media_unrecognised: 'Diese Art von Datei nimmt der Dienst nicht an.',
        upload_unrecognised: 'Die Datei ist kein JPEG-, PNG-, WebP- oder TIFF-Foto und kein PDF.',
        media_mismatch: 'Die Datei ist {detected}, nicht {declared}, wie ihr Typ angibt.',
        heif_unreadable:
          'HEIC- und HEIF-Fotos können hier nicht gelesen werden. Senden Sie ein JPEG-, PNG-, WebP- oder TIFF-Foto oder ein PDF (ein iPhone speichert JPEG unter Einstellungen › Kamera › Formate › Maximale Kompatibilität).',
      },
      invalid_media: {
        undecodable: 'Die Datei konnte nicht gelesen werden; sie ist möglicherweise beschädigt.',
        too_many_pixels: 'Das Bild hat mehr als {megapixels, number} Megapixel; senden Sie ein kleineres.',
      },
      invitation_closed: {
        used: 'Diese Einladung wurde bereits verwendet. Melden Sie sich stattdessen an oder bitten Sie um eine neue Einladung.',
        expired: 'Diese Einladung ist abgelaufen. Bitten Sie die einladende Person um eine neue.',
        revoked: 'Diese Einladung wurde zurückgezogen. Bitten Sie die einladende Person um eine neue.',
      },
      rate_limited: {
        client_address:
          'Zu viele Anfragen von Ihrer Adresse. Versuchen Sie es in {seconds, plural, one {# Sekunde} other {# Sekunden}} erneut.',
        failed_authentications:
          'Zu viele fehlgeschlagene Anmeldungen von Ihrer Adresse. Versuchen Sie es in {seconds, plural, one {# Sekunde} other {# Sekunden}} erneut.',
      },
      watch_limit_reached: {
        limit:
          'Die Beobachtungsliste enthält bereits {limit} Zertifikate, das Maximum; entfernen Sie zuerst eines.',
      },
      webhook_limit_reached: {
        limit:
          'Das Konto hat bereits {limit} Benachrichtigungsadressen, das Maximum; löschen Sie zuerst eine.',
      },
    },
  },
};
