/** The fixed limits of the contract (docs/errors.md): not settings, named once here and used from here. */
export const limits = Object.freeze({
  /** Largest request body, JSON or form (413 above it). */
  bodyBytes: 64 * 1024,
  /** An asset's `title`, after trimming. */
  titleLength: 500,
  /** A gallery's own stock number (`inventory_number`), after trimming. */
  inventoryNumberLength: 100,
  /** Every other string a client stores: asset fields, a certificate move's `reason`. */
  stringLength: 2000,
  /** An artwork's date as written ("ca. 1975", "1890–95"): a date, not a description. */
  dateTextLength: 100,
  passThroughFields: 50,
  nestingDepth: 5,
  /** Deepest JSON body any request may send (an asset's fields are held to `nestingDepth` within it). */
  bodyDepth: 32,
  /** A field name in an asset body. */
  fieldNameLength: 200,
  /** The name of an account or an API key. */
  nameLength: 200,
  webhookUrlLength: 2048,
  /** The part of a webhook's response body that is read and kept. */
  webhookResponseBytes: 64 * 1024,
  /** Deliveries of one webhook waiting to be sent; events past it are logged as not queued. */
  webhookQueuedDeliveries: 1000,
  idempotencyKeyLength: 255,
  /** How long a transfer offer waits for the receiving account's answer. */
  transferOfferDays: 14,
  /** Largest paging `limit`. */
  pageSize: 100,
  /** Longest `cursor` a client may send back. */
  cursorLength: 512,
  /** A read that re-hashes a history draws one rate-limit token per this many events, beyond the request's own. */
  hashedEventsPerToken: 1000,
  /**
   * What a keyless photo search (/c/search) draws from its client address's bucket: a decode costs as much as
   * dozens of page reads, so an address gets a tenth as many searches as page reads.
   */
  publicPhotoSearchTokens: 10,
  /**
   * The same search when it also recognises new photographs (AVS_FEATURE_WORKERS ≥ 1): describing the photograph and
   * verifying its candidates cost about three times the decode (docs/media.md, "Recognising a new photograph: cost").
   */
  publicRecognitionSearchTokens: 30,
  /** The longest edge of a stored image, in pixels: a camera's 100 megapixels are kept at most 4096 × 2731. */
  storedImageEdge: 4096,
});
