import { text as consoleText } from '../../console/text/index.js';
import { text as pageText } from '../../web-pages/text/index.js';

// What the service stores (a certificate status, a field's key), by the name the page gives it in its language.

/** A category's field by the label the console's forms give it; else as it was sent (a field of no category). */
export function fieldName(name: string): string {
  return consoleText.assets.fieldLabels[name] ?? name;
}

/** A certificate status by its word: "pending", "en attente". */
export function statusName(status: string): string {
  return pageText.values.certificateStatuses[status] ?? status;
}
