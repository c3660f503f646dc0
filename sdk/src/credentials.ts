// The service's offline verifier itself (src/modules/credentials/credential-verifier.ts), compiled into the SDK:
// one source, used by `avs verify-credential` and by verifyCredential() here (docs/sdk.md).
import {
  verifyCredential as verifyWithSources,
  type CredentialVerification,
  type StatusCheck,
  type VerificationOutcome,
  type VerifierSources,
} from '../../src/modules/credentials/credential-verifier.js';

export type { CredentialVerification, StatusCheck, VerificationOutcome, VerifierSources };

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

/**
 * Checks a certificate credential (or status list, or receipt) offline: its eddsa-jcs-2022 proof against the
 * issuer's DID document and its status list bits. By default it fetches the DID document and the status lists it
 * is not given; pass `fetchJson: undefined` explicitly to stay offline (what it cannot check is UNCHECKED).
 */
export function verifyCredential(
  credential: unknown,
  sources: VerifierSources = {},
  now?: Date,
): Promise<CredentialVerification> {
  return verifyWithSources(credential, 'fetchJson' in sources ? sources : { ...sources, fetchJson }, now);
}
