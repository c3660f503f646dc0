import { defineText } from '../../../i18n/text-catalogue.js';
import { addressText } from './address.text.js';
import { handoverText } from './handover.text.js';
import { invitationText } from './invitation.text.js';
import { layoutText } from './layout.text.js';
import { noticesText } from './notices.text.js';
import { passwordResetText } from './password-reset.text.js';

/**
 * The words of the mail the service sends, in English (`<area>.text.ts`) and each other language
 * (`<lang>/<area>.json`), read in the language of the recipient (queueMail draws each message inside it).
 */
export const mailText = defineText(
  import.meta.url,
  layoutText,
  noticesText,
  invitationText,
  addressText,
  passwordResetText,
  handoverText,
);
