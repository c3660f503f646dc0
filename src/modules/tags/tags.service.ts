import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { pick } from '../../lib/records.js';
import { isStorableText } from '../../lib/text.js';
import { isUuid } from '../../lib/uuid.js';
import type { PlanetId } from '../../planets/planets.js';
import { assertNotArchived } from '../assets/asset-states.js';
import { getAsset, lockAssetOfOwnerOrAdmin } from '../assets/assets.service.js';
import { appendEvent } from '../chain/history-events.service.js';
import {
  ownerOrAdminActorId,
  ownerOrAdminSource,
  type OwnerOrAdmin,
  type Principal,
} from '../principal/principal.js';
import { ndefTemplate } from './ndef-template.js';
import { currentTagKeys, tagFileReadKey, tagKeysByVersion, type TagKeys } from './tag-keys.service.js';
import {
  findActiveTagOfAsset,
  findTagByUid,
  findTagOfAsset,
  insertTag,
  listTagsOfAsset,
  markTagUnbound,
  rebindTag,
  type TagRow,
} from './tags.repository.js';
import type {
  BindTagBodyType,
  BoundTagType,
  ProvisioningType,
  TagType,
  UnbindTagBodyType,
} from './tags.schemas.js';

/** What the service needs to hand out a tag's keys: AVS_MASTER_KEY (the tag keys are sealed under it) and AVS_PUBLIC_URL. */
export interface TagSettings {
  masterKey: string | undefined;
  publicBaseUrl: string;
}

const MASKED_KEY = '*'.repeat(32);

function toTag(row: TagRow): TagType {
  return {
    ...pick(row, 'id', 'uid', 'planet', 'asset_id', 'status', 'tamper', 'key_version', 'last_counter'),
    bound_at: row.bound_at.toISOString(),
    last_tapped_at: row.last_tapped_at?.toISOString() ?? null,
    unbound_at: row.unbound_at?.toISOString() ?? null,
    unbind_reason: row.unbind_reason,
  };
}

/** The UID as history names it: SHA-256 of its 7 bytes (hex), never the UID itself nor any key. */
function uidHash(uid: string): string {
  return createHash('sha256').update(Buffer.from(uid, 'hex')).digest('hex');
}

/** docs/tags.md, "Who binds": the owning account's key or an owner member, or an administrator; not an editor. */
function assertMayBindTags(actor: OwnerOrAdmin): void {
  const { principal } = 'principal' in actor ? actor : {};
  if (principal && 'role' in principal && principal.role !== 'owner') {
    throw new AppError('forbidden_role', 'needs', { role: 'owner' });
  }
}

/** The keys of a tag bound before (an unbound tag bound again): its version's, which the chip holds. */
async function keysOfVersion(db: Queryable, settings: TagSettings, version: number): Promise<TagKeys> {
  const keys = (await tagKeysByVersion(db, settings.masterKey)).find((entry) => entry.version === version);
  if (!keys) throw new Error(`tag key version ${version} is missing`);
  return keys;
}

/** What a tag writer needs for this tag (docs/tags.md): shown once, so a replay masks the keys. */
function provisioningOf(settings: TagSettings, keys: TagKeys, tag: TagRow): ProvisioningType {
  const template = ndefTemplate(settings.publicBaseUrl, tag.tamper);
  return {
    sdm_meta_read_key: hex(keys.metaReadKey),
    sdm_file_read_key: hex(tagFileReadKey(keys, Buffer.from(tag.uid, 'hex'))),
    url_template: template.urlTemplate,
    offsets: template.offsets,
  };
}

const hex = (bytes: Buffer) => bytes.toString('hex').toUpperCase();

/** What an idempotency record keeps of a binding: the keys are shown once, so a replay shows them masked. */
export function withTagKeysMasked(bound: BoundTagType): BoundTagType {
  return {
    ...bound,
    provisioning: { ...bound.provisioning, sdm_meta_read_key: MASKED_KEY, sdm_file_read_key: MASKED_KEY },
  };
}

