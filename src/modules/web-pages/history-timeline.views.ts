import { formatDate } from '../../i18n/formats.js';
import { html, type SafeHtml } from '../../lib/html.js';
import type { MediaRecordType } from '../media/media.schemas.js';
import { formatTime } from './page-document.views.js';

// An asset's history as sentences a registrar reads (docs/console.md, "History as sentences"): who did what, in
// people's words, each event's hash, log index and raw ids one click away under a closed "technical details".

/** One event of an asset's history as a page shows it. */
export interface AssetHistoryEntry {
  sequence: number;
  event_type: string;
  payload: Record<string, unknown>;
  actor_account_id: string | null;
  created_at: string;
  hash: string;
  /** Its entry in the transparency log; null until the log has appended it. */
  log_index?: number | null;
}

/** The names a history page may say instead of the ids its events carry (the console's history-names.service.ts). */
export interface HistoryNames {
  /** The account the page is read in; null on the operator's pages, which name everyone. */
  readerAccountId: string | null;
  /** Member id → display name (else e-mail). */
  members: ReadonlyMap<string, string>;
  /** API key id → its name, null for a key made without one. */
  keys: ReadonlyMap<string, string | null>;
  /** Account id → name. */
  accounts: ReadonlyMap<string, string>;
}

type Phrases<Key extends string> = Readonly<Record<Key, string>>;
type Sentence<Parts extends readonly string[]> = (...parts: Parts) => string;
type ActorSentences<Key extends string> = Readonly<Record<Key, Sentence<[actor: string]>>>;

type CertificateMoveWord = 'issued' | 'rejected' | 'suspended' | 'reinstated' | 'revoked';
type MediumType = 'Image' | 'Document' | 'File';
type MediumKind = `${'public' | 'private'}${MediumType}`;

/**
 * The words of the history: a sentence per kind of event, each a message with named parts (`{actor} changed {field}
 * from {from} to {to}`) that a translation may order as its language does, and the phrases that fill the parts.
 */
export interface HistoryWords {
  actors: Phrases<
    'operator' | 'unnamedApiKey' | 'member' | 'yourAccount' | 'otherAccount' | 'unknown' | 'collector'
  > & {
    apiKey: Sentence<[name: string]>;
  };
  accounts: Phrases<'yours' | 'other'>;
  events: ActorSentences<
    | 'created'
    | 'changedUnknown'
    | 'archived'
    | CertificateMoveWord
    | `${MediumKind}${'Added' | 'Removed'}`
    | `${Lowercase<MediumType>}MadePublic`
    | `${Lowercase<MediumType>}MadePrivate`
    | 'recovered'
    | 'withdrawn'
    | 'tagBound'
    | 'tamperTagBound'
    | 'tagUnbound'
    | 'verified'
    | 'verificationFailed'
    | 'handedToCollection'
    | 'handedOnOnProof'
    | 'other'
  > &
    Readonly<Record<`${CertificateMoveWord}Because`, Sentence<[actor: string, reason: string]>>> & {
      changed: Sentence<[actor: string, field: string, from: string, to: string]>;
      set: Sentence<[actor: string, field: string, to: string]>;
      cleared: Sentence<[actor: string, field: string, from: string]>;
      transferred: Sentence<[actor: string, from: string, to: string]>;
      consigned: Sentence<[actor: string, to: string]>;
      reportedStolen: Sentence<[actor: string, since: string]>;
      reportedLost: Sentence<[actor: string, since: string]>;
    };
  /** A field by its name, as a sentence says it ("the dimensions", "the field ‘provenance’"). */
  field: Sentence<[name: string]>;
  values: {
    number: Sentence<[field: string, value: string]>;
    choice: Sentence<[value: string]>;
    yes: string;
    no: string;
    empty: string;
    structured: string;
  };
  technicalDetails: string;
  details: Phrases<'event' | 'sequence' | 'hash' | 'logIndex' | 'notLogged' | 'actorAccount'>;
  olderEvents: (count: number) => string;
}

const CERTIFICATE_MOVES: Record<string, CertificateMoveWord> = {
  CERTIFICATE_ISSUED: 'issued',
  CERTIFICATE_REJECTED: 'rejected',
  CERTIFICATE_SUSPENDED: 'suspended',
  CERTIFICATE_REINSTATED: 'reinstated',
  CERTIFICATE_REVOKED: 'revoked',
};

