/**
 * Every example of the /api/v1 and /files/v1 operations, by operationId: the one place examples are written (no
 * `examples:` on schemas). They are composed from a few named fixtures: one story of one account (an artwork
 * created, renamed, issued, verified by a buyer, reported stolen, transferred), so a field added to a record is
 * added here once. completeDocument (contract.ts) puts them into the document; error examples come from the error
 * catalogue there. test/api/openapi-contract.test.ts validates each against its schema;
 * test/api/openapi-examples-current.test.ts sends each request example to the live service and fails when an
 * example is no longer what the service answers (ids, times, hashes and signatures aside).
 */
export interface OperationExamples {
  /** The body (application/json), when the operation takes one. */
  request?: unknown;
  /** Each form of the body the operation accepts, when there is more than one (the document's `examples`). */
  requestForms?: unknown[];
  /** Query and path parameters, by name (a path parameter not named here: `pathParameterExamples`). */
  parameters?: Record<string, unknown>;
  responses: Record<string, unknown>;
}

const OWNER = '659411b9-5fbf-41cd-bf23-9037e6d77ce5';
const BUYER = '8a37c00e-37fa-48c4-b467-ddfebf349f5f';
const ISSUER = 'did:web:avs.asset-registry.dev';

/** The planet fields of a record in the order PostgreSQL's jsonb keeps them (shorter keys first), as answered. */
function asStored(fields: Record<string, unknown>): Record<string, unknown> {
  const names = Object.keys(fields).sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  return Object.fromEntries(names.map((name) => [name, fields[name]]));
}

/** A create request per planet, and the record the service answers for it. */
const createRequests = {
  artworks: {
    title: 'Water Lilies',
    // The gallery's own stock number: its account sees it, the public page never does.
    inventory_number: 'GN-1916-07',
    artist: 'Claude Monet',
    medium: 'Oil on canvas',
    year: 1916,
    // How the catalogue writes the date, beside the whole-number year.
    date_text: '1916–19',
  },
  collectibles: { title: 'Charizard holo', category: 'trading card', year: 1999, grader: 'PSA', grade: 9 },
  watches: { title: 'Speedmaster', brand: 'Omega', model: 'Moonwatch', case_diameter_mm: 42, year: 1969 },
  jewelry: { title: 'Solitaire ring', stone: 'diamond', origin: 'natural', carat: 1.02, metal: 'platinum' },
};
type Planet = keyof typeof createRequests;

const created: Record<Planet, { id: string; number: string; at: string; updatedAt: string }> = {
  artworks: {
    id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
    number: 'ART-2026-000001',
    at: '2026-11-23T16:47:58.750Z',
    updatedAt: '2026-11-23T16:47:59.581Z',
  },
  collectibles: {
    id: '1daf2455-bad0-47f8-8e06-5b58fae2a07f',
    number: 'COL-2026-000001',
    at: '2026-11-23T16:47:58.920Z',
    updatedAt: '2026-11-23T16:47:58.962Z',
  },
  watches: {
    id: '2ea3d22a-0b75-496e-98f7-bd751a5cecc4',
    number: 'WAT-2026-000001',
    at: '2026-11-23T16:47:59.007Z',
    updatedAt: '2026-11-23T16:47:59.252Z',
  },
  jewelry: {
    id: '08da679f-1acd-4202-9906-24c801ad1e3a',
    number: 'JWL-2026-000001',
    at: '2026-11-23T16:47:59.278Z',
    updatedAt: '2026-11-23T16:47:59.458Z',
  },
};

const renamed = (planet: Planet) => ({ title: `${createRequests[planet].title} (restored)` });

function assetRecord(planet: Planet, changes: Record<string, unknown> = {}) {
  const { title, ...fields } = createRequests[planet];
  return {
    id: created[planet].id,
    planet,
    title,
    account_id: OWNER,
    certificate_number: created[planet].number,
    certificate_status: 'pending',
    status: 'draft',
    created_by: OWNER,
    updated_by: OWNER,
    created_at: created[planet].at,
    updated_at: created[planet].at,
    alert: null,
    inventory_number: null,
    ...changes,
    ...asStored(fields),
  };
}

const updatedRecord = (planet: Planet) =>
  assetRecord(planet, { ...renamed(planet), updated_at: created[planet].updatedAt });

