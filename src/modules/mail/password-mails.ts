import { formatDateTime } from '../../i18n/formats.js';
import type { MailContent } from './mail-layout.js';
import { mailText } from './text/index.js';

// Each returns the `draw` of a MailRequest: the words are read when queueMail draws it, in the recipient's language.

/** What every message of this file names: the service, the address it is about, and the one link it leads to. */
interface LinkMailInput {
  service: string;
  email: string;
  url: string;
}

type LinkMailKind = 'passwordReset' | 'accountRecovery' | 'passwordChanged';

/** A message leading to its one link, in the words of `kind`: `body` gives the paragraphs before and after the link. */
function linkMail<Kind extends LinkMailKind>(
  input: LinkMailInput,
  kind: Kind,
  body: (words: (typeof mailText)[Kind]) => { paragraphs: string[]; after: string[] },
): () => MailContent {
  return () => {
    const words = mailText[kind];
    const { paragraphs, after } = body(words);
    return {
      subject: words.subject(input.service),
      heading: words.heading,
      paragraphs,
      action: { label: words.action, url: input.url },
      after,
    };
  };
}

/** The link mailed on "Forgot your password?" (one hour). `passkeyOnly`: no sign-in of the address has a password. */
export function passwordResetMail(input: LinkMailInput & { passkeyOnly: boolean }): () => MailContent {
  return linkMail(input, 'passwordReset', (words) => ({
    paragraphs: [words.body(input.email, input.service), ...(input.passkeyOnly ? [words.passkey] : [])],
    after: [words.expires, words.notYou],
  }));
}

/** The operator's recovery link (`avs members recover --mail`), for one member of one account (24 hours). */
export function accountRecoveryMail(input: LinkMailInput & { account: string }): () => MailContent {
  return linkMail(input, 'accountRecovery', (words) => ({
    paragraphs: [words.body(input.service, input.account, input.email)],
    after: [words.expires, words.notYou],
  }));
}

/** The notice that a link changed the password: a security message (no List-Unsubscribe); `url` asks for another link. */
export function passwordChangedMail(input: LinkMailInput & { at: Date }): () => MailContent {
  return linkMail(input, 'passwordChanged', (words) => ({
    paragraphs: [words.body(input.email, input.service, formatDateTime(input.at)), words.sessions],
    after: [words.notYou],
  }));
}
