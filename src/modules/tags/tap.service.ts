import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.js';
import { DatabaseUnavailableError, type Database, type Queryable } from '../../db/database.js';
import { ReplicatedDatabase } from '../../db/replicas.js';
import { GroupCommit } from '../../lib/group-commit.js';
import { decodePosition, ownedAssetPage } from '../../lib/page-cursor.js';
import type { PlanetId } from '../../planets/planets.js';
import { getAsset } from '../assets/assets.service.js';
import { verificationResponseText } from '../credentials/receipts.service.js';
import type { Principal } from '../principal/principal.js';
import { readCertificatePage, type CertificatePage } from '../public-pages/public-pages.service.js';
import type { PublicReadCache } from '../public-reads/public-read-cache.js';
import type { DocumentSigner } from '../signing/document-signer.js';
import { recordWebhookEvent } from '../webhooks/outbox.service.js';
import {
  decryptPiccData,
  decryptSdmFileData,
  isTampered,
  macMatches,
  readTamperStatus,
  sdmMac,
  sdmMacInputAfterFileData,
} from './sun-crypto.js';
import {
  newestTagKeyVersionNumber,
  tagFileReadKey,
  tagKeysByVersion,
  type TagKeys,
} from './tag-keys.service.js';
import {
  insertTap,
  insertTapsAdvancingCounters,
  listTaps,
  type CountedTap,
  type TapRow,
} from './tag-taps.repository.js';
import { findTagsByUids, type TagRow } from './tags.repository.js';
import type { TapPageType, TapQueryType, TapResultType, TapType, TapVerdict } from './tags.schemas.js';

/**
 * The tag keys of every version, kept in memory (they change only by `avs tag-keys rotate`). A tap that names no
 * tag asks for the newest version number before it is called unknown: a version made since, by another process,
 * is then read and opened; a junk link costs one small query, not a read and unsealing of every key.
 */
export class TagKeyring {
  private versions: Promise<TagKeys[]> | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly masterKey: string | undefined,
  ) {}

  all(): Promise<TagKeys[]> {
    return this.versions ?? this.read();
  }

  /** The versions again if a newer one exists than those held (rotations only add versions). */
  async newer(): Promise<TagKeys[] | undefined> {
    const held = await this.all();
    if ((await newestTagKeyVersionNumber(this.db)) === (held[0]?.version ?? 0)) return undefined;
    return this.read();
  }

  private read(): Promise<TagKeys[]> {
    const read = tagKeysByVersion(this.db, this.masterKey);
    this.versions = read;
    // A failed read is not kept: the next tap tries again.
    read.catch(() => {
      if (this.versions === read) this.versions = undefined;
    });
    return read;
  }
}

/**
 * The tags of the UIDs taps name. Taps that arrive while a look-up runs are read together, in one statement (as
 * ReadsTogether reads by id): under load a tap costs the database and this process a share of a round trip, not one
 * of its own. Nothing is kept between reads, so a tag unbound or rebound is seen by the next tap at once. With
 * replicas each look-up is read alone: where a read goes follows its own request (db/replicas.ts).
 */
export class TagLookups {
  private readonly group: GroupCommit<readonly string[], TagRow[]> | undefined;

  constructor(private readonly db: Database) {
    const pglite = db.kind === 'pglite';
    this.group =
      db instanceof ReplicatedDatabase
        ? undefined
        : new GroupCommit((asked) => this.readTogether(asked), {
            // PGlite runs one statement at a time, answering in this thread: a turn lets received taps join.
            maxWriters: pglite ? 1 : 4,
            gatherTurn: pglite,
          });
  }

  /** The tags of any of these UIDs. */
  find(uids: readonly string[]): Promise<TagRow[]> {
    return this.group ? this.group.add(uids) : findTagsByUids(this.db, uids);
  }

  private async readTogether(asked: (readonly string[])[]): Promise<TagRow[][]> {
    if (asked.length === 1) return [await findTagsByUids(this.db, asked[0]!)];
    const rows = await findTagsByUids(this.db, [...new Set(asked.flat())]);
    return asked.map((uids) => rows.filter((row) => uids.includes(row.uid)));
  }
}

/** A tag the PICC data names, with the keys of its version and what the chip mirrored. */
interface NamedTag {
  tag: TagRow;
  keys: TagKeys;
  uid: Buffer;
  counter: number;
}