/** The artwork once its certificate is issued (and renamed). */
const issuedArtwork = {
  ...updatedRecord('artworks'),
  certificate_status: 'issued',
  status: 'active',
};
const ISSUED_AT = '2026-11-23T16:47:59.659Z';

/** The artwork's three history events: created, renamed, issued. */
const history = [
  {
    id: '555411d6-aab3-463f-9d0d-b02f1cc568b3',
    sequence: 1,
    event_type: 'CREATED',
    payload: { source: 'api', api_key_id: '3605d83f-2898-47af-aab5-cac80b5f9c81' },
    actor_account_id: OWNER,
    created_at: created.artworks.at,
    hash: 'bb8316a0640bb4111ca923c27f0209c1cc623430883ead402bd73d7f0b6dcc65',
    log_index: 0,
  },
  {
    id: '10db061b-bc88-471a-8768-b947a4f2e46e',
    sequence: 2,
    event_type: 'UPDATED',
    payload: {
      source: 'api',
      api_key_id: '3605d83f-2898-47af-aab5-cac80b5f9c81',
      changes: { title: { new: renamed('artworks').title, old: createRequests.artworks.title } },
    },
    actor_account_id: OWNER,
    created_at: '2026-11-23T16:47:59.593Z',
    hash: '98dcd73f5a71fc956b8f13123754c5ba05116f8d2e4a0c7916942241031b3c03',
    log_index: 7,
  },
  {
    id: 'b249dcc4-2de4-4884-a636-de575d15657c',
    sequence: 3,
    event_type: 'CERTIFICATE_ISSUED',
    payload: { to: 'issued', from: 'pending', source: 'admin', admin_user_id: 'token' },
    actor_account_id: null,
    created_at: '2026-11-23T16:47:59.665Z',
    hash: '0fae2bb561a17294ff84dfbe00c193b118951ab2ecb95bb5ffda401d91a251d1',
    log_index: 8,
  },
].map(({ id, sequence, event_type, payload, actor_account_id, created_at, hash, log_index }, index, all) => ({
  id,
  asset_id: created.artworks.id,
  planet: 'artworks',
  sequence,
  event_type,
  payload,
  actor_account_id,
  created_at,
  prev_hash: index === 0 ? null : all[index - 1]!.hash,
  hash,
  log_index,
}));
const lastEvent = history[history.length - 1]!;

/** The transparency log's signed checkpoint: origin, size, root hash, a blank line, the signature. */
const CHECKPOINT = [
  'avs.asset-registry.dev/tlog',
  '9',
  'nTtd3Zy0z9TjXy1L3rdGEIMfha5IC7ADFM57PcVo4AE=',
  '',
  '— avs.asset-registry.dev/tlog bFQWNjxihyYNRHZnAvaJZrzIuW9N9AUdU3UO4rM1efNxV6L0mT4jGW4kOFGFrxUNLmjdv8fa3p0evgw2RqEhpEus8Ao=',
  '',
].join('\n');

const dataIntegrityProof = (created: string, proofValue: string) => ({
  type: 'DataIntegrityProof',
  cryptosuite: 'eddsa-jcs-2022',
  created,
  verificationMethod: `${ISSUER}#beu2cwwjK3TkiBS9tBRnQukiyYY6CHZNzyiRjPDIRbg`,
  proofPurpose: 'assertionMethod',
  '@context': ['https://www.w3.org/ns/credentials/v2'],
  proofValue,
});

const statusEntry = (purpose: string, index: string) => ({
  id: `https://avs.asset-registry.dev/status/${purpose}/1#${index}`,
  type: 'BitstringStatusListEntry',
  statusPurpose: purpose,
  statusListIndex: index,
  statusListCredential: `https://avs.asset-registry.dev/status/${purpose}/1`,
});

const VERIFIED_AT = '2026-11-23T16:48:01.462Z';
const verificationResult = {
  id: 'ec064a2b-249a-4166-9311-a0dce6dfeca4',
  planet: 'artworks',
  asset_id: created.artworks.id,
  certificate_number: created.artworks.number,
  certificate_status: 'issued',
  status: 'active',
  verified: true,
  checks: [
    'certificate_issued',
    'asset_not_archived',
    'history_intact',
    'history_logged',
    'no_open_alert',
  ].map((name) => ({ name, passed: true })),
  // A service with no AVS_WITNESSES (the default); with witnesses the checkpoint carries their cosignature lines
  // and `witnesses` names them (docs/transparency.md).
  facts: {
    tag_bound: false,
    log: {
      checkpoint: CHECKPOINT,
      log_index: lastEvent.log_index,
      witnesses: [],
      quorum: 0,
      witnessed: false,
    },
  },
  verified_at: VERIFIED_AT,
};
const storedVerification = { ...verificationResult, verified_by: { account_id: BUYER, name: 'Buyer Ltd' } };

