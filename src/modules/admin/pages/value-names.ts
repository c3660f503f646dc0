import { text as pageText } from '../../web-pages/text/index.js';

// What the service stores (a certificate status, a field's key), by the name the page gives it in its language.

/** A category's field by its label; else as it was sent (a field of no category). */
export { fieldName } from '../../web-pages/category-name.js';

/** A certificate status by its word: "pending", "en attente". */
export function statusName(status: string): string {
  return pageText.values.certificateStatuses[status] ?? status;
}
