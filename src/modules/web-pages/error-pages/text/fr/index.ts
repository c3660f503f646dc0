import type { Translation } from '../../../../../i18n/text-catalogue.js';
import type { errorsText } from '../errors.text.js';

/** What error pages say, in French. */
export const fr: Translation<typeof errorsText> = {
  errors: {
    codes: {
      validation_failed:
        'Le formulaire n’a pas été rempli comme prévu ; vérifiez-le et envoyez-le à nouveau.',
      invalid_json: 'La demande n’a pas pu être lue.',
      invalid_planet: 'Cette catégorie d’objets n’existe pas.',
      planet_scope_mismatch: 'Cette clé ne peut pas être utilisée pour cette catégorie d’objets.',
      invalid_webhook_url: 'L’adresse de notification est absente ou inutilisable.',
      invalid_event_type: 'L’une des notifications choisies est inconnue.',
      invalid_idempotency_key: 'La demande n’a pas pu être lue.',
      passkey_invalid: 'La clé d’accès n’a pas pu être vérifiée ; réessayez.',
      unauthorized: 'Une clé d’API valide est nécessaire.',
      admin_unauthorized: 'Connectez-vous d’abord en tant qu’opérateur.',
      member_unauthorized: 'Connectez-vous d’abord.',
      csrf_failed: 'Ce formulaire a expiré. Rechargez la page et envoyez-le à nouveau.',
      forbidden_role: 'Votre rôle dans ce compte ne permet pas cette action.',
      route_not_found: 'Cette page n’existe pas.',
      asset_not_found: 'Cet objet n’existe pas, ou il appartient à un autre compte.',
      member_not_found: 'Ce membre n’existe pas.',
      invitation_not_found: 'Ce lien d’invitation est inconnu ; vérifiez qu’il a été copié en entier.',
      certificate_not_found: 'Ce certificat n’existe pas.',
      verification_not_found: 'Cette vérification n’existe pas.',
      webhook_not_found: 'Cette adresse de notification n’existe pas.',
      transfer_not_found: 'Ce transfert n’existe pas.',
      delivery_not_found: 'Cet envoi n’existe pas.',
      media_not_found: 'Ce fichier n’existe pas.',
      alert_not_found: 'Ce signalement n’existe pas.',
      tag_not_found: 'Cette étiquette n’existe pas.',
      watch_not_found: 'Ce certificat ne figure pas sur la liste de suivi.',
      account_not_found: 'Ce compte n’existe pas.',
      api_key_not_found: 'Cette clé d’API n’existe pas.',
      signing_key_not_found: 'Cette clé de signature n’existe pas.',
      passkey_not_found: 'Cette clé d’accès n’existe pas.',
      status_list_not_found: 'Cette liste de statuts n’existe pas.',
      tlog_resource_not_found: 'Le registre public ne contient pas encore cette entrée.',
      history_event_not_found: 'L’historique de l’objet ne contient pas cette entrée.',
      method_not_allowed: 'Cette page ne peut pas être utilisée ainsi.',
      invalid_state: 'Cette action n’est pas possible dans l’état actuel de l’objet.',
      alert_already_open: 'L’objet est déjà signalé volé ou perdu ; clôturez d’abord ce signalement.',
      tag_already_bound: 'L’objet a déjà une étiquette, ou cette étiquette appartient à un autre objet.',
      watch_limit_reached: 'La liste de suivi est pleine ; retirez-en d’abord un certificat.',
      already_watched: 'Ce certificat figure déjà sur la liste de suivi.',
      transfer_pending: 'L’objet fait déjà l’objet d’une offre de transfert ouverte ; annulez-la d’abord.',
      transfer_expired: 'L’offre de transfert a expiré ; le propriétaire peut proposer l’objet à nouveau.',
      certificate_not_issued: 'Le certificat n’a pas encore été émis.',
      webhook_limit_reached:
        'Le compte a atteint le nombre maximal d’adresses de notification ; supprimez-en une d’abord.',
      last_sign_in_method:
        'C’est votre dernier moyen de connexion ; définissez un mot de passe ou ajoutez une autre clé d’accès d’abord.',
      not_yet_logged:
        'L’entrée ne figure pas encore dans le registre public ; réessayez dans quelques secondes.',
      idempotency_request_in_progress:
        'La même demande est encore en cours de traitement ; patientez un instant.',
      conflict: 'Cela existe déjà.',
      payload_too_large: 'L’envoi est trop volumineux.',
      uri_too_long: 'L’adresse est trop longue.',
      unsupported_media_type: 'Ce type de fichier ne peut pas être utilisé ici.',
      invalid_media: 'Le fichier n’a pas pu être lu.',
      last_owner: 'Un compte garde au moins un propriétaire ; nommez d’abord un autre membre propriétaire.',
      member_exists: 'Cette personne est déjà membre du compte.',
      invitation_closed: 'Cette invitation ne peut plus être utilisée.',
      idempotency_key_reused: 'La demande n’a pas pu être lue.',
      rate_limited: 'Trop de demandes ; patientez une minute et réessayez.',
      malformed_request: 'La demande n’a pas pu être lue.',
      request_timeout: 'La demande a mis trop de temps à arriver ; réessayez.',
      headers_too_large: 'La demande n’a pas pu être lue.',
      internal_error: 'Une erreur s’est produite ; elle a été consignée.',
      asset_create_failed: 'L’objet n’a pas pu être enregistré ; réessayez.',
      webhook_registration_failed: 'L’adresse de notification n’a pas pu être enregistrée ; réessayez.',
      service_unavailable: 'Le service est occupé ou redémarre ; réessayez dans un instant.',
    },
    details: {
      validation_failed: {
        not_an_email: '« {email} » n’est pas une adresse e-mail.',
        password_too_short: 'Le mot de passe doit comporter au moins {min} caractères.',
        password_common: 'Ce mot de passe fait partie des plus utilisés ; choisissez-en un autre.',
        passwords_differ: 'Les deux mots de passe diffèrent.',
        wrong_current_password: 'Le mot de passe actuel n’est pas le bon.',
        use_your_password:
          'Vous avez déjà un mot de passe chez nous : saisissez-le pour accepter, puis ajoutez une clé d’accès sur la page de votre compte.',
        use_your_passkey:
          'Vous vous connectez avec une clé d’accès : utilisez-la pour accepter l’invitation.',
        invalid_expiry: 'La date d’expiration n’est pas une date et une heure valides.',
        choose_account: 'Choisissez le compte auquel la clé appartient.',
        choose_planets: 'Choisissez au moins une catégorie, ou toutes.',
        choose_certificates: 'Choisissez au moins un certificat.',
        too_many_certificates: 'Choisissez au plus {max} certificats à la fois.',
        not_in_future: 'La date doit être dans le futur.',
        in_future: 'La date ne peut pas être dans le futur.',
        not_a_date: 'Saisissez une date telle que 2026-01-31.',
      },
      passkey_invalid: {
        challenge_used: 'La demande de clé d’accès a expiré ou a déjà reçu une réponse ; recommencez.',
      },
      csrf_failed: {
        other_site:
          'Ce formulaire a été envoyé depuis un autre site. Ouvrez la page sur ce site et envoyez-le à nouveau.',
        sign_in_form:
          'Ce formulaire a expiré ou n’a pas été ouvert sur ce site. Rechargez la page et réessayez.',
      },
      payload_too_large: {
        media_limit: 'Le fichier dépasse {megabytes, number, ::unit/megabyte}.',
      },
      unsupported_media_type: {
        image_unrecognised: 'Le fichier n’est pas une image JPEG, PNG ou WebP.',
        media_unrecognised: 'Ce type de fichier n’est pas accepté par ce service.',
        upload_unrecognised: 'Le fichier n’est pas une photo JPEG, PNG, WebP ou TIFF, ni un PDF.',
        media_mismatch: 'Le fichier est de type {detected}, et non {declared} comme l’indique son type.',
        heif_unreadable:
          'Les photos HEIC et HEIF ne peuvent pas être lues ici. Envoyez une photo JPEG, PNG, WebP ou TIFF, ou un PDF (un iPhone enregistre en JPEG sous Réglages › Appareil photo › Formats › Le plus compatible).',
      },
      invalid_media: {
        undecodable: 'Le fichier n’a pas pu être lu : il est peut-être endommagé.',
        too_many_pixels:
          'L’image compte plus de {megapixels, number} mégapixels ; envoyez-en une plus petite.',
      },
      invitation_closed: {
        used: 'Cette invitation a déjà été utilisée. Connectez-vous plutôt, ou demandez une nouvelle invitation.',
        expired: 'Cette invitation a expiré. Demandez-en une nouvelle à la personne qui vous a invité.',
        revoked: 'Cette invitation a été retirée. Demandez-en une nouvelle à la personne qui vous a invité.',
      },
      rate_limited: {
        client_address:
          'Trop de demandes depuis votre adresse. Réessayez dans {seconds, plural, one {# seconde} other {# secondes}}.',
        failed_authentications:
          'Trop de connexions échouées depuis votre adresse. Réessayez dans {seconds, plural, one {# seconde} other {# secondes}}.',
      },
      watch_limit_reached: {
        limit: 'La liste de suivi compte déjà {limit} certificats, le maximum ; retirez-en un d’abord.',
      },
      webhook_limit_reached: {
        limit: 'Le compte a déjà {limit} adresses de notification, le maximum ; supprimez-en une d’abord.',
      },
    },
  },
};