const ALERT_REQUEST = { kind: 'stolen', occurred_at: '2026-11-20', reference: 'MET-2026-118842' };
const openAlert = {
  id: '3f6b8e1a-7c2d-4e5f-9a0b-1c2d3e4f5a6b',
  planet: 'artworks',
  asset_id: created.artworks.id,
  certificate_number: created.artworks.number,
  kind: ALERT_REQUEST.kind,
  occurred_at: `${ALERT_REQUEST.occurred_at}T00:00:00.000Z`,
  reference: ALERT_REQUEST.reference,
  note: null,
  status: 'open',
  outcome: null,
  raised_at: '2026-11-23T16:48:03.101Z',
  resolved_at: null,
};
/** The artwork issued but not renamed, as it was when it was reported stolen. */
const alertedArtwork = (alert: unknown) => ({
  ...assetRecord('artworks', {
    certificate_status: 'issued',
    status: 'active',
    updated_at: '2026-11-23T16:48:00.912Z',
  }),
  alert,
});

const watch = {
  id: '6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b',
  certificate_number: created.artworks.number,
  created_at: '2026-11-23T16:48:02.655Z',
};

const transfer = (id: string, assetId: string, status: string, at: string, decidedAt: string | null) => ({
  id,
  planet: 'artworks',
  asset_id: assetId,
  from_account_id: OWNER,
  to_account_id: BUYER,
  status,
  created_at: at,
  expires_at: at.replace('2026-11-23', '2026-12-07'),
  decided_at: decidedAt,
});
const OFFERED_AT = '2026-11-23T16:48:01.800Z';
const offer = (status: string, decidedAt: string | null) =>
  transfer('bed2c09e-9968-42a1-9aad-709896d09647', created.artworks.id, status, OFFERED_AT, decidedAt);

/** A second artwork, created with a title only: offered and declined, offered and cancelled, archived. */
const haystacks = {
  id: '42087fea-eb35-40a2-a78c-2ddbb8ff9945',
  planet: 'artworks',
  title: 'Haystacks',
  account_id: OWNER,
  certificate_number: 'ART-2026-000003',
  certificate_status: 'pending',
  status: 'draft',
  created_by: OWNER,
  updated_by: OWNER,
  created_at: '2026-11-23T16:48:01.996Z',
  updated_at: '2026-11-23T16:48:01.996Z',
  alert: null,
  inventory_number: null,
};

const WEBHOOK_REQUEST = {
  url: 'https://hooks.example.com/avs',
  events: ['asset.created', 'certificate.issued'],
};
const webhook = {
  id: '778119a0-8aa0-4e5c-813a-a417fd0ed00a',
  ...WEBHOOK_REQUEST,
  account_id: OWNER,
  status: 'active',
  planet_scope: [],
  created_at: '2026-11-23T16:48:02.305Z',
  disabled_at: null,
  message:
    'Webhook registered. Delivery is not active yet: it will be enabled in a future release; events are recorded meanwhile.',
};
const TESTED_AT = '2026-11-23T16:48:02.450Z';
const delivery = (nextAttemptAt: string) => ({
  id: '00f4b013-3f77-4a9f-a3c0-701b1fcf7d18',
  webhook_id: webhook.id,
  event_id: null,
  event_type: 'webhook.test',
  status: 'pending',
  attempts: 0,
  last_status_code: null,
  last_error: null,
  last_response_excerpt: null,
  last_attempt_at: null,
  next_attempt_at: nextAttemptAt,
  created_at: TESTED_AT,
});

