import { formatDateTime } from '../../i18n/formats.js';
import type { MailContent } from './mail-layout.js';
import { mailText } from './text/index.js';

// Each returns the `draw` of a MailRequest: the words are read when queueMail draws it, in the recipient's language.

/** The link mailed on "Forgot your password?" (one hour). `passkeyOnly`: no sign-in of the address has a password. */
export function passwordResetMail(input: {
  service: string;
  email: string;
  url: string;
  passkeyOnly: boolean;
}): () => MailContent {
  return () => {
    const words = mailText.passwordReset;
    return {
      subject: words.subject(input.service),
      heading: words.heading,
      paragraphs: [words.body(input.email, input.service), ...(input.passkeyOnly ? [words.passkey] : [])],
      action: { label: words.action, url: input.url },
      after: [words.expires, words.notYou],
    };
  };
}

/** The operator's recovery link (`avs members recover --mail`), for one member of one account (24 hours). */
export function accountRecoveryMail(input: {
  service: string;
  email: string;
  account: string;
  url: string;
}): () => MailContent {
  return () => {
    const words = mailText.accountRecovery;
    return {
      subject: words.subject(input.service),
      heading: words.heading,
      paragraphs: [words.body(input.service, input.account, input.email)],
      action: { label: words.action, url: input.url },
      after: [words.expires, words.notYou],
    };
  };
}

/** The notice that a link changed the password: a security message (no List-Unsubscribe); `url` asks for another link. */
export function passwordChangedMail(input: {
  service: string;
  email: string;
  at: Date;
  url: string;
}): () => MailContent {
  return () => {
    const words = mailText.passwordChanged;
    return {
      subject: words.subject(input.service),
      heading: words.heading,
      paragraphs: [words.body(input.email, input.service, formatDateTime(input.at)), words.sessions],
      action: { label: words.action, url: input.url },
      after: [words.notYou],
    };
  };
}
