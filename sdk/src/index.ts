export {
  createAvsClient,
  type Asset,
  type AssetListItem,
  type AssetListQuery,
  type AuditEntry,
  type AvsClient,
  type AvsClientOptions,
  type CreateAssetBody,
  type CreatedAsset,
  type EventListQuery,
  type FeedEvent,
  type Planet,
  type UpdateAssetBody,
} from './client.js';
export { AvsApiError, AvsConnectionError } from './errors.js';
export { retryingFetch, retryAfterMs, type RetryEvent, type RetryOptions } from './retry.js';
export { verifyWebhook, WebhookVerificationError, type WebhookEvent } from './webhooks.js';
export {
  verifyCredential,
  type CredentialVerification,
  type StatusCheck,
  type VerificationOutcome,
  type VerifierSources,
} from './credentials.js';
export type { components, operations, paths } from './schema.js';
export { verifyWitnessedCheckpoint, type Cosigner, type QuorumCheck } from './log.js';