interface Reading {
  words: HistoryWords;
  names: HistoryNames;
  /** Media types by media id: from the events that added public media, and the asset's media the reader sees. */
  mediaTypes: ReadonlyMap<string, string>;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Who made the event: a member by name, a key by its name, the operator. Someone of an account other than the
 * reader's is not named (the operator reads every name).
 */
function actorOf(entry: AssetHistoryEntry, { words, names }: Reading): string {
  const { payload } = entry;
  const { actors } = words;
  if (payload.source === 'admin' || payload.source === 'cli') return actors.operator;
  // A collector is never named in the history (docs/collectors.md).
  if (payload.source === 'collection') return actors.collector;
  const account = entry.actor_account_id;
  const readersOwn = names.readerAccountId === null || account === names.readerAccountId;
  const memberId = text(payload.member_id);
  const keyId = text(payload.api_key_id);
  if (memberId !== undefined || keyId !== undefined) {
    const name = memberId === undefined ? undefined : names.members.get(memberId);
    if (name !== undefined) return name;
    const keyName = keyId === undefined ? undefined : names.keys.get(keyId);
    if (keyName) return actors.apiKey(keyName);
    if (!readersOwn) return actors.otherAccount;
    return keyId === undefined ? actors.member : actors.unnamedApiKey;
  }
  // An event naming only its account (a verification recorded before #11).
  if (account === null) return actors.unknown;
  if (names.readerAccountId === null) return names.accounts.get(account) ?? actors.unknown;
  return account === names.readerAccountId ? actors.yourAccount : actors.otherAccount;
}

function accountOf(id: unknown, { words, names }: Reading): string {
  if (typeof id !== 'string') return words.accounts.other;
  if (id === names.readerAccountId) return words.accounts.yours;
  return names.accounts.get(id) ?? words.accounts.other;
}

/** A field's value in words: with its unit, a choice by its word, a list or object said to be one (its JSON is below). */
function valueOf(field: string, value: unknown, words: HistoryWords): string {
  const { values } = words;
  if (typeof value === 'boolean') return value ? values.yes : values.no;
  if (typeof value === 'number') return values.number(field, String(value));
  if (typeof value === 'string') return value.trim() === '' ? values.empty : values.choice(value);
  return values.structured;
}

function changeSentences(entry: AssetHistoryEntry, actor: string, words: HistoryWords): string[] {
  const { events } = words;
  const changes = entry.payload.changes;
  if (typeof changes !== 'object' || changes === null || Object.keys(changes).length === 0)
    return [events.changedUnknown(actor)];
  return Object.entries(changes as Record<string, { old?: unknown; new?: unknown }>).map(([name, change]) => {
    const field = words.field(name);
    const from = valueOf(name, change.old, words);
    const to = valueOf(name, change.new, words);
    if (change.old === null || change.old === undefined) return events.set(actor, field, to);
    if (change.new === null || change.new === undefined) return events.cleared(actor, field, from);
    return events.changed(actor, field, from, to);
  });
}

/**
 * What a medium's event may say of it: public or private (a public one's events carry its digest), and its kind when
 * known (a private one's events keep it secret; its owner's page lists it while it is there).
 */
function mediumKind(entry: AssetHistoryEntry, reading: Reading): MediumKind {
  const { payload } = entry;
  const isPublic =
    payload.public === true || (payload.public !== false && typeof payload.sha256 === 'string');
  return `${isPublic ? 'public' : 'private'}${mediumType(entry, reading)}`;
}

function mediumType(entry: AssetHistoryEntry, reading: Reading): MediumType {
  const type = reading.mediaTypes.get(text(entry.payload.media_id) ?? '');
  return type === undefined ? 'File' : type.startsWith('image/') ? 'Image' : 'Document';
}

/** The sentences of one event (an update says one per changed field). */
function sentencesOf(entry: AssetHistoryEntry, reading: Reading): string[] {
  const { events } = reading.words;
  const actor = actorOf(entry, reading);
  const { payload } = entry;
  const move = CERTIFICATE_MOVES[entry.event_type];
  if (move !== undefined) {
    const reason = text(payload.reason);
    return [reason ? events[`${move}Because`](actor, reason) : events[move](actor)];
  }
  switch (entry.event_type) {
    case 'CREATED':
      return [events.created(actor)];
    case 'UPDATED':
      return changeSentences(entry, actor, reading.words);
    // An approved correction (docs/corrections.md): its field changes, then each public image it removed.
    case 'CERTIFICATE_AMENDED': {
      const removed = Array.isArray(payload.media_removed) ? payload.media_removed : [];
      const changed = Object.keys((payload.changes as object | undefined) ?? {}).length > 0;
      return [
        ...(changed || removed.length === 0 ? changeSentences(entry, actor, reading.words) : []),
        ...removed.map(() => events.publicImageRemoved(actor)),
      ];
    }
    case 'ARCHIVED':
      return [events.archived(actor)];
    case 'OWNERSHIP_TRANSFERRED':
      return [handOnSentence(entry, actor, reading)];
    case 'MEDIA_ADDED':
      return [events[`${mediumKind(entry, reading)}Added`](actor)];
    case 'MEDIA_REMOVED':
      return [events[`${mediumKind(entry, reading)}Removed`](actor)];
    case 'MEDIA_VISIBILITY_CHANGED': {
      const type = mediumType(entry, reading).toLowerCase() as Lowercase<MediumType>;
      return [events[`${type}${payload.public === true ? 'MadePublic' : 'MadePrivate'}`](actor)];
    }
    case 'ALERT_RAISED': {
      const occurred = text(payload.occurred_at);
      const since = occurred === undefined ? '—' : formatDate(occurred);
      return [
        payload.kind === 'lost' ? events.reportedLost(actor, since) : events.reportedStolen(actor, since),
      ];
    }
    case 'ALERT_RESOLVED':
      return [payload.outcome === 'recovered' ? events.recovered(actor) : events.withdrawn(actor)];
    case 'TAG_BOUND':
      return [payload.tamper === true ? events.tamperTagBound(actor) : events.tagBound(actor)];
    case 'TAG_UNBOUND':
      return [events.tagUnbound(actor)];
    case 'VERIFIED':
      return [payload.verified === false ? events.verificationFailed(actor) : events.verified(actor)];
    default:
      return [events.other(actor)];
  }
}

/**
 * A change of holder in words: an account-to-account transfer names both accounts; a hand-over (holders as
 * commitments only) says where the object went, never a hash and never a collector.
 */
function handOnSentence(entry: AssetHistoryEntry, actor: string, reading: Reading): string {
  const { payload } = entry;
  const { events } = reading.words;
  switch (payload.kind) {
    case 'claim':
      return events.handedToCollection(actor);
    // The consignee accepted: the event's account is the new holder.
    case 'consignment':
      return events.consigned(actor, accountOf(entry.actor_account_id, reading));
    case 'operator':
      return events.handedOnOnProof(actor);
    default:
      return events.transferred(
        actor,
        accountOf(payload.from_account_id, reading),
        accountOf(payload.to_account_id, reading),
      );
  }
}

/** A value under the technical details: text as it is, anything else as its JSON. */
function rawValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The event as the API and the log know it, behind a closed disclosure: its type, hash, log index and raw payload. */
function technicalDetails(entry: AssetHistoryEntry, words: HistoryWords): SafeHtml {
  const { details } = words;
  return html`<details class="technical-details">
    <summary>${words.technicalDetails}</summary>
    <dl class="details">
      <dt>${details.event}</dt>
      <dd><code>${entry.event_type}</code></dd>
      <dt>${details.sequence}</dt>
      <dd>${entry.sequence}</dd>
      <dt>${details.hash}</dt>
      <dd><code>${entry.hash}</code></dd>
      ${
        entry.log_index === undefined
          ? ''
          : html`<dt>${details.logIndex}</dt>
              <dd>
                ${entry.log_index === null ? details.notLogged : html`<code>${entry.log_index}</code>`}
              </dd>`
      }
      ${
        entry.actor_account_id === null
          ? ''
          : html`<dt>${details.actorAccount}</dt>
              <dd><code>${entry.actor_account_id}</code></dd>`
      }
      ${Object.entries(entry.payload).map(
        ([name, value]) =>
          html`<dt><code>${name}</code></dt>
            <dd><code>${rawValue(value)}</code></dd>`,
      )}
    </dl>
  </details>`;
}

/** An asset's history as a timeline, oldest first: each event's time and sentences, its technical details closed. */
export function historyTimeline(
  history: readonly AssetHistoryEntry[],
  options: {
    hasMore: boolean;
    words: HistoryWords;
    names: HistoryNames;
    media?: readonly { id: string; content_type: string }[];
  },
): SafeHtml {
  const addedTypes = history.flatMap(({ event_type, payload }) =>
    (event_type === 'MEDIA_ADDED' || event_type === 'MEDIA_VISIBILITY_CHANGED') &&
    typeof payload.media_id === 'string' &&
    typeof payload.content_type === 'string'
      ? [[payload.media_id, payload.content_type] as const]
      : [],
  );
  const listedTypes = (options.media ?? []).map((medium) => [medium.id, medium.content_type] as const);
  const reading: Reading = {
    words: options.words,
    names: options.names,
    mediaTypes: new Map([...addedTypes, ...listedTypes]),
  };
  return html`<ol class="timeline">
      ${history.map(
        (entry) =>
          html`<li data-event="${entry.event_type}">
            <p class="timeline-head">${formatTime(entry.created_at)}</p>
            ${sentencesOf(entry, reading).map((sentence) => html`<p class="timeline-sentence">${sentence}</p>`)}
            ${technicalDetails(entry, options.words)}
          </li>`,
      )}
    </ol>
    ${options.hasMore ? html`<p class="hint">${options.words.olderEvents(history.length)}</p>` : ''}`;
}

/** What an asset's page shows of its history: the events, whether there are more, and the names and media they name. */
export interface AssetPageHistory {
  history: AssetHistoryEntry[];
  historyHasMore: boolean;
  /** Who the history's events name, as the reader may be told (history-names.service.ts). */
  historyNames: HistoryNames;
  media: MediaRecordType[];
}

/** An asset's history on its page, in `words` (the console's sentences: the operator's page reads them too). */
export function assetHistory(data: AssetPageHistory, words: HistoryWords): SafeHtml {
  return historyTimeline(data.history, {
    hasMore: data.historyHasMore,
    words,
    names: data.historyNames,
    media: data.media,
  });
}