/** The tag whose version's meta read key decrypts the PICC data to its UID (a wrong key reads another UID, if any). */
async function namedTag(
  lookups: TagLookups,
  versions: TagKeys[],
  piccData: Buffer,
): Promise<NamedTag | undefined> {
  const read = versions.flatMap((keys) => {
    const mirrored = decryptPiccData(keys.metaReadKey, piccData);
    return mirrored ? [{ keys, uid: mirrored.uid, counter: mirrored.readCounter }] : [];
  });
  if (read.length === 0) return undefined;
  const tags = await lookups.find(read.map((entry) => entry.uid.toString('hex').toUpperCase()));
  for (const entry of read) {
    const uid = entry.uid.toString('hex').toUpperCase();
    const tag = tags.find((row) => row.uid === uid && row.key_version === entry.keys.version);
    if (tag) return { ...entry, tag };
  }
  return undefined;
}

/** The link's verdict as far as the keys decide it: the counter is the database's to judge (docs/tags.md). */
type KeyVerdict =
  | { verdict: 'unknown_tag' }
  | { verdict: 'forged'; named: NamedTag }
  | { verdict: 'unbound' | 'accepted'; named: NamedTag; tampered: boolean };

async function judgeByKeys(
  lookups: TagLookups,
  keyring: TagKeyring,
  link: TapQueryType,
): Promise<KeyVerdict> {
  const piccData = Buffer.from(link.picc_data, 'hex');
  const named =
    (await namedTag(lookups, await keyring.all(), piccData)) ??
    (await namedTag(lookups, (await keyring.newer()) ?? [], piccData));
  if (!named) return { verdict: 'unknown_tag' };
  const fileReadKey = tagFileReadKey(named.keys, named.uid);
  const encrypted = link.enc === undefined ? undefined : Buffer.from(link.enc, 'hex');
  // A TT tag bound with its tamper status mirrors it at every tap (AN12196): a link without it is not the tag's.
  if (named.tag.tamper && !encrypted) return { verdict: 'forged', named };
  // The MAC input is empty, or runs from the encrypted file data to the MAC (ndef-template.ts).
  const macInput = encrypted ? sdmMacInputAfterFileData(encrypted) : Buffer.alloc(0);
  const mac = sdmMac(fileReadKey, named.uid, named.counter, macInput);
  if (!macMatches(mac, Buffer.from(link.cmac, 'hex'))) return { verdict: 'forged', named };
  const tampered =
    encrypted !== undefined &&
    named.tag.tamper &&
    isTampered(readTamperStatus(decryptSdmFileData(fileReadKey, named.uid, named.counter, encrypted)));
  return { verdict: named.tag.status === 'active' ? 'accepted' : 'unbound', named, tampered };
}

function certificateOf(page: CertificatePage | undefined): TapResultType['certificate'] {
  if (page?.kind !== 'certificate') return null;
  const { certificate } = page;
  return certificate.issued
    ? { number: certificate.certificate_number, status: certificate.status, alert: certificate.alert }
    : { number: certificate.certificate_number, status: 'not_issued', alert: null };
}

/**
 * Writes the taps whose MAC is valid by group commit (docs/tags.md, "The counter"): those that arrive while a
 * write runs, or in one turn of the event loop, go to the database together as one statement, which judges each
 * one's counter, moves the tags' counters and records the taps: one commit for many, and each tap still told
 * whether its counter moved. A group that fails is written again one tap at a time, so a tap that breaks a
 * constraint fails alone; with the database unavailable every tap of the group fails, and none is half written.
 */
export class TapRecorder {
  private readonly group: GroupCommit<CountedTap, boolean>;

  constructor(db: Database) {
    this.group = new GroupCommit((taps) => insertTapsAdvancingCounters(db, taps), {
      // PGlite runs one statement at a time: a second writer would only queue behind the first.
      maxWriters: db.kind === 'pglite' ? 1 : 2,
      // Taps received in one turn join one group, on PostgreSQL too: a lone tap waits a turn, not a timer.
      gatherTurn: true,
      retryAlone: (error) => !(error instanceof DatabaseUnavailableError),
    });
  }

  /** True when the tap's counter moved (it is the tag's newest), once the tap and the counter are committed. */
  advance(tap: CountedTap): Promise<boolean> {
    return this.group.add(tap);
  }

  drain(): Promise<void> {
    return this.group.drain();
  }
}

/**
 * Records the tap and decides what the counter says (docs/tags.md, "The counter"). A tap with a valid MAC whose
 * counter is greater than the last advances it and is recorded by the group commit of TapRecorder; any other tap
 * is recorded in a transaction with, for a forged or copied one, the asset.tag_alert outbox row to the asset's owner.
 */