/** A photograph of the artwork, uploaded as a 900 × 600 JPEG with its caption, public. */
const MEDIA_ID = '88965e22-0fb1-42aa-88ed-67e81cc8edfa';
const media = {
  id: MEDIA_ID,
  asset_id: created.artworks.id,
  planet: 'artworks',
  sha256: 'd044964cd97563b73799aa7be791f841b844a21b92bb65fc982d4a1366929598',
  content_type: 'image/jpeg',
  bytes: 16121,
  width: 900,
  height: 600,
  caption: 'Front',
  public: true,
  commitment_salt: null,
  created_at: '2026-11-23T16:49:12.417Z',
  url: `/files/v1/media/${MEDIA_ID}`,
};

/** An NFC tag bound to the artwork once its alert is resolved, tapped once, then unbound (docs/tags.md). */
const TAG_KEY_EXAMPLE = '6F2A91C4D07E35B8A1E4C9027D5B3F60';
const boundTag = {
  id: 'c41d8e2a-5b6f-4a7c-9d8e-0f1a2b3c4d5e',
  uid: '04DE5F1EACC040',
  planet: 'artworks',
  asset_id: created.artworks.id,
  status: 'active',
  tamper: false,
  key_version: 1,
  bound_at: '2026-11-23T16:48:04.301Z',
  last_counter: null,
  last_tapped_at: null,
  unbound_at: null,
  unbind_reason: null,
};
const tap = {
  id: 'e2f3a4b5-c6d7-4e8f-9a0b-1c2d3e4f5a6b',
  verdict: 'genuine',
  counter: 1,
  certificate: { number: created.artworks.number, status: 'issued', alert: null },
  tapped_at: '2026-11-23T16:48:04.412Z',
  tag_id: boundTag.id,
};
const tappedTag = { ...boundTag, last_counter: tap.counter, last_tapped_at: tap.tapped_at };
const UNBIND_REASON = 'The tag was replaced when the frame was restored.';

/** The example of each path parameter, by name, for every operation that has it. */
export const pathParameterExamples: Record<string, unknown> = {
  planet: 'artworks',
  id: '0b8f6a52-6a2e-4f0c-9a57-2f4a3b1c9d10',
  delivery_id: '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  number: 'ART-2026-000042',
  sequence: 1,
  media_id: MEDIA_ID,
  alert_id: openAlert.id,
  watch_id: watch.id,
  tag_id: boundTag.id,
};

const page = (data: unknown[], nextCursor: string | null = null) => ({
  data,
  has_more: nextCursor !== null,
  next_cursor: nextCursor,
});

/** An issued artwork the gallery consigns to the buyer (an auction house), which then offers it to a collector. */
const poplars = {
  ...haystacks,
  id: '5b0e41c2-7d39-4f0a-9c84-2e61f3a7b9d0',
  title: 'Poplars',
  certificate_number: 'ART-2026-000004',
  certificate_status: 'issued',
  status: 'active',
  created_at: '2026-11-23T16:48:02.210Z',
  updated_at: '2026-11-23T16:48:02.210Z',
};
const handover = (
  kind: 'claim' | 'consignment',
  status: 'open' | 'accepted' | 'cancelled',
  decidedAt: string | null = null,
) => ({
  id: kind === 'claim' ? 'c7a3e9d2-1f64-4b8e-a05d-93b2f6e1c4a8' : '3e8f1a6c-52d9-4c07-b1e4-7a9d0c3f2b65',
  planet: 'artworks',
  asset_id: poplars.id,
  kind,
  to_account_id: kind === 'consignment' ? BUYER : null,
  status,
  created_at: '2026-11-23T16:48:02.300Z',
  expires_at: '2026-12-23T16:48:02.300Z',
  accepted_at: status === 'accepted' ? decidedAt : null,
  cancelled_at: status === 'cancelled' ? decidedAt : null,
});
const CLAIM_CODE = 'q2V0aGUtY29kZS1pcy1zaG93bi1vbmNlLW9ubHktLS0';

/** A stock list uploaded as CSV: two rows, the second with a year that is not a number. */
export const IMPORT_CSV =
  'Inventory number,Title,Artist,Year,Notes\r\nGN-2026-014,Harbour at dusk,Anna Berg,1975,framed\r\nGN-2026-015,Harbour at night,Anna Berg,ca. 1975,\r\n';
