import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { VerifierSources } from '../../src/modules/credentials/credential-verifier.js';

const ADMIN_TOKEN = 'admin-token-for-tests-0123456789';
// Nothing listens on port 1: a verifier that fetches from here fails at once (the UNCHECKED case).
export const PUBLIC_URL = 'https://localhost:1';
export const ISSUER_DID = 'did:web:localhost%3A1';

export type Move = 'issue' | 'reject' | 'suspend' | 'reinstate' | 'revoke';

export async function moveCertificate(app: FastifyInstance, number: string, move: Move): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: `/admin/api/certificates/${number}/${move}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: { reason: 'test' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The verifier's sources with every public URL answered by the app in process (as a verifier online would). */
export function servedBy(app: FastifyInstance): VerifierSources {
  return {
    fetchJson: async (url) => {
      if (!url.startsWith(`${PUBLIC_URL}/`)) throw new Error(`unexpected URL ${url}`);
      const response = await app.inject({ method: 'GET', url: url.slice(PUBLIC_URL.length) });
      if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
      return response.json();
    },
  };
}

export async function publicCredential(
  app: FastifyInstance,
  number: string,
): Promise<Record<string, unknown>> {
  const response = await app.inject({ method: 'GET', url: `/c/${number}/credential` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The settings every credentials test file runs with. */
export const CREDENTIALS_TEST_CONFIG = {
  AVS_ADMIN_TOKEN: ADMIN_TOKEN,
  AVS_PUBLIC_URL: PUBLIC_URL,
  // Many public reads from one address: the per-address limit is under test in test/public/, not here.
  AVS_PUBLIC_RATE_LIMIT_PER_SECOND: 1_000_000,
  AVS_PUBLIC_RATE_LIMIT_BURST: 1_000_000,
};
