import { createHash, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { newKeyPair } from '../../src/lib/key-pairs.js';

// Authenticator data flags (WebAuthn §6.1): user present, user verified, attested credential data included.
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;
/** COSE: key type EC2, algorithm ES256, curve P-256 (RFC 9053). */
const COSE = { kty: 1, alg: 3, crv: -1, x: -2, y: -3, EC2: 2, ES256: -7, P256: 1 } as const;

interface HeldCredential {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  signCount: number;
}

/** What the authenticator is asked to get wrong, or where the browser says it is. */
export interface CeremonyOverrides {
  origin?: string;
  rpId?: string;
  /** The signature count to report (default: one more than the last). */
  signCount?: number;
  /** A credential this authenticator holds (default: its only one for the relying party). */
  credentialId?: string;
}

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

/**
 * A platform authenticator in memory, answering what a browser's navigator.credentials.create() and .get()
 * would send back: 'none' attestation, ES256 (P-256) keys, discoverable credentials.
 */
export class SoftwareAuthenticator {
  private readonly credentials: HeldCredential[] = [];
  private readonly aaguid = Buffer.alloc(16);

  constructor(private readonly origin: string) {}

  /** navigator.credentials.create(): a new credential, unless the authenticator holds one of excludeCredentials. */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    overrides: CeremonyOverrides = {},
  ): RegistrationResponseJSON {
    const rpId = overrides.rpId ?? options.rp.id!;
    const excluded = new Set(options.excludeCredentials?.map((credential) => credential.id));
    if (this.credentials.some((held) => held.rpId === rpId && excluded.has(b64url(held.id)))) {
      throw new Error('InvalidStateError: the authenticator already holds one of excludeCredentials');
    }
    const { privateKey, publicKey } = newKeyPair('p-256');
    const credential: HeldCredential = {
      id: randomBytes(32),
      rpId,
      userHandle: options.user.id,
      privateKey,
      signCount: overrides.signCount ?? 0,
    };
    this.credentials.push(credential);
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [COSE.kty, COSE.EC2],
        [COSE.alg, COSE.ES256],
        [COSE.crv, COSE.P256],
        [COSE.x, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [COSE.y, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | UV | AT]),
      uint32(credential.signCount),
      this.aaguid,
      idLength,
      credential.id,
      coseKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, overrides.origin);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        authenticatorData: b64url(authData),
        transports: ['internal', 'hybrid'],
        publicKeyAlgorithm: COSE.ES256,
        publicKey: b64url(publicKey.export({ format: 'der', type: 'spki' })),
      },
    };
  }

  /** navigator.credentials.get(): signs authenticatorData || SHA-256(clientDataJSON) with the credential's key. */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    overrides: CeremonyOverrides = {},
  ): AuthenticationResponseJSON {
    const rpId = overrides.rpId ?? options.rpId!;
    const allowed = new Set(options.allowCredentials?.map((credential) => credential.id));
    const candidates = this.credentials.filter(
      (held) =>
        (overrides.rpId !== undefined || held.rpId === rpId) &&
        (allowed.size === 0 || allowed.has(b64url(held.id))) &&
        (overrides.credentialId === undefined || b64url(held.id) === overrides.credentialId),
    );
    if (candidates.length !== 1) {
      throw new Error(`NotAllowedError: ${candidates.length} credentials fit; name one with credentialId`);
    }
    const credential = candidates[0]!;
    credential.signCount = overrides.signCount ?? credential.signCount + 1;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([UP | UV]), uint32(credential.signCount)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides.origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }
}
