// Minimal typings for Digital Bazaar's Data Integrity packages (JavaScript only), used by the
// independent-verifier test.
declare module '@digitalbazaar/eddsa-jcs-2022-cryptosuite' {
  export function createVerifyCryptosuite(): unknown;
  export function createSignCryptosuite(): unknown;
}
declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { cryptosuite: unknown; signer?: unknown });
  }
}
declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, unknown>;
}
declare module 'jsonld-signatures' {
  interface VerifyResult {
    verified: boolean;
    error?: { errors?: Error[]; message?: string };
    results?: { verified: boolean; error?: Error }[];
  }
  const jsigs: {
    verify(
      document: unknown,
      options: {
        suite: unknown;
        purpose: unknown;
        documentLoader: (
          url: string,
        ) => Promise<{ document: unknown; documentUrl: string; contextUrl: null }>;
      },
    ): Promise<VerifyResult>;
    purposes: { AssertionProofPurpose: new () => unknown };
  };
  export default jsigs;
}