/**
 * Binds an NFC tag to the asset (docs/tags.md): one active tag per asset, a UID on one asset only, so an unbound
 * tag binds again to its own asset only (with its key version and last counter). The tag, its TAG_BOUND event
 * (the UID's hash, never the keys) and nothing else, in the caller's transaction; the answer carries the keys.
 */
export async function bindTag(
  tx: Queryable,
  actor: OwnerOrAdmin,
  settings: TagSettings,
  target: { planet: PlanetId; assetId: string },
  body: BindTagBodyType,
): Promise<BoundTagType> {
  assertMayBindTags(actor);
  const asset = await lockAssetOfOwnerOrAdmin(tx, actor, target.planet, target.assetId);
  assertNotArchived(asset.status, 'bind a tag to');
  const uid = body.uid.toUpperCase();
  const tamper = body.tamper ?? false;
  const active = await findActiveTagOfAsset(tx, asset.id);
  if (active) throw new AppError('tag_already_bound', 'asset_has_tag', { id: active.id });
  const known = await findTagByUid(tx, uid);
  if (known && known.asset_id !== asset.id) throw new AppError('tag_already_bound', 'uid_elsewhere');
  const keys = known
    ? await keysOfVersion(tx, settings, known.key_version)
    : await currentTagKeys(tx, settings.masterKey);
  const row = known
    ? await rebindTag(tx, known.id, tamper)
    : await insertTag(tx, {
        id: randomUUID(),
        uid,
        assetId: asset.id,
        planet: asset.planet,
        certificateNumber: asset.certificate_number,
        keyVersion: keys.version,
        tamper,
      });
  await appendEvent(tx, {
    assetId: asset.id,
    planet: asset.planet,
    eventType: 'TAG_BOUND',
    payload: {
      ...ownerOrAdminSource(actor),
      tag_id: row.id,
      uid_sha256: uidHash(uid),
      tamper,
      key_version: row.key_version,
    },
    actorAccountId: ownerOrAdminActorId(actor),
  });
  return { tag: toTag(row), provisioning: provisioningOf(settings, keys, row) };
}

/** Unbinds the asset's tag: TAG_UNBOUND in the history, the reason and the last counter kept with the tag. */
export async function unbindTag(
  tx: Queryable,
  actor: OwnerOrAdmin,
  target: { planet: PlanetId; assetId: string; tagId: string },
  body: UnbindTagBodyType,
): Promise<{ tag: TagType }> {
  assertMayBindTags(actor);
  const reason = body.reason.trim();
  if (reason.length === 0 || !isStorableText(reason)) {
    throw new AppError('validation_failed', reason.length === 0 ? 'required' : 'unstorable', {
      field: 'reason',
    });
  }
  const asset = await lockAssetOfOwnerOrAdmin(tx, actor, target.planet, target.assetId);
  const current = isUuid(target.tagId) ? await findTagOfAsset(tx, asset.id, target.tagId) : undefined;
  if (!current) throw new AppError('tag_not_found');
  if (current.status === 'unbound') throw new AppError('invalid_state', 'tag_unbound');
  const row = await markTagUnbound(tx, current.id, reason);
  await appendEvent(tx, {
    assetId: asset.id,
    planet: asset.planet,
    eventType: 'TAG_UNBOUND',
    // The reason stays with the tag: the history is shown to every key holder and in the public log.
    payload: { ...ownerOrAdminSource(actor), tag_id: row.id, uid_sha256: uidHash(row.uid) },
    actorAccountId: ownerOrAdminActorId(actor),
  });
  return { tag: toTag(row) };
}

/** The tags of an asset its caller has read already (owner or operator): the active one first. */
export async function tagsOfAsset(db: Queryable, assetId: string): Promise<TagType[]> {
  return (await listTagsOfAsset(db, assetId)).map(toTag);
}

/** The tags of an asset, for its owner: another account's asset is 404, as one that does not exist. */
export async function listOwnedAssetTags(
  db: Queryable,
  principal: Principal,
  planet: PlanetId,
  assetId: string,
): Promise<{ data: TagType[] }> {
  const asset = await getAsset(db, planet, assetId);
  if (asset.account_id !== principal.accountId) throw new AppError('asset_not_found');
  return { data: await tagsOfAsset(db, asset.id) };
}
