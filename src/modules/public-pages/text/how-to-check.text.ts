import { rich } from '../../../i18n/message.js';

/**
 * "How to check a certificate yourself". The verifier's answers (VALID, SUSPENDED, …), commands and the cryptosuite's
 * name are what the tools print or take: the page passes them as values, never translated.
 */
export const howToCheckText = {
  howToCheck: {
    title: 'How to check a certificate yourself',
    intro:
      'You do not have to trust this page. Every issued certificate is also a W3C Verifiable Credential signed by the issuer, which anyone can check with standard tools, without an account.',
    fetch: rich(
      '<strong>Fetch the credential.</strong> On the certificate’s page, follow “{link}” and save it, or fetch it by its number:',
      'strong',
      'link',
    ),
    verify: rich(
      '<strong>Verify its signature and status</strong> with any verifier of Data Integrity proofs using the {cryptosuite} cryptosuite, or with this service’s command-line tool:',
      'strong',
      'cryptosuite',
    ),
    issuerKeys: rich(
      'The issuer is {did}; its keys are published in its DID document at {document}.',
      'did',
      'document',
    ),
    answers: rich(
      '<strong>Read the answer.</strong> {valid}: signed by the issuer and neither suspended nor revoked. {suspended} or {revoked}: the issuer’s status list says so. {invalid}: the document was changed or not signed by the issuer. {unchecked}: the issuer’s keys or status lists could not be fetched, so nothing was proved either way.',
      'strong',
      'valid',
      'suspended',
      'revoked',
      'invalid',
      'unchecked',
    ),
  },
} as const;
