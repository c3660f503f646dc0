import type { Config } from '../../config.js';
import { publicBaseUrl } from '../signing/issuer-identity.js';

/** The sender of every message: AVS_MAIL_FROM, else the service's name at no-reply@ the public host. */
export function mailSender(config: Config): string {
  if (config.AVS_MAIL_FROM) return config.AVS_MAIL_FROM;
  const name = config.AVS_SERVICE_NAME.replace(/["\\\r\n]/g, ' ');
  return `"${name}" <no-reply@${new URL(publicBaseUrl(config)).hostname}>`;
}
