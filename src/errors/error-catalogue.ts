import { fileSize, pictureSize } from './people-units.js';
import { limits } from '../limits.js';

/** A value a client sent, cut short and quoted, so a sentence never echoes an unbounded input. */
function quoted(value: unknown): string {
  return JSON.stringify(typeof value === 'string' ? value.slice(0, 100) : value) ?? String(value);
}

/** Where a schema check failed, for a sentence: nothing for the body, " in the query string" otherwise. */
function within(location: string | undefined): string {
  return location ? ` in ${location}` : '';
}

/** The entry of a `…_not_found` code: 404 and the thing named. */
function notFound<const Thing extends string>(thing: Thing): { status: 404; message: `${Thing} not found.` } {
  return { status: 404, message: `${thing} not found.` };
}

type Field = { field: string };
type Location = { location?: string };

/**
 * Every error code the service can return, with its HTTP status, default message and message templates.
 * docs/errors.md documents each code; a test fails when a code is missing there. Throw sites pass values
 * (`new AppError('invalid_planet', 'unknown', { planet })`), never sentences: the sentences live here.
 */
export const errorCatalogue = {
  validation_failed: {
    status: 400,
    message: 'The request is invalid.',
    details: {
      required: ({ field, location }: Field & Location) => `\`${field}\` is required${within(location)}.`,
      not_allowed: ({ field, location }: Field & Location) =>
        `\`${field}\` is not allowed${within(location)}.`,
      /**
       * `rule` is the schema validator's own wording, such as "must be string"; `keyword` and `limit` are its rule
       * and bound ("maxLength", 200), for a page to say it in the reader's language.
       */
      breaks_rule: ({
        field,
        location,
        rule,
      }: Field & Location & { rule: string; keyword?: string; limit?: number }) =>
        `\`${field}\`${within(location)} ${rule}.`,
      part_breaks_rule: ({ part, rule }: { part: string; rule: string }) => `The ${part} ${rule}.`,
      value_not_allowed: ({ field }: Field) => `\`${field}\` has a value that is not allowed.`,
      wrong_type: ({ field, type }: Field & { type: string }) => `\`${field}\` must be ${type}.`,
      body_not_object: () => 'The body must be a JSON object.',
      one_form_of: ({ forms }: { forms: readonly string[] }) =>
        `Send exactly one of: ${forms.join('; or ')}.`,
      too_long: ({ field, max }: Field & { max: number }) =>
        `\`${field}\` must be at most ${max} characters.`,
      trimmed_length: ({ field, min, max }: Field & { min: number; max: number }) =>
        `\`${field}\` must be ${min} to ${max} characters after trimming.`,
      unstorable: ({ field }: Field) => `\`${field}\` contains a character that cannot be stored.`,
      not_finite: ({ field }: Field) => `\`${field}\` is not a finite number.`,
      too_deep: ({ field, max }: Field & { max: number }) =>
        `\`${field}\` is nested more than ${max} levels deep.`,
      field_name_length: ({ parent, min, max }: { parent?: string; min: number; max: number }) =>
        `Field names${parent ? ` in \`${parent}\`` : ''} must be ${min} to ${max} characters.`,
      field_name_unstorable: ({ parent }: { parent?: string }) =>
        `A field name${parent ? ` in \`${parent}\`` : ''} contains a character that cannot be stored.`,
      reserved_field: ({ field }: Field) =>
        `\`${field}\` is a name the service reserves; store it under another name.`,
      too_many_pass_through: ({ max, count }: { max: number; count: number }) =>
        `At most ${max} pass-through fields are allowed; the asset would have ${count}.`,
      not_in_future: ({ field }: Field) => `\`${field}\` must be in the future.`,
      nothing_to_correct: () => 'A correction must change a field, or add or remove a public image.',
      too_many_images: ({ max }: { max: number }) => `A correction adds at most ${max} images.`,
      not_public_image: ({ id }: { id: string }) =>
        `${id.slice(0, 100)} is not a public image of this asset.`,
      in_future: ({ field }: Field) => `\`${field}\` cannot be in the future.`,
      not_a_date: ({ field }: Field) => `\`${field}\` must be an ISO 8601 date (YYYY-MM-DD) or date-time.`,
      unknown_account: ({ field, id }: Field & { id: string }) => `\`${field}\`: no account ${id} exists.`,
      transfer_to_owner: () => '`to_account_id` must differ from the owning account.',
      handover_to_holder: () => '`to_account_id` must differ from the account that holds the object.',
      reason_required: ({ move }: { move: string }) => `\`reason\` is required to ${move} a certificate.`,
      bad_cursor: () => '`cursor` is not a cursor this service returned.',
      cursor_other_filters: () =>
        '`cursor` was returned for other filters or another caller; send the filters it was made with, or start without it.',
      not_one_of: ({ field, value, expected }: Field & { value: string; expected: readonly string[] }) =>
        `\`${field}\`: ${quoted(value)} is not one of ${expected.join(', ')}.`,
      not_an_email: ({ email }: { email: string }) => `${quoted(email)} is not an email address.`,
      password_too_short: ({ min }: { min: number }) => `The password must be at least ${min} characters.`,
      password_common: () => 'The password is one of the most used ones; choose another.',
      passwords_differ: () => 'The two passwords differ.',
      wrong_current_password: () => 'The current password is not right.',
      use_your_password: () =>
        'You already have a password with us: enter it to accept; add a passkey on your account page afterwards.',
      use_your_passkey: () => 'You sign in with a passkey: use it to accept the invitation.',
      address_not_proven: () =>
        'Only a person whose address is proven joins its other sign-ins; prove the address first on the account page.',
      not_a_role: ({ role }: { role: unknown }) => `${quoted(role)} is not a role (owner, editor or viewer).`,
      invalid_expiry: () => 'The expiry is not a valid date and time.',
      choose_account: () => 'Choose the account the key belongs to.',
      choose_planets: () => 'Choose at least one planet, or "All planets".',
      choose_certificates: () => 'Choose at least one certificate.',
      too_many_certificates: ({ max }: { max: number }) => `Choose at most ${max} certificates at a time.`,
      no_session: () => 'A bearer token has no session; log in instead.',
      unreadable_path: () => 'The path is not a valid URL (a broken %-escape).',
      forbidden_key: ({ field }: Field) =>
        `\`${field}\` may not be used as a field name (it would change an object's prototype).`,
    },
  },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  invalid_planet: {
    status: 400,
    message: 'Unknown planet.',
    details: {
      unknown: ({ planet, expected }: { planet: unknown; expected: readonly string[] }) =>
        `Unknown planet ${quoted(planet)}; expected one of ${expected.join(', ')}.`,
    },
  },
  planet_scope_mismatch: {
    status: 400,
    message: 'The API key is not scoped to this planet.',
    details: {
      out_of_scope: ({ planet }: { planet: string }) =>
        `The API key is not scoped to the planet ${quoted(planet)}.`,
    },
  },
  invalid_webhook_url: {
    status: 400,
    message: 'The webhook url is missing or invalid.',
    details: {
      not_a_string: () => '`url` must be a string.',
      empty: () => '`url` must not be empty.',
      too_long: ({ max }: { max: number }) => `\`url\` must be at most ${max} characters.`,
      not_absolute: () => '`url` is not a valid absolute URL.',
      scheme: ({ scheme }: { scheme: string }) =>
        `\`url\` must use https (got ${quoted(scheme.slice(0, 20))}).`,
      control_characters: () => '`url` must not contain control characters (U+0000–U+001F, U+007F–U+009F).',
      credentials: () => '`url` must not contain credentials (user:password@).',
      no_host: () => '`url` must name a host.',
      localhost: () => '`url` must not point at localhost.',
      /** `range` names the forbidden range, such as "loopback" or "private". */
      forbidden_address: ({ range, host }: { range: string; host: string }) =>
        `\`url\` must not point at a ${range} address (${host}).`,
    },
  },
  invalid_event_type: {
    status: 400,
    message: 'An event type is invalid.',
    details: {
      not_a_list: () => '`events` must be a list of event types.',
      empty: ({ expected }: { expected: readonly string[] }) =>
        `\`events\` must list at least one event type (${expected.join(', ')}), or be omitted for all.`,
      unknown: ({ event, expected }: { event: unknown; expected: readonly string[] }) =>
        `Invalid event type ${quoted(event).slice(0, 120)}; expected one of ${expected.join(', ')}.`,
    },
  },
  invalid_idempotency_key: {
    status: 400,
    message: `The Idempotency-Key header must be 1 to ${limits.idempotencyKeyLength} characters.`,
  },
  passkey_invalid: {
    status: 400,
    message: 'The passkey could not be verified; try again.',
    details: {
      challenge_used: () => 'The passkey request has expired or was already answered; start again.',
    },
  },
  unauthorized: {
    status: 401,
    message: 'Invalid or missing API key.',
    details: {
      metrics_token: () => 'Invalid or missing metrics token (Authorization: Bearer <AVS_METRICS_TOKEN>).',
    },
  },
  admin_unauthorized: { status: 401, message: 'Administrator authentication required.' },
  member_unauthorized: { status: 401, message: 'Sign in to the console first.' },
  csrf_failed: {
    status: 403,
    message: 'The CSRF token is missing or does not match the session; reload the page and try again.',
    details: {
      other_site: () => 'This form was sent from another site. Open the page on this site and send it again.',
      sign_in_form: () =>
        'This form has expired or was not opened on this site. Reload the page and try again.',
    },
  },
  forbidden_role: {
    status: 403,
    message: 'Your role in this account does not allow this.',
    details: {
      needs: ({ role }: { role: string }) =>
        `Your role in this account does not allow this; it needs ${role}.`,
    },
  },
  not_holder: {
    status: 403,
    message: 'Only who holds the object now may do this.',
    details: {
      may_not: ({ action }: { action: string }) =>
        `Only who holds the object now may do this (${action}); see "Who may act on an asset" in docs/api.md.`,
    },
  },
  route_not_found: {
    status: 404,
    message: 'No such route.',
    details: {
      no_route: ({ method, path }: { method: string; path: string }) => `No route ${method} ${path}.`,
    },
  },
  asset_not_found: notFound('Asset'),
  member_not_found: notFound('Member'),
  invitation_not_found: {
    status: 404,
    message: 'This invitation link is not known; check that it was copied whole.',
  },
  certificate_not_found: {
    ...notFound('Certificate'),
    details: {
      no_certificate: ({ number }: { number: string }) => `No certificate ${number.slice(0, 100)}.`,
    },
  },
  verification_not_found: notFound('Verification'),
  webhook_not_found: notFound('Webhook'),
  transfer_not_found: notFound('Transfer'),
  handover_not_found: {
    status: 404,
    message: 'Hand-over not found.',
  },
  delivery_not_found: notFound('Delivery'),
  media_not_found: notFound('Media'),
  alert_not_found: notFound('Alert'),
  tag_not_found: notFound('Tag'),
  correction_not_found: notFound('Correction'),
  watch_not_found: notFound('Watch-list entry'),
  holding_proof_not_valid: {
    status: 404,
    message:
      'This proof of holding is not valid: it is unknown, older than 10 minutes, or the object has changed hands.',
  },
  account_not_found: {
    ...notFound('Account'),
    details: { no_account: ({ id }: { id: string }) => `Account ${id} does not exist.` },
  },
  api_key_not_found: {
    ...notFound('API key'),
    details: { no_api_key: ({ id }: { id: string }) => `API key ${id} does not exist.` },
  },
  signing_key_not_found: {
    ...notFound('Signing key'),
    details: { no_signing_key: ({ id }: { id: string }) => `No signing key ${id.slice(0, 100)}.` },
  },
  passkey_not_found: notFound('Passkey'),
  status_list_not_found: notFound('Status list'),
  tlog_resource_not_found: {
    status: 404,
    message: 'The transparency log holds no such tile, entry bundle or checkpoint (yet).',
  },
  history_event_not_found: {
    ...notFound('History event'),
    details: {
      no_sequence: ({ sequence }: { sequence: number }) => `The asset has no history event ${sequence}.`,
    },
  },
  method_not_allowed: {
    status: 405,
    message: 'Method not allowed for this route.',
    details: { not_here: ({ method }: { method: string }) => `Method ${method} is not allowed here.` },
  },
  invalid_state: {
    status: 409,
    message: 'The resource is not in a state that allows this change.',
    details: {
      certificate_is: ({ move, state }: { move: string; state: string }) =>
        `Cannot ${move} an asset whose certificate is ${state}.`,
      asset_is: ({ move, state }: { move: string; state: string }) =>
        `Cannot ${move} an asset that is ${state}.`,
      webhook_disabled: () => 'The webhook is disabled; it can no longer receive deliveries.',
      transfer_is: ({ move, state }: { move: string; state: string }) =>
        `Cannot ${move} a transfer that is ${state}.`,
      alert_resolved: () => 'The alert is already resolved.',
      tag_unbound: () => 'The tag is already unbound.',
      correction_decided: ({ state }: { state: string }) => `The correction request is already ${state}.`,
      correction_open: ({ id }: { id: string }) =>
        `The asset already has an open correction request (${id}); wait for the operator's answer.`,
    },
  },
  alert_already_open: {
    status: 409,
    message: 'The asset already has an open alert; resolve it first.',
    details: {
      open_alert: ({ id, kind }: { id: string; kind: string }) =>
        `The asset is already reported ${kind} (alert ${id}); resolve that alert first.`,
    },
  },
  tag_already_bound: {
    status: 409,
    message: 'The asset already has an active tag, or the tag is bound to another asset.',
    details: {
      asset_has_tag: ({ id }: { id: string }) =>
        `The asset already has an active tag (${id}); unbind it first.`,
      uid_elsewhere: () => 'A tag with this UID is bound to another asset; a UID belongs to one asset only.',
    },
  },
  watch_limit_reached: {
    status: 409,
    message: 'The account has reached its watch-list limit (AVS_WATCH_LIMIT).',
    details: {
      limit: ({ limit }: { limit: number }) =>
        `The account already watches ${limit} certificates, the most it may (AVS_WATCH_LIMIT); remove one first.`,
    },
  },
  already_watched: {
    status: 409,
    message: 'The account already watches this certificate.',
    details: {
      watch: ({ id, number }: { id: string; number: string }) =>
        `The account already watches ${number} (watch-list entry ${id}).`,
    },
  },
  transfer_pending: {
    status: 409,
    message: 'The asset already has an open transfer offer; cancel it first.',
    details: {
      open_offer: ({ id }: { id: string }) =>
        `The asset already has an open transfer offer (${id}); cancel it or wait for its answer.`,
    },
  },
  handover_closed: {
    status: 409,
    message: 'The hand-over is no longer open.',
    details: {
      accepted: () => 'The hand-over has already been accepted.',
      cancelled: () => 'The hand-over was cancelled.',
      expired: () => 'The hand-over has expired (30 days); the holder may offer the object again.',
      outdated: () => 'The object has changed hands since this hand-over was offered.',
      own_object: () => 'You already hold this object.',
    },
  },
  transfer_expired: {
    status: 409,
    message: 'The transfer offer has expired; the owner may offer the asset again.',
  },
  certificate_not_issued: {
    status: 409,
    message: 'The certificate is not issued: it has no credential.',
  },
  webhook_limit_reached: {
    status: 409,
    message: 'The account has reached its webhook limit.',
    details: {
      limit: ({ limit }: { limit: number }) =>
        `The account already has ${limit} active webhooks, the most it may have; delete one first.`,
    },
  },
  last_sign_in_method: {
    status: 409,
    message: 'This is the only way left to sign in; set a password or add another passkey first.',
  },
  not_yet_logged: {
    status: 409,
    message: 'The event is not in the transparency log yet; retry after the seconds Retry-After says.',
  },
  idempotency_request_in_progress: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed.',
  },
  conflict: {
    status: 409,
    message: 'The resource already exists.',
    details: {
      admin_email_taken: ({ email }: { email: string }) =>
        `An admin user with the email ${email} already exists.`,
    },
  },
  payload_too_large: {
    status: 413,
    message: `The request body is larger than ${limits.bodyBytes / 1024} KiB.`,
    details: {
      media_limit: ({ max }: { max: number }) => `The file is larger than ${fileSize(max)}.`,
    },
  },
  uri_too_long: { status: 414, message: 'A path segment is longer than 4,096 characters.' },
  unsupported_media_type: {
    status: 415,
    message: 'Content-Type must be application/json.',
    details: {
      media_types: ({ expected }: { expected: readonly string[] }) =>
        `Content-Type must be one of ${expected.join(', ')}.`,
      media_mismatch: ({ declared, detected }: { declared: string; detected: string }) =>
        `The file is ${detected}, not the ${declared} its Content-Type declares.`,
      media_unrecognised: ({ declared }: { declared: string }) =>
        `The file is not ${declared}, nor any type this service accepts (its first bytes say so).`,
      image_unrecognised: () => 'The file is not a JPEG, PNG or WebP image (its first bytes say so).',
      upload_unrecognised: ({ accepted }: { accepted: string }) =>
        `The file is not ${accepted} (its first bytes say so).`,
      heif_unreadable: ({ accepted }: { accepted: string }) =>
        `HEIC and HEIF photos cannot be read here. Send ${accepted} (an iPhone saves JPEG under Settings › Camera › Formats › Most Compatible).`,
    },
  },
  invalid_media: {
    status: 422,
    message: 'The file could not be read.',
    details: {
      undecodable: ({ type }: { type: string }) => `The file starts as ${type} but could not be decoded.`,
      too_many_pixels: ({ width, height, max }: { width: number; height: number; max: number }) =>
        `The image has ${pictureSize(width * height, { roundUp: true })} (${width} × ${height}), more than ${pictureSize(max)}.`,
    },
  },
  last_owner: {
    status: 409,
    message: 'An account keeps at least one active owner; make another member owner first.',
  },
  member_exists: { status: 409, message: 'This person is already a member of the account.' },
  inventory_number_taken: {
    status: 409,
    message: 'Another asset of this account in this category already has this inventory number.',
  },
  import_not_found: notFound('Import'),
  import_file_unreadable: {
    status: 400,
    message: 'The file could not be read as a spreadsheet.',
    details: {
      no_header: () => 'The file has no header row: its first row must name the columns.',
      not_csv: ({ reason }: { reason: string }) => `The file could not be read as CSV: ${reason}.`,
      not_xlsx: () => 'The file could not be read as an XLSX workbook.',
      too_large: ({ max }: { max: string }) => `The workbook holds more than ${max} once unpacked.`,
      too_many_entries: ({ max }: { max: number }) => `The workbook holds more than ${max} files.`,
      not_zip: () => 'The file could not be read as a ZIP archive.',
      archive_too_large: ({ max }: { max: string }) =>
        `The ZIP archive holds more than ${max} once unpacked.`,
      archive_too_many_entries: ({ max }: { max: number }) => `The ZIP archive holds more than ${max} files.`,
      too_many_rows: ({ max }: { max: number }) => `The file has more than ${max} rows.`,
      column_twice: ({ field }: Field) =>
        `Two columns of the file fill \`${field}\`; keep one or map one to another field.`,
      unknown_column: ({ column }: { column: string }) =>
        `The mapping names ${quoted(column)}, which is not a column of the file.`,
    },
  },
  import_not_startable: {
    status: 409,
    message: 'The import cannot start now.',
    details: {
      state: ({ state }: { state: string }) => `The import is ${state}; only a ready import starts.`,
      no_owner: () =>
        'The account has no active owner for the import to act as; invite one first (avs members invite).',
      has_errors: ({ count }: { count: number }) =>
        `${count} rows have errors: correct the file, or start with \`only_valid\` to import the other rows.`,
    },
  },
  import_not_changeable: {
    status: 409,
    message: 'The import has started; its mapping or state can no longer change.',
    details: {
      state: ({ state }: { state: string }) => `The import is ${state}; it cannot change now.`,
    },
  },
  import_row_issued: {
    status: 409,
    message: 'The certificate of this asset was issued: request a correction to change it.',
  },
  import_image_unusable: {
    status: 422,
    message: 'An image the row names cannot be used.',
    details: {
      missing: ({ file }: { file: string }) =>
        `The row names the image ${quoted(file)}, which no uploaded ZIP archive holds.`,
      refused: ({ file, reason }: { file: string; reason: string }) =>
        `The image ${quoted(file)} cannot be used: ${reason}`,
      twice: ({ file }: { file: string }) =>
        `The ZIP archive holds two files named ${quoted(file.split(/[/\\]/).pop())}; keep one.`,
      not_unpacked: ({ file }: { file: string }) =>
        `The file ${quoted(file)} could not be unpacked (damaged, encrypted or compressed in an unusual way).`,
    },
  },
  import_row_repeated: {
    status: 409,
    message: 'An earlier row of the file has this inventory number.',
    details: {
      row: ({ row }: { row: number }) => `Row ${row} of the file already has this inventory number.`,
    },
  },
  invitation_closed: {
    status: 410,
    message: 'This invitation can no longer be used.',
    details: {
      used: () => 'This invitation has already been used. Sign in instead, or ask for a new invitation.',
      expired: () => 'This invitation has expired. Ask the person who invited you for a new one.',
      revoked: () => 'This invitation was withdrawn. Ask the person who invited you for a new one.',
    },
  },
  idempotency_key_reused: {
    status: 422,
    message: 'This Idempotency-Key was used with a different request.',
  },
  rate_limited: {
    status: 429,
    message: 'Too many requests.',
    details: {
      api_key: ({ retryAfterSeconds }: { retryAfterSeconds: number }) =>
        `Too many requests for this API key; retry after ${retryAfterSeconds} s.`,
      failed_authentications: ({ retryAfterSeconds }: { retryAfterSeconds: number }) =>
        `Too many failed authentications from this address; retry after ${retryAfterSeconds} s.`,
      client_address: ({ retryAfterSeconds }: { retryAfterSeconds: number }) =>
        `Too many requests from this address; retry after ${retryAfterSeconds} s.`,
      webhook_test_events: ({ retryAfterSeconds }: { retryAfterSeconds: number }) =>
        `Too many test events for this account (AVS_WEBHOOK_TEST_EVENTS_PER_MINUTE); retry after ${retryAfterSeconds} s.`,
      webhook_queue_full: ({ retryAfterSeconds }: { retryAfterSeconds: number }) =>
        `The webhook's delivery queue is full (${limits.webhookQueuedDeliveries} waiting); retry after ${retryAfterSeconds} s.`,
      mail_account: ({ retryAfterSeconds }: { retryAfterSeconds: number }) =>
        `The account has caused as many messages this hour as it may (AVS_MAIL_LIMIT_PER_ACCOUNT); retry after ${retryAfterSeconds} s.`,
      mail_recipient: ({ retryAfterSeconds }: { retryAfterSeconds: number }) =>
        `This address has been sent as many messages this hour as it may be (AVS_MAIL_LIMIT_PER_RECIPIENT); retry after ${retryAfterSeconds} s.`,

      history_hashing: ({
        events,
        cost,
        perToken,
        retryAfterSeconds,
      }: {
        events: number;
        cost: number;
        perToken: number;
        retryAfterSeconds: number;
      }) =>
        `Checking a history of ${events.toLocaleString('en-US')} events costs ${cost} more requests of the rate limit (one per ${perToken.toLocaleString('en-US')} events); retry after ${retryAfterSeconds} s.`,
    },
  },
  malformed_request: { status: 400, message: 'The request is not valid HTTP.' },
  request_timeout: { status: 408, message: 'The request was not received in time.' },
  headers_too_large: { status: 431, message: 'The request headers are too large.' },
  internal_error: { status: 500, message: 'Internal server error.' },
  asset_create_failed: { status: 500, message: 'The asset could not be stored.' },
  webhook_registration_failed: { status: 500, message: 'The webhook could not be registered.' },
  service_unavailable: {
    status: 503,
    message: 'The service is temporarily unavailable; retry shortly.',
    details: { database_not_answering: () => 'The database is not answering.' },
  },
} as const satisfies Record<
  string,
  { status: number; message: string; details?: Record<string, (params: never) => string> }