const IMPORT_ID = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const IMPORTED_AT = '2026-11-23T16:48:05.210Z';
const importColumns = (notes: string | null) => [
  { header: 'Inventory number', field: 'inventory_number' },
  { header: 'Title', field: 'title' },
  { header: 'Artist', field: 'artist' },
  { header: 'Year', field: 'year' },
  { header: 'Notes', field: notes },
];
const importRecord = (changes: Record<string, unknown>, counts: Record<string, number> = {}) => ({
  id: IMPORT_ID,
  planet: 'artworks',
  state: 'validating',
  format: 'csv',
  columns: importColumns(null),
  only_valid: false,
  counts: {
    rows: 2,
    valid: 0,
    errors: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    refused: 0,
    processed: 0,
    ...counts,
  },
  failure: null,
  created_at: IMPORTED_AT,
  updated_at: IMPORTED_AT,
  started_at: null,
  finished_at: null,
  ...changes,
});
const validated = { valid: 1, errors: 1 };
const importExamples: Record<string, OperationExamples> = {
  uploadImport: { responses: { '202': importRecord({ columns: importColumns('Notes') }) } },
  mapImportColumns: { request: { mapping: { Notes: null } }, responses: { '200': importRecord({}) } },
  listImportErrors: {
    responses: {
      '200': page([
        { row: 3, column: 'Year', code: 'validation_failed', message: '`year` must be integer.' },
      ]),
    },
  },
  startImport: {
    request: { only_valid: true },
    responses: {
      '200': importRecord({ state: 'importing', only_valid: true, started_at: IMPORTED_AT }, validated),
    },
  },
  getImport: {
    responses: {
      '200': importRecord(
        { state: 'done', only_valid: true, started_at: IMPORTED_AT, finished_at: IMPORTED_AT },
        { ...validated, created: 1, processed: 1 },
      ),
    },
  },
  listImports: {
    parameters: { limit: 1 },
    responses: {
      '200': page([
        importRecord(
          { state: 'done', only_valid: true, started_at: IMPORTED_AT, finished_at: IMPORTED_AT },
          { ...validated, created: 1, processed: 1 },
        ),
      ]),
    },
  },
  uploadImportMedia: {
    responses: {
      '202': {
        import: importRecord({ columns: importColumns('Notes') }),
        files: [
          { file: 'photos/GN-2026-014.jpg', kept: true, code: null, message: null },
          {
            file: 'photos/GN-2026-015.txt',
            kept: false,
            code: 'unsupported_media_type',
            message: 'The file is not a JPEG, PNG, WebP or TIFF photo, or a PDF (its first bytes say so).',
          },
        ],
      },
    },
  },
  cancelImport: {
    responses: {
      '200': importRecord(
        { state: 'cancelled', columns: importColumns('Notes'), finished_at: IMPORTED_AT },
        validated,
      ),
    },
  },
};

const createAndUpdate = (planet: Planet, name: string) => ({
  [`create${name}Asset`]: { request: createRequests[planet], responses: { '201': assetRecord(planet) } },
  [`update${name}Asset`]: { request: renamed(planet), responses: { '200': updatedRecord(planet) } },
});

/** A correction of each planet's issued certificate: its title as the catalogue raisonné now gives it. */
const correctionRequest = (planet: Planet) => ({
  fields: { title: `${createRequests[planet].title} (catalogue raisonné)` },
  reason: 'The catalogue raisonné gives the title differently.',
});
const CORRECTION_IDS: Record<Planet, string> = {
  artworks: '0f1e2d3c-4b5a-4968-8776-65544332a110',
  collectibles: '0f1e2d3c-4b5a-4968-8776-65544332a111',
  watches: '0f1e2d3c-4b5a-4968-8776-65544332a112',
  jewelry: '0f1e2d3c-4b5a-4968-8776-65544332a113',
};
const openCorrection = (planet: Planet) => ({
  id: CORRECTION_IDS[planet],
  planet,
  asset_id: created[planet].id,
  certificate_number: created[planet].number,
  status: 'open',
  ...correctionRequest(planet),
  remove_media_ids: [],
  adds_images: false,
  add_images: [],
  requested_by: { source: 'api', api_key_id: '3605d83f-2898-47af-aab5-cac80b5f9c81' },
  requested_at: '2026-11-23T16:48:05.102Z',
  decided_at: null,
  decision_reason: null,
  amended_sequence: null,
});
const requestCorrection = (planet: Planet, name: string) => ({
  [`request${name}Correction`]: {
    request: correctionRequest(planet),
    responses: { '201': openCorrection(planet) },
  },
});

