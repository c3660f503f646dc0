import type { Queryable } from '../../db/database.js';
import type { JsonObject } from '../signing/data-integrity.js';
import type { DocumentSigner } from '../signing/document-signer.js';
import { VC_CONTEXT_V2 } from './certificate-credentials.service.js';
import type { VerificationReceiptType } from './credentials.schemas.js';

/** A signed record of what the service answered and when: a VC whose subject is the answer. */
export async function signVerificationReceipt(
  db: Queryable,
  signer: DocumentSigner,
  result: JsonObject,
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
  );
  return signed as unknown as VerificationReceiptType;
}

/** The /verify response: the result and its receipt. */
export async function withVerificationReceipt<T extends JsonObject>(
  db: Queryable,
  signer: DocumentSigner,
  result: T,
): Promise<T & { receipt: VerificationReceiptType }> {
  return { ...result, receipt: await signVerificationReceipt(db, signer, result) };
}