>;

export type ErrorCode = keyof typeof errorCatalogue;

type DetailsOf<C extends ErrorCode> = (typeof errorCatalogue)[C] extends { details: infer D }
  ? D
  : Record<never, never>;

/** The names of the message templates of a code. */
type ErrorDetail<C extends ErrorCode> = keyof DetailsOf<C> & string;

/** `[]` for the default message, `[detail]` or `[detail, params]` for a template, typed by the template. */
export type ErrorDetailArgs<C extends ErrorCode> =
  | []
  | {
      [D in ErrorDetail<C>]: DetailsOf<C>[D] extends () => string
        ? [detail: D]
        : DetailsOf<C>[D] extends (params: infer P) => string
          ? [detail: D, params: P]
          : never;
    }[ErrorDetail<C>];

/** The sentence for a code: its default message, or one of its templates filled with the values given. */
export function errorMessage<C extends ErrorCode>(code: C, ...args: ErrorDetailArgs<C>): string {
  // The public signature ties each template to its values; here they are looked up by name.
  const entry = errorCatalogue[code] as {
    message: string;
    details?: Record<string, (params: never) => string>;
  };
  const [detail, params] = args as [string?, unknown?];
  const template = detail === undefined ? undefined : entry.details?.[detail];
  return template ? template(params as never) : entry.message;
}

/** An error the service means to return: a catalogue code, optionally one of its templates with values. */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly statusCode: number;
  headers: Readonly<Record<string, string>> = {};
  /** Which template made the message, and its values: a page says the same in the reader's language. */
  readonly detail: string | undefined;
  readonly params: Readonly<Record<string, unknown>>;

  constructor(
    readonly code: C,
    ...args: ErrorDetailArgs<C>
  ) {
    super(errorMessage(code, ...args));
    this.name = 'AppError';
    this.statusCode = errorCatalogue[code].status;
    const [detail, params] = args as [string?, Record<string, unknown>?];
    this.detail = detail;
    this.params = params ?? {};
  }

  /** Headers the response carries, such as `WWW-Authenticate` or `Retry-After`. */
  withHeaders(headers: Record<string, string>): this {
    this.headers = { ...this.headers, ...headers };
    return this;
  }
}