export const operationExamples: Record<string, OperationExamples> = {
  ...importExamples,
  ...createAndUpdate('artworks', 'Artworks'),
  ...createAndUpdate('collectibles', 'Collectibles'),
  ...createAndUpdate('watches', 'Watches'),
  ...createAndUpdate('jewelry', 'Jewelry'),
  getAsset: { responses: { '200': updatedRecord('artworks') } },
  listAssets: {
    parameters: {
      status: 'draft,active',
      certificate_status: 'pending',
      created_after: '2026-11-01T00:00:00Z',
      created_before: '2026-12-01T00:00:00Z',
      q: 'monet',
    },
    // A cursor is opaque: this one stands for any.
    responses: {
      '200': page([updatedRecord('artworks')], 'WyIyMDI2LTExLTIzVDE2OjQ3OjU4Ljc1MFoiLCI3NmRiLi4uIl0'),
    },
  },
  archiveAsset: {
    responses: { '200': { ...haystacks, status: 'archived', updated_at: '2026-11-23T16:48:02.194Z' } },
  },
  getAssetHistory: { responses: { '200': page(history) } },
  getHistoryEventProof: {
    responses: {
      '200': {
        log_index: history[0]!.log_index,
        checkpoint: CHECKPOINT,
        proof: [
          'c2sp.org/tlog-proof@v1',
          'index 0',
          'nc1B/sf7bAQlPKt0XpVPiNMsb1MeBB4Wjw02ss5sPgQ=',
          'Pr8Hp9ZAYjZXkVtp8/52D7HLfhRuOjQxhVnpLuXX83o=',
          'smypIfMiDQCxMK5rA8RYIE3wcOARtzT+cn/ieSytUpo=',
          'EQFkb0dXlgdy3K7zZA0hzm/7vG1pnyXZGaIKL3ZTYgU=',
          '',
          CHECKPOINT,
        ].join('\n'),
      },
    },
  },
  getCertificate: {
    responses: {
      '200': {
        certificate_number: created.artworks.number,
        status: 'issued',
        planet: 'artworks',
        asset_id: created.artworks.id,
        title: issuedArtwork.title,
        account_id: OWNER,
        asset_status: 'active',
        created_at: created.artworks.at,
        issued_at: ISSUED_AT,
        revoked_at: null,
        revocation_reason: null,
        alert: null,
      },
    },
  },
  getCertificateCredential: {
    responses: {
      '200': {
        '@context': ['https://www.w3.org/ns/credentials/v2'],
        id: 'urn:uuid:5e8d2c1a-7b3f-4a9e-8c6d-1f2e3a4b5c6d',
        type: ['VerifiableCredential', 'AssetCertificate'],
        issuer: ISSUER,
        validFrom: ISSUED_AT,
        credentialSubject: {
          id: `urn:uuid:${created.artworks.id}`,
          certificate_number: created.artworks.number,
          planet: 'artworks',
          title: issuedArtwork.title,
          history: { sequence: lastEvent.sequence, hash: lastEvent.hash },
          artist: createRequests.artworks.artist,
          medium: createRequests.artworks.medium,
          year: createRequests.artworks.year,
          date_text: createRequests.artworks.date_text,
        },
        credentialStatus: [
          statusEntry('revocation', '102815'),
          statusEntry('suspension', '81806'),
          statusEntry('refresh', '40213'),
        ],
        proof: dataIntegrityProof(
          '2026-11-23T16:48:01Z',
          'z2x5tBaWW8pU1KVgCFrUmXrtbzVSyzceHLyKeSC8oDNEiig2AzkNivgy3GSyb1hBkcdyyDbjHqUVzqi6pmZi8cJqx',
        ),
      },
    },
  },
  verifyAsset: {
    request: { certificate_number: created.artworks.number },
    requestForms: [
      { planet: 'artworks', asset_id: created.artworks.id },
      { certificate_number: created.artworks.number },
    ],
    responses: {
      '200': {
        ...verificationResult,
        receipt: {
          '@context': ['https://www.w3.org/ns/credentials/v2'],
          type: ['VerifiableCredential', 'VerificationReceipt'],
          issuer: ISSUER,
          validFrom: VERIFIED_AT,
          credentialSubject: verificationResult,
          proof: dataIntegrityProof(
            '2026-11-23T16:48:01Z',
            'z4Lx6Sj9eRAohXdsbmk3tnRCEWGwFqDQ3yHbQy5ELi9YE9izxCB2x8SKBGtCdBrpuymSAJyvMnk3NURRgywBzsY3W',
          ),
        },
      },
    },
  },
  getVerification: { responses: { '200': storedVerification } },
  listAssetVerifications: { responses: { '200': page([storedVerification]) } },
  transferAsset: {
    request: { to_account_id: BUYER },
    responses: { '202': { transfer: offer('pending', null) } },
  },
  listTransfers: { responses: { '200': page([offer('pending', null)]) } },
  acceptTransfer: {
    responses: {
      '200': {
        transfer: offer('accepted', '2026-11-23T16:48:01.865Z'),
        asset: {
          ...issuedArtwork,
          account_id: BUYER,
          updated_by: BUYER,
          updated_at: '2026-11-23T16:48:01.873Z',
          // The seller's stock number stays with the seller.
          inventory_number: null,
        },
      },
    },
  },
  declineTransfer: {
    responses: {
      '200': {
        transfer: transfer(
          'b15a92f7-eac0-417e-87ab-750626011578',
          haystacks.id,
          'declined',
          '2026-11-23T16:48:02.021Z',
          '2026-11-23T16:48:02.039Z',
        ),
      },
    },
  },
  cancelTransfer: {
    responses: {
      '200': {
        transfer: transfer(
          '8a7d0bfa-6b8e-4631-9ee5-dcb3da92b701',
          haystacks.id,
          'cancelled',
          '2026-11-23T16:48:02.123Z',
          '2026-11-23T16:48:02.133Z',
        ),
      },
    },
  },
  handOverAsset: {
    request: { email: 'buyer@example.com', language: 'en' },
    requestForms: [{ email: 'buyer@example.com', language: 'en' }, { to_account_id: BUYER }],
    responses: {
      '201': {
        handover: handover('claim', 'open'),
        code: CLAIM_CODE,
        claim_url: `https://avs.asset-registry.dev/collection/claim/${CLAIM_CODE}`,
      },
    },
  },
  listHandovers: { responses: { '200': page([handover('consignment', 'open')]) } },
  getHandover: { responses: { '200': { handover: handover('consignment', 'open') } } },
  acceptHandover: {
    responses: {
      '200': {
        handover: handover('consignment', 'accepted', '2026-11-23T16:48:02.410Z'),
        // The registrant stays the gallery; its stock number is its own.
        asset: (({ inventory_number: _own, ...rest }) => rest)(poplars),
      },
    },
  },
  cancelHandover: {
    responses: { '200': { handover: handover('claim', 'cancelled', '2026-11-23T16:48:02.520Z') } },
  },
  createWebhook: {
    request: WEBHOOK_REQUEST,
    responses: { '201': { ...webhook, secret: 'whsec_oQ3990piniJ1PbVd9fYoQVZ/Jo8rFtkO54ZtqPPqV4M=' } },
  },
  listWebhooks: { responses: { '200': page([webhook]) } },
  getWebhook: { responses: { '200': webhook } },
  deleteWebhook: {
    responses: { '200': { ...webhook, status: 'disabled', disabled_at: '2026-11-23T16:48:02.732Z' } },
  },
  sendWebhookTest: { responses: { '202': delivery(TESTED_AT) } },
  listWebhookDeliveries: { responses: { '200': page([delivery(TESTED_AT)]) } },
  retryWebhookDelivery: { responses: { '202': delivery('2026-11-23T16:48:02.661Z') } },
  listEvents: {
    parameters: { type: 'certificate.issued,certificate.updated', created_after: '2026-11-22T00:00:00Z' },
    responses: {
      '200': page([
        {
          id: '9c1e4f7a-2b3d-4c5e-8f90-1a2b3c4d5e6f',
          type: 'asset.created',
          timestamp: created.artworks.at,
          data: { asset: assetRecord('artworks') },
        },
      ]),
    },
  },
  raiseAssetAlert: {
    request: ALERT_REQUEST,
    responses: {
      '201': { alert: openAlert, asset: alertedArtwork({ kind: 'stolen', since: openAlert.occurred_at }) },
    },
  },
  resolveAssetAlert: {
    request: { outcome: 'recovered' },
    responses: {
      '200': {
        alert: {
          ...openAlert,
          status: 'resolved',
          outcome: 'recovered',
          resolved_at: '2026-11-23T16:48:04.220Z',
        },
        asset: alertedArtwork(null),
      },
    },
  },
  bindAssetTag: {
    request: { uid: boundTag.uid, tamper: false },
    responses: {
      '201': {
        tag: boundTag,
        provisioning: {
          sdm_meta_read_key: TAG_KEY_EXAMPLE,
          sdm_file_read_key: TAG_KEY_EXAMPLE.split('').reverse().join(''),
          url_template: `https://avs.asset-registry.dev/t?picc_data=${'0'.repeat(32)}&cmac=${'0'.repeat(16)}`,
          offsets: { picc_data: 42, mac_input: 80, mac: 80 },
        },
      },
    },
  },
  listAssetTaps: { responses: { '200': page([tap]) } },
  listAssetTags: { responses: { '200': { data: [tappedTag] } } },
  unbindAssetTag: {
    request: { reason: UNBIND_REASON },
    responses: {
      '200': {
        tag: {
          ...tappedTag,
          status: 'unbound',
          unbound_at: '2026-11-23T16:48:04.530Z',
          unbind_reason: UNBIND_REASON,
        },
      },
    },
  },
  addWatch: { request: { certificate_number: watch.certificate_number }, responses: { '201': watch } },
  listWatchlist: { responses: { '200': page([watch]) } },
  listAudit: {
    parameters: { limit: 1 },
    responses: {
      '200': page(
        [
          {
            id: '0b9c3d4e-5f60-4718-89ab-cdef01234567',
            at: '2026-11-23T16:48:03.120Z',
            actor: { admin: true },
            action: 'api_key.revoked',
            target: { api_key_id: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6', name: 'Inventory sync' },
          },
        ],
        'WyIyMDI2LTExLTIzVDE2OjQ4OjAzLjEyMFoiLCIwYjljM2Q0ZS01ZjYwLTQ3MTgtODlhYi1jZGVmMDEyMzQ1NjciLCJkaWdlc3QiXQ',
      ),
    },
  },
  removeWatch: { responses: { '200': watch } },
  uploadMedia: { parameters: { caption: media.caption }, responses: { '201': media } },
  searchMedia: {
    responses: {
      '200': {
        // A buyer's search by the stolen artwork's photograph: found as a copy, with its public image and the open
        // alert (a new photograph of it would be `recognised`, with its inliers: docs/media.md).
        matches: [
          {
            certificate_number: openAlert.certificate_number,
            planet: 'artworks',
            title: createRequests.artworks.title,
            image_url: media.url,
            method: 'copy',
            distance: 0,
            inliers: null,
            confidence: 'exact',
            alert: { kind: openAlert.kind, since: openAlert.occurred_at },
          },
        ],
      },
    },
  },
  downloadMedia: { responses: {} },
  listAssetMedia: { responses: { '200': { data: [media] } } },
  getAssetMedia: { responses: { '200': media } },
  changeAssetMediaVisibility: {
    request: { public: false },
    // Made private: a fresh salt, whose commitment the MEDIA_VISIBILITY_CHANGED event carries.
    responses: {
      '200': {
        ...media,
        public: false,
        commitment_salt: '5b0e8f3a9d1c47e2b6a0f9d8c7e6b5a4f3e2d1c0b9a8f7e6d5c4b3a2918f7e6d',
      },
    },
  },
  deleteAssetMedia: { responses: { '200': media } },
  ...requestCorrection('artworks', 'Artworks'),
  ...requestCorrection('collectibles', 'Collectibles'),
  ...requestCorrection('watches', 'Watches'),
  ...requestCorrection('jewelry', 'Jewelry'),
  listAssetCorrections: { responses: { '200': { data: [openCorrection('artworks')] } } },
  getCorrection: { responses: { '200': openCorrection('artworks') } },
  addCorrectionImage: {
    responses: {
      '201': {
        ...openCorrection('artworks'),
        add_images: [
          {
            id: '6a1c2e0b-31f4-4d8e-9b57-0c2d4e6f8a91',
            sha256: media.sha256,
            content_type: 'image/jpeg',
            bytes: media.bytes,
            width: 900,
            height: 600,
          },
        ],
      },
    },
  },
};
