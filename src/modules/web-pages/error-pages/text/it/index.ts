import type { Translation } from '../../../../../i18n/text-catalogue.js';
import type { errorsText } from '../errors.text.js';

/** What error pages say, in Italian. */
export const it: Translation<typeof errorsText> = {
  errors: {
    codes: {
      validation_failed: 'Il modulo non è stato compilato come previsto; lo controlli e lo invii di nuovo.',
      invalid_json: 'Non è stato possibile leggere la richiesta.',
      invalid_planet: 'Questa categoria di oggetti non esiste.',
      planet_scope_mismatch: 'Questa chiave non può essere usata per questa categoria di oggetti.',
      invalid_webhook_url: 'L’indirizzo per le notifiche manca o non è utilizzabile.',
      invalid_event_type: 'Una delle notifiche scelte non è riconosciuta.',
      invalid_idempotency_key: 'Non è stato possibile leggere la richiesta.',
      passkey_invalid: 'Non è stato possibile verificare la passkey; riprovi.',
      unauthorized: 'Serve una chiave API valida.',
      admin_unauthorized: 'Acceda prima come operatore.',
      member_unauthorized: 'Acceda prima.',
      csrf_failed: 'Questo modulo è scaduto. Ricarichi la pagina e lo invii di nuovo.',
      forbidden_role: 'Il Suo ruolo in questo account non lo consente.',
      route_not_found: 'Questa pagina non esiste.',
      asset_not_found: 'Questo oggetto non esiste, oppure appartiene a un altro account.',
      member_not_found: 'Questo membro non esiste.',
      invitation_not_found:
        'Questo link di invito non è riconosciuto; verifichi di averlo copiato per intero.',
      certificate_not_found: 'Questo certificato non esiste.',
      verification_not_found: 'Questa verifica non esiste.',
      webhook_not_found: 'Questo indirizzo per le notifiche non esiste.',
      transfer_not_found: 'Questo trasferimento non esiste.',
      delivery_not_found: 'Questo invio non esiste.',
      media_not_found: 'Questo file non esiste.',
      alert_not_found: 'Questa segnalazione non esiste.',
      tag_not_found: 'Questa etichetta non esiste.',
      watch_not_found: 'Questo certificato non è nella lista di osservazione.',
      account_not_found: 'Questo account non esiste.',
      api_key_not_found: 'Questa chiave API non esiste.',
      signing_key_not_found: 'Questa chiave di firma non esiste.',
      passkey_not_found: 'Questa passkey non esiste.',
      status_list_not_found: 'Questo elenco di stati non esiste.',
      tlog_resource_not_found: 'Il registro pubblico non contiene ancora questa voce.',
      history_event_not_found: 'La cronologia dell’oggetto non contiene questa voce.',
      method_not_allowed: 'Questa pagina non può essere usata in questo modo.',
      invalid_state: 'Non è possibile nello stato attuale dell’oggetto.',
      alert_already_open:
        'L’oggetto è già segnalato come rubato o smarrito; chiuda prima quella segnalazione.',
      tag_already_bound:
        'L’oggetto ha già un’etichetta, oppure questa etichetta appartiene a un altro oggetto.',
      watch_limit_reached: 'La lista di osservazione è piena; rimuova prima un certificato.',
      already_watched: 'Questo certificato è già nella lista di osservazione.',
      transfer_pending: 'Per l’oggetto c’è già un’offerta di trasferimento aperta; la annulli prima.',
      transfer_expired:
        'L’offerta di trasferimento è scaduta; il proprietario può offrire di nuovo l’oggetto.',
      certificate_not_issued: 'Il certificato non è ancora stato emesso.',
      webhook_limit_reached:
        'L’account ha già tutti gli indirizzi per le notifiche consentiti; ne elimini prima uno.',
      last_sign_in_method:
        'È l’ultimo modo che Le resta per accedere; imposti prima una password o aggiunga un’altra passkey.',
      not_yet_logged: 'La voce non è ancora nel registro pubblico; riprovi tra qualche secondo.',
      idempotency_request_in_progress: 'La stessa richiesta è ancora in elaborazione; attenda un momento.',
      conflict: 'Esiste già.',
      payload_too_large: 'I dati inviati sono troppo grandi.',
      uri_too_long: 'L’indirizzo è troppo lungo.',
      unsupported_media_type: 'Questo tipo di file non può essere usato qui.',
      invalid_media: 'Non è stato possibile leggere il file.',
      last_owner: 'Un account conserva almeno un titolare; nomini prima titolare un altro membro.',
      member_exists: 'Questa persona è già membro dell’account.',
      invitation_closed: 'Questo invito non può più essere usato.',
      idempotency_key_reused: 'Non è stato possibile leggere la richiesta.',
      rate_limited: 'Troppe richieste; attenda un minuto e riprovi.',
      malformed_request: 'Non è stato possibile leggere la richiesta.',
      request_timeout: 'La richiesta è arrivata troppo tardi; riprovi.',
      headers_too_large: 'Non è stato possibile leggere la richiesta.',
      internal_error: 'Qualcosa è andato storto; l’errore è stato registrato.',
      asset_create_failed: 'Non è stato possibile salvare l’oggetto; riprovi.',
      webhook_registration_failed: 'Non è stato possibile salvare l’indirizzo per le notifiche; riprovi.',
      service_unavailable: 'Il servizio è occupato o si sta riavviando; riprovi tra poco.',
    },
    details: {
      validation_failed: {
        not_an_email: '«{email}» non è un indirizzo e-mail.',
        password_too_short: 'La password deve contenere almeno {min} caratteri.',
        password_common: 'Questa password è tra le più usate; ne scelga un’altra.',
        passwords_differ: 'Le due password non coincidono.',
        wrong_current_password: 'La password attuale non è corretta.',
        use_your_password:
          'Ha già una password presso di noi: la inserisca per accettare, poi aggiunga una passkey nella pagina del Suo account.',
        use_your_passkey: 'Lei accede con una passkey: la usi per accettare l’invito.',
        invalid_expiry: 'La scadenza non è una data e un’ora valide.',
        choose_account: 'Scelga l’account a cui appartiene la chiave.',
        choose_planets: 'Scelga almeno una categoria, oppure tutte.',
        choose_certificates: 'Scelga almeno un certificato.',
        too_many_certificates: 'Scelga al massimo {max} certificati alla volta.',
        not_in_future: 'La data deve essere nel futuro.',
        in_future: 'La data non può essere nel futuro.',
        not_a_date: 'Inserisca una data come 2026-01-31.',
      },
      passkey_invalid: {
        challenge_used: 'La richiesta della passkey è scaduta o ha già ricevuto risposta; ricominci.',
      },
      csrf_failed: {
        other_site:
          'Questo modulo è stato inviato da un altro sito. Apra la pagina su questo sito e lo invii di nuovo.',
        sign_in_form:
          'Questo modulo è scaduto o non è stato aperto su questo sito. Ricarichi la pagina e riprovi.',
      },
      payload_too_large: {
        media_limit: 'Il file supera {megabytes, number, ::unit/megabyte}.',
      },
      unsupported_media_type: {
        image_unrecognised: 'Il file non è un’immagine JPEG, PNG o WebP.',
        media_unrecognised: 'Questo tipo di file non è accettato dal servizio.',
        upload_unrecognised: 'Il file non è una foto JPEG, PNG, WebP o TIFF, né un PDF.',
        media_mismatch: 'Il file è {detected}, non {declared} come indica il suo tipo.',
        heif_unreadable:
          'Le foto HEIC e HEIF non possono essere lette qui. Invii una foto JPEG, PNG, WebP o TIFF, oppure un PDF (un iPhone salva in JPEG in Impostazioni › Fotocamera › Formati › Più compatibile).',
      },
      invalid_media: {
        undecodable: 'Non è stato possibile leggere il file: potrebbe essere danneggiato.',
        too_many_pixels: 'L’immagine supera {megapixels, number} megapixel; ne invii una più piccola.',
      },
      invitation_closed: {
        used: 'Questo invito è già stato usato. Acceda invece, oppure chieda un nuovo invito.',
        expired: 'Questo invito è scaduto. Ne chieda uno nuovo a chi L’ha invitata.',
        revoked: 'Questo invito è stato ritirato. Ne chieda uno nuovo a chi L’ha invitata.',
      },
      rate_limited: {
        client_address:
          'Troppe richieste dal Suo indirizzo. Riprovi tra {seconds, plural, one {# secondo} other {# secondi}}.',
        failed_authentications:
          'Troppi accessi non riusciti dal Suo indirizzo. Riprovi tra {seconds, plural, one {# secondo} other {# secondi}}.',
      },
      watch_limit_reached: {
        limit: 'La lista di osservazione contiene già {limit} certificati, il massimo; ne rimuova prima uno.',
      },
      webhook_limit_reached: {
        limit: 'L’account ha già {limit} indirizzi per le notifiche, il massimo; ne elimini prima uno.',
      },
    },
  },
};
