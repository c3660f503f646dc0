import type { Queryable } from '../../db/database.js';
import { jsonWithSignedMember } from '../../lib/signed-json.js';
import type { JsonObject } from '../signing/data-integrity.js';
import type { DocumentSigner } from '../signing/document-signer.js';
import type { KnownVersions } from '../public-reads/public-read-cache.js';
import { VC_CONTEXT_V2 } from './certificate-credentials.service.js';
import type { VerificationReceiptType } from './credentials.schemas.js';

/** A signed record of what the service answered and when: a VC whose subject is the answer. */
async function signVerificationReceipt(
  db: Queryable,
  signer: DocumentSigner,
  result: JsonObject,
  versions: KnownVersions | undefined,
  at = new Date(),
): Promise<VerificationReceiptType> {
  const { signed } = await signer.sign(
    db,
    {
      '@context': [VC_CONTEXT_V2],
      type: ['VerifiableCredential', 'VerificationReceipt'],
      issuer: signer.identity.did,
      validFrom: at.toISOString(),
      credentialSubject: result,
    },
    at,
    versions,
  );
  return signed as unknown as VerificationReceiptType;
}

/**
 * The /verify response as text: the result, then its receipt as the text that was signed (lib/signed-json.ts),
 * so no serialiser can change the signed bytes. `versions`: the signing keys' version the verification read.
 */
export async function verificationResponseText(
  db: Queryable,
  signer: DocumentSigner,
  result: JsonObject,
  versions?: KnownVersions,
): Promise<string> {
  const receipt = await signVerificationReceipt(db, signer, result, versions);
  return jsonWithSignedMember(result, 'receipt', JSON.stringify(receipt));
}
