/**
 * The success examples of every /api/v1 operation, by operationId: `request` (the body, when the operation
 * takes one and its body schema has no `examples` of its own) and `responses` by status. Taken from a real run
 * of the service, so they are what it answers; test/api/openapi-contract.test.ts validates each against the
 * document and fails for an operation or 2xx status without one. A new operation adds its entry here.
 * Error statuses need none: src/openapi/contract.ts derives their examples from the error catalogue.
 */
export interface OperationExamples {
  request?: unknown;
  responses: Record<string, unknown>;
}

/** A media record from a real upload (the admin asset page's browser test). */
const MEDIA_RECORD = {
  id: '88965e22-0fb1-42aa-88ed-67e81cc8edfa',
  asset_id: 'df0a2f5f-4137-406c-95a6-f447660f4f88',
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
  url: '/files/v1/media/88965e22-0fb1-42aa-88ed-67e81cc8edfa',
};

export const operationExamples: Record<string, OperationExamples> = {
  raiseAssetAlert: {
    responses: {
      '201': {
        alert: {
          id: '3f6b8e1a-7c2d-4e5f-9a0b-1c2d3e4f5a6b',
          planet: 'artworks',
          asset_id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
          certificate_number: 'ART-2026-000001',
          kind: 'stolen',
          occurred_at: '2026-11-20T00:00:00.000Z',
          reference: 'MET-2026-118842',
          note: null,
          status: 'open',
          outcome: null,
          raised_at: '2026-11-23T16:48:03.101Z',
          resolved_at: null,
        },
        asset: {
          id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
          planet: 'artworks',
          title: 'Water Lilies',
          account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
          certificate_number: 'ART-2026-000001',
          certificate_status: 'issued',
          status: 'active',
          created_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
          updated_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
          created_at: '2026-11-23T16:47:58.750Z',
          updated_at: '2026-11-23T16:48:00.912Z',
          alert: { kind: 'stolen', since: '2026-11-20T00:00:00.000Z' },
          year: 1916,
          artist: 'Claude Monet',
          medium: 'Oil on canvas',
        },
      },
    },
  },
  resolveAssetAlert: {
    responses: {
      '200': {
        alert: {
          id: '3f6b8e1a-7c2d-4e5f-9a0b-1c2d3e4f5a6b',
          planet: 'artworks',
          asset_id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
          certificate_number: 'ART-2026-000001',
          kind: 'stolen',
          occurred_at: '2026-11-20T00:00:00.000Z',
          reference: 'MET-2026-118842',
          note: null,
          status: 'resolved',
          outcome: 'recovered',
          raised_at: '2026-11-23T16:48:03.101Z',
          resolved_at: '2026-11-23T16:48:04.220Z',
        },
        asset: {
          id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
          planet: 'artworks',
          title: 'Water Lilies',
          account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
          certificate_number: 'ART-2026-000001',
          certificate_status: 'issued',
          status: 'active',
          created_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
          updated_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
          created_at: '2026-11-23T16:47:58.750Z',
          updated_at: '2026-11-23T16:48:00.912Z',
          alert: null,
          year: 1916,
          artist: 'Claude Monet',
          medium: 'Oil on canvas',
        },
      },
    },
  },
  addWatch: {
    responses: {
      '201': {
        id: '6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b',
        certificate_number: 'ART-2026-000001',
        created_at: '2026-11-23T16:48:02.655Z',
      },
    },
  },
  listWatchlist: {
    responses: {
      '200': {
        data: [
          {
            id: '6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b',
            certificate_number: 'ART-2026-000001',
            created_at: '2026-11-23T16:48:02.655Z',
          },
        ],
        has_more: false,
        next_cursor: null,
      },
    },
  },
  removeWatch: {
    responses: {
      '200': {
        id: '6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b',
        certificate_number: 'ART-2026-000001',
        created_at: '2026-11-23T16:48:02.655Z',
      },
    },
  },
  createArtworksAsset: {
    responses: {
      '201': {
        id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
        planet: 'artworks',
        title: 'Water Lilies',
        account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        certificate_number: 'ART-2026-000001',
        certificate_status: 'pending',
        status: 'draft',
        created_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        updated_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        created_at: '2026-11-23T16:47:58.750Z',
        updated_at: '2026-11-23T16:47:58.750Z',
        alert: null,
        year: 1916,
        artist: 'Claude Monet',
        medium: 'Oil on canvas',
      },
    },
  },
  createCollectiblesAsset: {
    responses: {
      '201': {
        id: '1daf2455-bad0-47f8-8e06-5b58fae2a07f',
        planet: 'collectibles',
        title: 'Charizard holo',
        account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        certificate_number: 'COL-2026-000001',
        certificate_status: 'pending',
        status: 'draft',
        created_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        updated_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        created_at: '2026-11-23T16:47:58.920Z',
        updated_at: '2026-11-23T16:47:58.920Z',
        alert: null,
        year: 1999,
        grade: 9,
        grader: 'PSA',
        category: 'trading card',
      },
    },
  },
  updateCollectiblesAsset: {
    responses: {
      '200': {
        id: '1daf2455-bad0-47f8-8e06-5b58fae2a07f',
        planet: 'collectibles',
        title: 'Charizard holo (restored)',
        account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        certificate_number: 'COL-2026-000001',
        certificate_status: 'pending',
        status: 'draft',
        created_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        updated_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        created_at: '2026-11-23T16:47:58.920Z',
        updated_at: '2026-11-23T16:47:58.962Z',
        alert: null,
        year: 1999,
        grade: 9,
        grader: 'PSA',
        category: 'trading card',
      },
    },
  },
  createWatchesAsset: {
    responses: {
      '201': {
        id: '2ea3d22a-0b75-496e-98f7-bd751a5cecc4',
        planet: 'watches',
        title: 'Speedmaster',
        account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        certificate_number: 'WAT-2026-000001',
        certificate_status: 'pending',
        status: 'draft',
        created_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        updated_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        created_at: '2026-11-23T16:47:59.007Z',
        updated_at: '2026-11-23T16:47:59.007Z',
        alert: null,
        year: 1969,
        brand: 'Omega',
        model: 'Moonwatch',
        case_diameter_mm: 42,
      },
    },
  },
  updateWatchesAsset: {
    responses: {
      '200': {
        id: '2ea3d22a-0b75-496e-98f7-bd751a5cecc4',
        planet: 'watches',
        title: 'Speedmaster (restored)',
        account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        certificate_number: 'WAT-2026-000001',
        certificate_status: 'pending',
        status: 'draft',
        created_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        updated_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        created_at: '2026-11-23T16:47:59.007Z',
        updated_at: '2026-11-23T16:47:59.252Z',
        alert: null,
        year: 1969,
        brand: 'Omega',
        model: 'Moonwatch',
        case_diameter_mm: 42,
      },
    },
  },
  createJewelryAsset: {
    responses: {
      '201': {
        id: '08da679f-1acd-4202-9906-24c801ad1e3a',
        planet: 'jewelry',
        title: 'Solitaire ring',
        account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        certificate_number: 'JWL-2026-000001',
        certificate_status: 'pending',
        status: 'draft',
        created_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        updated_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        created_at: '2026-11-23T16:47:59.278Z',
        updated_at: '2026-11-23T16:47:59.278Z',
        alert: null,
        carat: 1.02,
        metal: 'platinum',
        stone: 'diamond',
        origin: 'natural',
      },
    },
  },
  updateJewelryAsset: {
    responses: {
      '200': {
        id: '08da679f-1acd-4202-9906-24c801ad1e3a',
        planet: 'jewelry',
        title: 'Solitaire ring (restored)',
        account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        certificate_number: 'JWL-2026-000001',
        certificate_status: 'pending',
        status: 'draft',
        created_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        updated_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        created_at: '2026-11-23T16:47:59.278Z',
        updated_at: '2026-11-23T16:47:59.458Z',
        alert: null,
        carat: 1.02,
        metal: 'platinum',
        stone: 'diamond',
        origin: 'natural',
      },
    },
  },
  updateArtworksAsset: {
    responses: {
      '200': {
        id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
        planet: 'artworks',
        title: 'Water Lilies (restored)',
        account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        certificate_number: 'ART-2026-000001',
        certificate_status: 'pending',
        status: 'draft',
        created_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        updated_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        created_at: '2026-11-23T16:47:58.750Z',
        updated_at: '2026-11-23T16:47:59.581Z',
        alert: null,
        year: 1916,
        artist: 'Claude Monet',
        medium: 'Oil on canvas',
      },
    },
  },
  getAsset: {
    responses: {
      '200': {
        id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
        planet: 'artworks',
        title: 'Water Lilies (restored)',
        account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        certificate_number: 'ART-2026-000001',
        certificate_status: 'pending',
        status: 'draft',
        created_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        updated_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        created_at: '2026-11-23T16:47:58.750Z',
        updated_at: '2026-11-23T16:47:59.581Z',
        alert: null,
        year: 1916,
        artist: 'Claude Monet',
        medium: 'Oil on canvas',
      },
    },
  },
  getAssetHistory: {
    responses: {
      '200': {
        data: [
          {
            id: '555411d6-aab3-463f-9d0d-b02f1cc568b3',
            asset_id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
            planet: 'artworks',
            sequence: 1,
            event_type: 'CREATED',
            payload: {
              source: 'api',
              api_key_id: '3605d83f-2898-47af-aab5-cac80b5f9c81',
            },
            actor_account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
            created_at: '2026-11-23T16:47:58.750Z',
            prev_hash: null,
            hash: 'bb8316a0640bb4111ca923c27f0209c1cc623430883ead402bd73d7f0b6dcc65',
            log_index: 0,
          },
          {
            id: '10db061b-bc88-471a-8768-b947a4f2e46e',
            asset_id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
            planet: 'artworks',
            sequence: 2,
            event_type: 'UPDATED',
            payload: {
              changes: {
                title: {
                  new: 'Water Lilies (restored)',
                  old: 'Water Lilies',
                },
              },
            },
            actor_account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
            created_at: '2026-11-23T16:47:59.593Z',
            prev_hash: 'bb8316a0640bb4111ca923c27f0209c1cc623430883ead402bd73d7f0b6dcc65',
            hash: '98dcd73f5a71fc956b8f13123754c5ba05116f8d2e4a0c7916942241031b3c03',
            log_index: 7,
          },
          {
            id: 'b249dcc4-2de4-4884-a636-de575d15657c',
            asset_id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
            planet: 'artworks',
            sequence: 3,
            event_type: 'CERTIFICATE_ISSUED',
            payload: {
              to: 'issued',
              from: 'pending',
              source: 'admin',
              admin_user_id: 'token',
            },
            actor_account_id: null,
            created_at: '2026-11-23T16:47:59.665Z',
            prev_hash: '98dcd73f5a71fc956b8f13123754c5ba05116f8d2e4a0c7916942241031b3c03',
            hash: '0fae2bb561a17294ff84dfbe00c193b118951ab2ecb95bb5ffda401d91a251d1',
            log_index: 8,
          },
        ],
        has_more: false,
        next_cursor: null,
      },
    },
  },
  getHistoryEventProof: {
    responses: {
      '200': {
        log_index: 0,
        checkpoint:
          'avs.asset-registry.dev/tlog\n9\nnTtd3Zy0z9TjXy1L3rdGEIMfha5IC7ADFM57PcVo4AE=\n\n— avs.asset-registry.dev/tlog bFQWNjxihyYNRHZnAvaJZrzIuW9N9AUdU3UO4rM1efNxV6L0mT4jGW4kOFGFrxUNLmjdv8fa3p0evgw2RqEhpEus8Ao=\n',
        proof:
          'c2sp.org/tlog-proof@v1\nindex 0\nnc1B/sf7bAQlPKt0XpVPiNMsb1MeBB4Wjw02ss5sPgQ=\nPr8Hp9ZAYjZXkVtp8/52D7HLfhRuOjQxhVnpLuXX83o=\nsmypIfMiDQCxMK5rA8RYIE3wcOARtzT+cn/ieSytUpo=\nEQFkb0dXlgdy3K7zZA0hzm/7vG1pnyXZGaIKL3ZTYgU=\n\navs.asset-registry.dev/tlog\n9\nnTtd3Zy0z9TjXy1L3rdGEIMfha5IC7ADFM57PcVo4AE=\n\n— avs.asset-registry.dev/tlog bFQWNjxihyYNRHZnAvaJZrzIuW9N9AUdU3UO4rM1efNxV6L0mT4jGW4kOFGFrxUNLmjdv8fa3p0evgw2RqEhpEus8Ao=\n',
      },
    },
  },
  getCertificate: {
    responses: {
      '200': {
        certificate_number: 'ART-2026-000001',
        status: 'issued',
        planet: 'artworks',
        asset_id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
        title: 'Water Lilies (restored)',
        account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        asset_status: 'active',
        created_at: '2026-11-23T16:47:58.750Z',
        issued_at: '2026-11-23T16:47:59.659Z',
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
        type: ['VerifiableCredential', 'AssetCertificate'],
        issuer: 'did:web:avs.asset-registry.dev',
        validFrom: '2026-11-23T16:47:59.659Z',
        credentialSubject: {
          id: 'urn:uuid:76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
          certificate_number: 'ART-2026-000001',
          planet: 'artworks',
          title: 'Water Lilies (restored)',
          history: {
            sequence: 3,
            hash: '0fae2bb561a17294ff84dfbe00c193b118951ab2ecb95bb5ffda401d91a251d1',
          },
          artist: 'Claude Monet',
          medium: 'Oil on canvas',
          year: 1916,
        },
        credentialStatus: [
          {
            id: 'https://avs.asset-registry.dev/status/revocation/1#102815',
            type: 'BitstringStatusListEntry',
            statusPurpose: 'revocation',
            statusListIndex: '102815',
            statusListCredential: 'https://avs.asset-registry.dev/status/revocation/1',
          },
          {
            id: 'https://avs.asset-registry.dev/status/suspension/1#81806',
            type: 'BitstringStatusListEntry',
            statusPurpose: 'suspension',
            statusListIndex: '81806',
            statusListCredential: 'https://avs.asset-registry.dev/status/suspension/1',
          },
        ],
        proof: {
          type: 'DataIntegrityProof',
          cryptosuite: 'eddsa-jcs-2022',
          created: '2026-11-23T16:48:01Z',
          verificationMethod: 'did:web:avs.asset-registry.dev#beu2cwwjK3TkiBS9tBRnQukiyYY6CHZNzyiRjPDIRbg',
          proofPurpose: 'assertionMethod',
          '@context': ['https://www.w3.org/ns/credentials/v2'],
          proofValue:
            'z2x5tBaWW8pU1KVgCFrUmXrtbzVSyzceHLyKeSC8oDNEiig2AzkNivgy3GSyb1hBkcdyyDbjHqUVzqi6pmZi8cJqx',
        },
      },
    },
  },
  verifyAsset: {
    responses: {
      '200': {
        id: 'ec064a2b-249a-4166-9311-a0dce6dfeca4',
        planet: 'artworks',
        asset_id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
        certificate_number: 'ART-2026-000001',
        certificate_status: 'issued',
        status: 'active',
        verified: true,
        checks: [
          {
            name: 'certificate_issued',
            passed: true,
          },
          {
            name: 'asset_not_archived',
            passed: true,
          },
          {
            name: 'history_intact',
            passed: true,
          },
          {
            name: 'history_logged',
            passed: true,
          },
          {
            name: 'no_open_alert',
            passed: true,
          },
        ],
        verified_at: '2026-11-23T16:48:01.462Z',
        receipt: {
          '@context': ['https://www.w3.org/ns/credentials/v2'],
          type: ['VerifiableCredential', 'VerificationReceipt'],
          issuer: 'did:web:avs.asset-registry.dev',
          validFrom: '2026-11-23T16:48:01.462Z',
          credentialSubject: {
            id: 'ec064a2b-249a-4166-9311-a0dce6dfeca4',
            planet: 'artworks',
            asset_id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
            certificate_number: 'ART-2026-000001',
            certificate_status: 'issued',
            status: 'active',
            verified: true,
            checks: [
              {
                name: 'certificate_issued',
                passed: true,
              },
              {
                name: 'asset_not_archived',
                passed: true,
              },
              {
                name: 'history_intact',
                passed: true,
              },
              {
                name: 'history_logged',
                passed: true,
              },
              {
                name: 'no_open_alert',
                passed: true,
              },
            ],
            verified_at: '2026-11-23T16:48:01.462Z',
          },
          proof: {
            type: 'DataIntegrityProof',
            cryptosuite: 'eddsa-jcs-2022',
            created: '2026-11-23T16:48:01Z',
            verificationMethod: 'did:web:avs.asset-registry.dev#beu2cwwjK3TkiBS9tBRnQukiyYY6CHZNzyiRjPDIRbg',
            proofPurpose: 'assertionMethod',
            '@context': ['https://www.w3.org/ns/credentials/v2'],
            proofValue:
              'z4Lx6Sj9eRAohXdsbmk3tnRCEWGwFqDQ3yHbQy5ELi9YE9izxCB2x8SKBGtCdBrpuymSAJyvMnk3NURRgywBzsY3W',
          },
        },
      },
    },
    request: {
      certificate_number: 'ART-2026-000001',
    },
  },
  getVerification: {
    responses: {
      '200': {
        id: 'ec064a2b-249a-4166-9311-a0dce6dfeca4',
        planet: 'artworks',
        asset_id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
        certificate_number: 'ART-2026-000001',
        certificate_status: 'issued',
        status: 'active',
        verified: true,
        checks: [
          {
            name: 'certificate_issued',
            passed: true,
          },
          {
            name: 'asset_not_archived',
            passed: true,
          },
          {
            name: 'history_intact',
            passed: true,
          },
          {
            name: 'history_logged',
            passed: true,
          },
          {
            name: 'no_open_alert',
            passed: true,
          },
        ],
        verified_at: '2026-11-23T16:48:01.462Z',
        verified_by: {
          account_id: '8a37c00e-37fa-48c4-b467-ddfebf349f5f',
          name: 'Buyer Ltd',
        },
      },
    },
  },
  listAssetVerifications: {
    responses: {
      '200': {
        data: [
          {
            id: 'ec064a2b-249a-4166-9311-a0dce6dfeca4',
            planet: 'artworks',
            asset_id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
            certificate_number: 'ART-2026-000001',
            certificate_status: 'issued',
            status: 'active',
            verified: true,
            checks: [
              {
                name: 'certificate_issued',
                passed: true,
              },
              {
                name: 'asset_not_archived',
                passed: true,
              },
              {
                name: 'history_intact',
                passed: true,
              },
              {
                name: 'history_logged',
                passed: true,
              },
              {
                name: 'no_open_alert',
                passed: true,
              },
            ],
            verified_at: '2026-11-23T16:48:01.462Z',
            verified_by: {
              account_id: '8a37c00e-37fa-48c4-b467-ddfebf349f5f',
              name: 'Buyer Ltd',
            },
          },
        ],
        has_more: false,
        next_cursor: null,
      },
    },
  },
  transferAsset: {
    responses: {
      '202': {
        transfer: {
          id: 'bed2c09e-9968-42a1-9aad-709896d09647',
          planet: 'artworks',
          asset_id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
          from_account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
          to_account_id: '8a37c00e-37fa-48c4-b467-ddfebf349f5f',
          status: 'pending',
          created_at: '2026-11-23T16:48:01.800Z',
          expires_at: '2026-12-07T16:48:01.800Z',
          decided_at: null,
        },
      },
    },
    request: {
      to_account_id: '8a37c00e-37fa-48c4-b467-ddfebf349f5f',
    },
  },
  listTransfers: {
    responses: {
      '200': {
        data: [
          {
            id: 'bed2c09e-9968-42a1-9aad-709896d09647',
            planet: 'artworks',
            asset_id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
            from_account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
            to_account_id: '8a37c00e-37fa-48c4-b467-ddfebf349f5f',
            status: 'pending',
            created_at: '2026-11-23T16:48:01.800Z',
            expires_at: '2026-12-07T16:48:01.800Z',
            decided_at: null,
          },
        ],
        has_more: false,
        next_cursor: null,
      },
    },
  },
  acceptTransfer: {
    responses: {
      '200': {
        transfer: {
          id: 'bed2c09e-9968-42a1-9aad-709896d09647',
          planet: 'artworks',
          asset_id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
          from_account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
          to_account_id: '8a37c00e-37fa-48c4-b467-ddfebf349f5f',
          status: 'accepted',
          created_at: '2026-11-23T16:48:01.800Z',
          expires_at: '2026-12-07T16:48:01.800Z',
          decided_at: '2026-11-23T16:48:01.865Z',
        },
        asset: {
          id: '76db0ccf-996a-4167-b9ca-f7f035dc9ef5',
          planet: 'artworks',
          title: 'Water Lilies (restored)',
          account_id: '8a37c00e-37fa-48c4-b467-ddfebf349f5f',
          certificate_number: 'ART-2026-000001',
          certificate_status: 'issued',
          status: 'active',
          created_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
          updated_by: '8a37c00e-37fa-48c4-b467-ddfebf349f5f',
          created_at: '2026-11-23T16:47:58.750Z',
          updated_at: '2026-11-23T16:48:01.873Z',
          alert: null,
          year: 1916,
          artist: 'Claude Monet',
          medium: 'Oil on canvas',
        },
      },
    },
  },
  declineTransfer: {
    responses: {
      '200': {
        transfer: {
          id: 'b15a92f7-eac0-417e-87ab-750626011578',
          planet: 'artworks',
          asset_id: '42087fea-eb35-40a2-a78c-2ddbb8ff9945',
          from_account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
          to_account_id: '8a37c00e-37fa-48c4-b467-ddfebf349f5f',
          status: 'declined',
          created_at: '2026-11-23T16:48:02.021Z',
          expires_at: '2026-12-07T16:48:02.021Z',
          decided_at: '2026-11-23T16:48:02.039Z',
        },
      },
    },
  },
  cancelTransfer: {
    responses: {
      '200': {
        transfer: {
          id: '8a7d0bfa-6b8e-4631-9ee5-dcb3da92b701',
          planet: 'artworks',
          asset_id: '42087fea-eb35-40a2-a78c-2ddbb8ff9945',
          from_account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
          to_account_id: '8a37c00e-37fa-48c4-b467-ddfebf349f5f',
          status: 'cancelled',
          created_at: '2026-11-23T16:48:02.123Z',
          expires_at: '2026-12-07T16:48:02.123Z',
          decided_at: '2026-11-23T16:48:02.133Z',
        },
      },
    },
  },
  archiveAsset: {
    responses: {
      '200': {
        id: '42087fea-eb35-40a2-a78c-2ddbb8ff9945',
        planet: 'artworks',
        title: 'Haystacks',
        account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        certificate_number: 'ART-2026-000003',
        certificate_status: 'pending',
        status: 'archived',
        created_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        updated_by: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        created_at: '2026-11-23T16:48:01.996Z',
        updated_at: '2026-11-23T16:48:02.194Z',
        alert: null,
      },
    },
  },
  createWebhook: {
    responses: {
      '201': {
        id: '778119a0-8aa0-4e5c-813a-a417fd0ed00a',
        url: 'https://hooks.example.com/avs',
        events: ['asset.created', 'certificate.issued'],
        account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        status: 'active',
        planet_scope: [],
        created_at: '2026-11-23T16:48:02.305Z',
        disabled_at: null,
        message:
          'Webhook registered. Delivery is not active yet: it will be enabled in a future release; events are recorded meanwhile.',
        secret: 'whsec_oQ3990piniJ1PbVd9fYoQVZ/Jo8rFtkO54ZtqPPqV4M=',
      },
    },
    request: {
      url: 'https://hooks.example.com/avs',
      events: ['asset.created', 'certificate.issued'],
    },
  },
  listWebhooks: {
    responses: {
      '200': {
        data: [
          {
            id: '778119a0-8aa0-4e5c-813a-a417fd0ed00a',
            url: 'https://hooks.example.com/avs',
            events: ['asset.created', 'certificate.issued'],
            account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
            status: 'active',
            planet_scope: [],
            created_at: '2026-11-23T16:48:02.305Z',
            disabled_at: null,
            message:
              'Webhook registered. Delivery is not active yet: it will be enabled in a future release; events are recorded meanwhile.',
          },
        ],
        has_more: false,
        next_cursor: null,
      },
    },
  },
  getWebhook: {
    responses: {
      '200': {
        id: '778119a0-8aa0-4e5c-813a-a417fd0ed00a',
        url: 'https://hooks.example.com/avs',
        events: ['asset.created', 'certificate.issued'],
        account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        status: 'active',
        planet_scope: [],
        created_at: '2026-11-23T16:48:02.305Z',
        disabled_at: null,
        message:
          'Webhook registered. Delivery is not active yet: it will be enabled in a future release; events are recorded meanwhile.',
      },
    },
  },
  sendWebhookTest: {
    responses: {
      '202': {
        id: '00f4b013-3f77-4a9f-a3c0-701b1fcf7d18',
        webhook_id: '778119a0-8aa0-4e5c-813a-a417fd0ed00a',
        event_id: null,
        event_type: 'webhook.test',
        status: 'pending',
        attempts: 0,
        last_status_code: null,
        last_error: null,
        last_response_excerpt: null,
        last_attempt_at: null,
        next_attempt_at: '2026-11-23T16:48:02.450Z',
        created_at: '2026-11-23T16:48:02.450Z',
      },
    },
  },
  listWebhookDeliveries: {
    responses: {
      '200': {
        data: [
          {
            id: '00f4b013-3f77-4a9f-a3c0-701b1fcf7d18',
            webhook_id: '778119a0-8aa0-4e5c-813a-a417fd0ed00a',
            event_id: null,
            event_type: 'webhook.test',
            status: 'pending',
            attempts: 0,
            last_status_code: null,
            last_error: null,
            last_response_excerpt: null,
            last_attempt_at: null,
            next_attempt_at: '2026-11-23T16:48:02.450Z',
            created_at: '2026-11-23T16:48:02.450Z',
          },
        ],
        has_more: false,
        next_cursor: null,
      },
    },
  },
  retryWebhookDelivery: {
    responses: {
      '202': {
        id: '00f4b013-3f77-4a9f-a3c0-701b1fcf7d18',
        webhook_id: '778119a0-8aa0-4e5c-813a-a417fd0ed00a',
        event_id: null,
        event_type: 'webhook.test',
        status: 'pending',
        attempts: 0,
        last_status_code: null,
        last_error: null,
        last_response_excerpt: null,
        last_attempt_at: null,
        next_attempt_at: '2026-11-23T16:48:02.661Z',
        created_at: '2026-11-23T16:48:02.450Z',
      },
    },
  },
  deleteWebhook: {
    responses: {
      '200': {
        id: '778119a0-8aa0-4e5c-813a-a417fd0ed00a',
        url: 'https://hooks.example.com/avs',
        events: ['asset.created', 'certificate.issued'],
        account_id: '659411b9-5fbf-41cd-bf23-9037e6d77ce5',
        status: 'disabled',
        planet_scope: [],
        created_at: '2026-11-23T16:48:02.305Z',
        disabled_at: '2026-11-23T16:48:02.732Z',
        message:
          'Webhook registered. Delivery is not active yet: it will be enabled in a future release; events are recorded meanwhile.',
      },
    },
  },
  uploadMedia: { responses: { '201': MEDIA_RECORD } },
  listAssetMedia: { responses: { '200': { data: [MEDIA_RECORD] } } },
  getAssetMedia: { responses: { '200': MEDIA_RECORD } },
  deleteAssetMedia: { responses: { '200': MEDIA_RECORD } },
};
