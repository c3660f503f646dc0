import { msg } from '../../../../i18n/message.js';

/**
 * What an error page says, in a person's words (the JSON error bodies keep their English `message`): a sentence per
 * code, and for the templates a person meets on a page (a form, an upload, an invitation) a sentence with its values.
 */
export const errorsText = {
  errors: {
    codes: {
      validation_failed: 'The form was not filled in as expected; check it and send it again.',
      invalid_json: 'The request could not be read.',
      invalid_planet: 'There is no such category of objects.',
      planet_scope_mismatch: 'This key may not be used for this category of objects.',
      invalid_webhook_url: 'The address for notifications is missing or cannot be used.',
      invalid_event_type: 'One of the chosen notifications is not known.',
      invalid_idempotency_key: 'The request could not be read.',
      passkey_invalid: 'The passkey could not be checked; try again.',
      unauthorized: 'This needs a valid API key.',
      admin_unauthorized: 'Sign in as an operator first.',
      member_unauthorized: 'Sign in first.',
      csrf_failed: 'This form has expired. Reload the page and send it again.',
      forbidden_role: 'Your role in this account does not allow this.',
      route_not_found: 'There is no such page.',
      asset_not_found: 'There is no such object, or it belongs to another account.',
      member_not_found: 'There is no such member.',
      invitation_not_found: 'This invitation link is not known; check that it was copied whole.',
      certificate_not_found: 'There is no such certificate.',
      verification_not_found: 'There is no such verification.',
      webhook_not_found: 'There is no such notification address.',
      transfer_not_found: 'There is no such transfer.',
      delivery_not_found: 'There is no such delivery.',
      media_not_found: 'There is no such file.',
      alert_not_found: 'There is no such report.',
      tag_not_found: 'There is no such tag.',
      correction_not_found: 'There is no such correction request.',
      watch_not_found: 'This certificate is not on the watch-list.',
      holding_proof_not_valid:
        'This proof of holding is not valid (it is older than 10 minutes, or the object has changed hands).',
      account_not_found: 'There is no such account.',
      api_key_not_found: 'There is no such API key.',
      signing_key_not_found: 'There is no such signing key.',
      passkey_not_found: 'There is no such passkey.',
      status_list_not_found: 'There is no such status list.',
      tlog_resource_not_found: 'The public log holds no such entry yet.',
      history_event_not_found: 'The object’s history has no such entry.',
      method_not_allowed: 'This page cannot be used that way.',
      invalid_state: 'This cannot be done in the object’s present state.',
      alert_already_open: 'The object is already reported stolen or lost; close that report first.',
      tag_already_bound: 'The object already has a tag, or this tag belongs to another object.',
      watch_limit_reached: 'The watch-list is full; remove a certificate from it first.',
      already_watched: 'This certificate is already on the watch-list.',
      transfer_pending: 'The object already has an open transfer offer; cancel it first.',
      transfer_expired: 'The transfer offer has expired; the owner may offer the object again.',
      certificate_not_issued: 'The certificate has not been issued yet.',
      webhook_limit_reached: 'The account has as many notification addresses as it may; delete one first.',
      last_sign_in_method:
        'This is the only way left to sign in; set a password or add another passkey first.',
      not_yet_logged: 'The entry is not in the public log yet; try again in a few seconds.',
      idempotency_request_in_progress: 'The same request is still being processed; wait a moment.',
      conflict: 'This already exists.',
      payload_too_large: 'What was sent is too large.',
      uri_too_long: 'The address is too long.',
      unsupported_media_type: 'This kind of file cannot be used here.',
      invalid_media: 'The file could not be read.',
      last_owner: 'An account keeps at least one active owner; make another member owner first.',
      member_exists: 'This person is already a member of the account.',
      inventory_number_taken: 'Another work of yours in this category already has this inventory number.',
      import_not_found: 'There is no such import.',
      import_file_unreadable: 'The file could not be read as a spreadsheet.',
      import_not_startable: 'The import cannot start now.',
      import_not_changeable: 'The import has started; it can no longer change.',
      import_row_issued: 'The certificate of this work was issued: request a correction to change it.',
      import_image_unusable: 'An image this row names cannot be used.',
      import_row_repeated: 'An earlier row of the file has this inventory number.',
      invitation_closed: 'This invitation can no longer be used.',
      idempotency_key_reused: 'The request could not be read.',
      rate_limited: 'Too many requests; wait a minute and try again.',
      malformed_request: 'The request could not be read.',
      request_timeout: 'The request took too long to arrive; try again.',
      headers_too_large: 'The request could not be read.',
      internal_error: 'Something went wrong; the error was logged.',
      asset_create_failed: 'The object could not be stored; try again.',
      webhook_registration_failed: 'The notification address could not be saved; try again.',
      service_unavailable: 'The service is busy or restarting; try again shortly.',
    },
    details: {
      validation_failed: {
        not_an_email: msg('“{email}” is not an e-mail address.', 'email'),
        password_too_short: msg('The password must be at least {min} characters long.', 'min'),
        password_common: 'This password is one of the most used; choose another.',
        passwords_differ: 'The two passwords differ.',
        wrong_current_password: 'The current password is not right.',
        use_your_password:
          'You already have a password with us: enter it to accept, and add a passkey on your account page afterwards.',
        use_your_passkey: 'You sign in with a passkey: use it to accept the invitation.',
        invalid_expiry: 'The expiry is not a valid date and time.',
        choose_account: 'Choose the account the key belongs to.',
        choose_planets: 'Choose at least one category, or all of them.',
        choose_certificates: 'Choose at least one certificate.',
        too_many_certificates: msg('Choose at most {max} certificates at a time.', 'max'),
        not_in_future: 'The date must be in the future.',
        in_future: 'The date cannot be in the future.',
        not_a_date: 'Enter a date such as 2026-01-31.',
      },
      passkey_invalid: {
        challenge_used: 'The passkey request has expired or was already answered; start again.',
      },
      csrf_failed: {
        other_site: 'This form was sent from another site. Open the page on this site and send it again.',
        sign_in_form: 'This form has expired or was not opened on this site. Reload the page and try again.',
      },
      payload_too_large: {
        media_limit: msg('The file is larger than {megabytes, number, ::unit/megabyte}.', 'megabytes'),
      },
      unsupported_media_type: {
        image_unrecognised: 'The file is not a JPEG, PNG or WebP image.',
        media_unrecognised: 'The file is not of a kind this service accepts.',
        upload_unrecognised: 'The file is not a JPEG, PNG, WebP or TIFF photo, or a PDF.',
        media_mismatch: msg(
          'The file is {detected}, not the {declared} its type says.',
          'detected',
          'declared',
        ),
        heif_unreadable:
          'HEIC and HEIF photos cannot be read here. Send a JPEG, PNG, WebP or TIFF photo, or a PDF (an iPhone saves JPEG under Settings › Camera › Formats › Most Compatible).',
      },
      import_not_startable: {
        has_errors: msg(
          '{count, plural, one {# row has problems} other {# rows have problems}}: correct the file, or import the valid rows only.',
          'count',
        ),
      },
      invalid_media: {
        undecodable: 'The file could not be read: it may be damaged.',
        too_many_pixels: msg(
          'The picture has more than {megapixels, number} megapixels; send a smaller one.',
          'megapixels',
        ),
      },
      invitation_closed: {
        used: 'This invitation has already been used. Sign in instead, or ask for a new invitation.',
        expired: 'This invitation has expired. Ask the person who invited you for a new one.',
        revoked: 'This invitation was withdrawn. Ask the person who invited you for a new one.',
      },
      rate_limited: {
        client_address: msg(
          'Too many requests from your address. Try again in {seconds, plural, one {# second} other {# seconds}}.',
          'seconds',
        ),
        failed_authentications: msg(
          'Too many failed sign-ins from your address. Try again in {seconds, plural, one {# second} other {# seconds}}.',
          'seconds',
        ),
        mail_account: msg(
          'This account has sent as many invitations as it may this hour. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
          'minutes',
        ),
        mail_recipient: msg(
          'This address has been sent as many messages as it may this hour. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
          'minutes',
        ),
      },
      watch_limit_reached: {
        limit: msg(
          'The watch-list already holds {limit} certificates, the most it may; remove one first.',
          'limit',
        ),
      },
      webhook_limit_reached: {
        limit: msg(
          'The account already has {limit} notification addresses, the most it may; delete one first.',
          'limit',
        ),
      },
    },
  },
} as const;