async function recordTap(
  { db, recorder }: Pick<TapServices, 'db' | 'recorder'>,
  judged: KeyVerdict,
  tap: { id: string; at: string; clientAddress: string; certificate: TapResultType['certificate'] },
): Promise<TapResultType> {
  const named = judged.verdict === 'unknown_tag' ? undefined : judged.named;
  const record = (verdict: TapVerdict) => {
    const result: TapResultType = {
      id: tap.id,
      verdict,
      counter: named?.counter ?? null,
      certificate: tap.certificate,
      tapped_at: tap.at,
    };
    const row = {
      id: tap.id,
      tagId: named?.tag.id ?? null,
      assetId: named?.tag.asset_id ?? null,
      planet: named?.tag.planet ?? null,
      verdict,
      counter: result.counter,
      result,
      clientAddress: tap.clientAddress,
      createdAt: tap.at,
    };
    return { result, row };
  };
  if (judged.verdict === 'accepted' || judged.verdict === 'unbound') {
    const accepted = record(
      judged.verdict === 'unbound' ? 'unbound' : judged.tampered ? 'tampered' : 'genuine',
    );
    const { tag, counter } = judged.named;
    const advanced = await recorder.advance({
      ...accepted.row,
      tagId: tag.id,
      counter,
      recordAnyway: judged.verdict === 'unbound',
    });
    if (advanced || judged.verdict === 'unbound') return accepted.result;
  }
  const { result, row } = record(judged.verdict === 'accepted' ? 'copied' : judged.verdict);
  if (!named || (result.verdict !== 'forged' && result.verdict !== 'copied')) {
    await db.singleStatement((tx) => insertTap(tx, row));
    return result;
  }
  await db.transaction(async (tx) => {
    await insertTap(tx, row);
    const asset = await getAsset(tx, named.tag.planet as PlanetId, named.tag.asset_id);
    await recordWebhookEvent(tx, {
      accountId: asset.account_id,
      eventType: 'asset.tag_alert',
      payload: { asset, tap: { ...result, tag_id: named.tag.id } },
    });
  });
  return result;
}

export interface TapServices {
  db: Database;
  reads: PublicReadCache;
  config: Config;
  keyring: TagKeyring;
  lookups: TagLookups;
  recorder: TapRecorder;
  signer: DocumentSigner;
}

export interface TapAnswer {
  result: TapResultType;
  /** The JSON answer, when asked for: the result, then its signed receipt (as /verify's). */
  text: string | undefined;
  /** The certificate's public page, for the HTML answer; undefined for an unknown tag. */
  page: CertificatePage | undefined;
}

/**
 * GET /t (docs/tags.md): what the link says of the tag — unknown_tag, forged, unbound, copied, tampered or genuine,
 * decided in that order — beside the certificate of its asset, recorded and signed. The certificate's page is
 * read as /c reads it, a look-up of a reported asset on the search audit.
 */
export async function tapTag(
  services: TapServices,
  link: TapQueryType,
  request: { clientAddress: string; withReceipt: boolean },
): Promise<TapAnswer> {
  const { clientAddress } = request;
  const { db } = services;
  const judged = await judgeByKeys(services.lookups, services.keyring, link);
  const page =
    judged.verdict === 'unknown_tag'
      ? undefined
      : (
          await readCertificatePage(
            services.reads,
            db,
            services.config,
            judged.named.tag.certificate_number,
            clientAddress,
            'tap',
          )
        ).value;
  const tap = {
    id: randomUUID(),
    at: new Date().toISOString(),
    clientAddress,
    certificate: certificateOf(page),
  };
  const result = await recordTap(services, judged, tap);
  // The page shows no receipt: only the JSON answer is signed.
  const text = request.withReceipt ? await verificationResponseText(db, services.signer, result) : undefined;
  return { result, text, page };
}

const listTapsOf = (db: Queryable) => (assetId: string, page: Parameters<typeof listTaps>[2]) =>
  listTaps(db, assetId, page);

function toTap(row: TapRow): TapType {
  return { ...(row.result as TapResultType), tag_id: row.tag_id };
}

/** The owner's view of its asset's taps, newest first, beside its verifications. Others get 404, as for a change. */
export async function listAssetTaps(
  db: Queryable,
  principal: Principal,
  planet: PlanetId,
  assetId: string,
  page: { limit?: number; cursor?: string },
): Promise<TapPageType> {
  const asset = await getAsset(db, planet, assetId);
  const before = decodePosition(page.cursor);
  return ownedAssetPage(principal, asset, { before, limit: page.limit }, listTapsOf(db), toTap);
}

/** The newest `limit` taps of an asset its caller has read already (the console's asset page). */
export async function tapsOfAsset(
  db: Queryable,
  principal: Principal,
  asset: { id: string; account_id: string },
  limit: number,
): Promise<TapPageType> {
  return ownedAssetPage(principal, asset, { before: undefined, limit }, listTapsOf(db), toTap);
}
