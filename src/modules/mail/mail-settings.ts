import { configDefinitions, type Config } from '../../config.js';
import { currentLanguage } from '../../i18n/request-language.js';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../i18n/locales.js';
import { publicBaseUrl } from '../signing/issuer-identity.js';
import { DEFAULT_SENDING_LIMITS, sendingLimits, type SendingLimits } from './sending-limits.js';

/** What a sender needs of the configuration: where links point, the service's name, the sending limits. */
export interface MailSettings {
  /** `AVS_PUBLIC_URL` (or the local default): every link in a message is absolute under it. */
  baseUrl: string;
  /** `AVS_SERVICE_NAME`, as people read it. */
  service: string;
  limits: SendingLimits;
}

export function mailSettings(
  config: Pick<
    Config,
    | 'AVS_PUBLIC_URL'
    | 'HOST'
    | 'PORT'
    | 'AVS_SERVICE_NAME'
    | 'AVS_MAIL_LIMIT_PER_ACCOUNT'
    | 'AVS_MAIL_LIMIT_PER_RECIPIENT'
  >,
): MailSettings {
  return {
    baseUrl: publicBaseUrl(config),
    service: config.AVS_SERVICE_NAME,
    limits: sendingLimits(config),
  };
}

/** The settings' defaults, for a caller that passes only a base URL (tests, older callers). */
export const DEFAULT_MAIL_SETTINGS: Omit<MailSettings, 'baseUrl'> = {
  service: configDefinitions.AVS_SERVICE_NAME.default,
  limits: DEFAULT_SENDING_LIMITS,
};

/**
 * The language to write to a person in: their own choice (`people.language`) when they made one, else the language
 * of the request that causes the message (a page's reader), else English.
 */
export function recipientLanguage(chosen: Language | null | undefined): Language {
  if (chosen) return chosen;
  const asked = currentLanguage();
  return (LANGUAGES as readonly string[]).includes(asked) ? (asked as Language) : DEFAULT_LANGUAGE;
}
