import type { Readable } from 'node:stream';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { foundOr404 } from '../../errors/not-found.js';
import { isEmailAddress } from '../../lib/email.js';
import { isStorableText } from '../../lib/text.js';
import { recordAudit } from '../audit/audit.service.js';
import type { ProcessedMedia } from '../media/media-processing.js';
import type { MediaType } from '../media/media-types.js';
import {
  dropBlobIfUnreferenced,
  keepBlob,
  openBlob,
  prepareImage,
  type MediaStores,
} from '../media/media.service.js';
import type { ImageDecoder } from '../media/media-processing.js';
import {
  findAccountProfile,
  isProfileLogo,
  lockProfileLogo,
  searchAccountsByPublicName,
  upsertAccountProfile,
  type AccountProfileRow,
  type PublicAccountMatch,
} from './account-profiles.repository.js';

export type { PublicAccountMatch };

/** The logo as pages show it: served to anyone at `url`, its size for the page's layout. */
export interface ProfileLogo {
  sha256: string;
  url: string;
  contentType: MediaType;
  width: number | null;
  height: number | null;
}

/**
 * An account's public profile (docs/members.md, "The gallery's profile"): the name certificates are registered under,
 * where the gallery is, its website and the address a finder writes to, and its logo. Empty texts are not shown.
 */
export interface AccountProfile {
  accountId: string;
  /** The name certificates show: the owner's choice, else the account's own name. */
  displayName: string;
  /** The owner's own choice; null while the account's name is shown. */
  chosenName: string | null;
  accountName: string;
  city: string;
  country: string;
  website: string;
  contactEmail: string;
  logo?: ProfileLogo;
  /** The gallery's choice to show its inventory numbers on its certificate pages (off unless chosen). */
  showsInventoryNumber: boolean;
  /**
   * The gallery's choice to let anyone find its issued certificates by a photograph (the keyless photo search, on
   * their public images only; docs/media.md, "Photo search"). Off unless chosen.
   */
  findableByPhoto: boolean;
}

/** What the owner's form sends; each text trimmed before it is checked. */
export interface ProfileInput {
  displayName: string;
  city: string;
  country: string;
  website: string;
  contactEmail: string;
  showInventoryNumber: boolean;
  findableByPhoto: boolean;
}

/** The texts of the form, each checked for its length and what it may hold. */
export type ProfileField = Exclude<keyof ProfileInput, 'showInventoryNumber' | 'findableByPhoto'>;

/** Why a field of the form is refused; the console says it in people's words beside the field. */
export type ProfileProblem =
  | { field: ProfileField; kind: 'too_long'; max: number }
  | { field: ProfileField; kind: 'unstorable' }
  | { field: 'website'; kind: 'not_https' }
  | { field: 'contactEmail'; kind: 'not_email' };

/** What becomes of the logo when the form is saved. */
export type LogoChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'replace'; image: ProcessedMedia };

const MAX_LENGTH: Record<ProfileField, number> = {
  displayName: 200,
  city: 100,
  country: 100,
  website: 500,
  contactEmail: 320,
};

/** Pages show a logo small: a larger one is scaled down to this many pixels on its long edge when it is uploaded. */
const LOGO_MAX_EDGE = 1024;

/** Where anyone reads an account's logo (public-pages: `GET /c/logos/{sha256}`); the hash makes it immutable. */
const profileLogoUrl = (sha256: string): string => `/c/logos/${sha256}`;

const API_FIELD_NAMES: Record<ProfileField, string> = {
  displayName: 'display_name',
  city: 'city',
  country: 'country',
  website: 'website',
  contactEmail: 'contact_email',
};

function toProfile(row: AccountProfileRow): AccountProfile {
  const logo: ProfileLogo | undefined = row.logo_sha256
    ? {
        sha256: row.logo_sha256,
        url: profileLogoUrl(row.logo_sha256),
        contentType: row.logo_content_type as MediaType,
        width: row.logo_width,
        height: row.logo_height,
      }
    : undefined;
  return {
    accountId: row.account_id,
    displayName: row.display_name ?? row.account_name,
    chosenName: row.display_name,
    accountName: row.account_name,
    city: row.city ?? '',
    country: row.country ?? '',
    website: row.website ?? '',
    contactEmail: row.contact_email ?? '',
    ...(logo ? { logo } : {}),
    showsInventoryNumber: row.show_inventory_number ?? false,
    findableByPhoto: row.findable_by_photo ?? false,
  };
}

/** The account's profile; an account that never saved one shows its own name and nothing else. */
export async function getAccountProfile(db: Queryable, accountId: string): Promise<AccountProfile> {
  const row = await findAccountProfile(db, accountId);
  if (!row) throw new AppError('account_not_found');
  return toProfile(row);
}

/** An https:// address with a host and no credentials in it, as the browser will write it; undefined otherwise. */
function httpsAddress(typed: string): string | undefined {
  try {
    const url = new URL(typed);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password
      ? url.href
      : undefined;
  } catch {
    return undefined;
  }
}

/** The form's values trimmed, the website as the browser writes it (`https://Example.com` → `https://example.com/`). */
function normalised(input: ProfileInput): ProfileInput {
  const trimmed = {
    displayName: input.displayName.trim(),
    city: input.city.trim(),
    country: input.country.trim(),
    website: input.website.trim(),
    contactEmail: input.contactEmail.trim(),
    showInventoryNumber: input.showInventoryNumber,
    findableByPhoto: input.findableByPhoto,
  };
  return { ...trimmed, website: trimmed.website && (httpsAddress(trimmed.website) ?? trimmed.website) };
}

/** What is wrong with the form, field by field (none: it can be saved). */
export function profileProblems(input: ProfileInput): ProfileProblem[] {
  const values = normalised(input);
  const problems: ProfileProblem[] = [];
  for (const field of Object.keys(MAX_LENGTH) as ProfileField[]) {
    const value = values[field];
    if (value.length > MAX_LENGTH[field]) problems.push({ field, kind: 'too_long', max: MAX_LENGTH[field] });
    else if (!isStorableText(value)) problems.push({ field, kind: 'unstorable' });
  }
  const failed = new Set(problems.map((problem) => problem.field));
  if (!failed.has('website') && values.website !== '' && !httpsAddress(values.website))
    problems.push({ field: 'website', kind: 'not_https' });
  if (!failed.has('contactEmail') && values.contactEmail !== '' && !isEmailAddress(values.contactEmail))
    problems.push({ field: 'contactEmail', kind: 'not_email' });
  return problems;
}

function refusalOf(problem: ProfileProblem): AppError {
  const field = API_FIELD_NAMES[problem.field];
  switch (problem.kind) {
    case 'too_long':
      return new AppError('validation_failed', 'too_long', { field, max: problem.max });
    case 'unstorable':
      return new AppError('validation_failed', 'unstorable', { field });
    case 'not_https':
      return new AppError('validation_failed', 'wrong_type', { field, type: 'an https:// address' });
    case 'not_email':
      return new AppError('validation_failed', 'wrong_type', { field, type: 'an e-mail address' });
  }
}

/** A logo as uploaded, made ready to keep: an image by its bytes, within the media limits, metadata gone, scaled down. */
export function prepareLogo(bytes: Buffer, decoder: ImageDecoder): Promise<ProcessedMedia> {
  return prepareImage(bytes, decoder, LOGO_MAX_EDGE);
}

/**
 * Saves the account's profile, in the caller's transaction, with its audit entry: the owner's alone. A name left empty,
 * or the account's own, shows the account's name. Returns what forgetOrphanBytes forgets once committed: the bytes
 * of a replaced logo that nothing else shows.
 */
export async function saveAccountProfile(
  tx: Queryable,
  stores: MediaStores,
  /** `isOwner`: the member's role is owner (members.md's roles; accounts does not reach into members). */
  change: { accountId: string; memberId: string; isOwner: boolean },
  input: ProfileInput,
  logo: LogoChange,
): Promise<{ orphan?: { sha256: string; storage: 'postgres' | 'directory' } }> {
  if (!change.isOwner) throw new AppError('forbidden_role', 'needs', { role: 'owner' });
  const [problem] = profileProblems(input);
  if (problem) throw refusalOf(problem);
  const values = normalised(input);
  const current = await getAccountProfile(tx, change.accountId);
  const previousLogo = await lockProfileLogo(tx, change.accountId);
  if (logo.kind === 'replace') await keepBlob(tx, stores, logo.image);
  const logoSha256 = logo.kind === 'keep' ? previousLogo : logo.kind === 'replace' ? logo.image.sha256 : null;
  const displayName =
    values.displayName === '' || values.displayName === current.accountName ? null : values.displayName;
  await upsertAccountProfile(tx, { ...values, accountId: change.accountId, displayName, logoSha256 });
  const changed = (Object.keys(MAX_LENGTH) as ProfileField[])
    .filter((field) =>
      field === 'displayName' ? displayName !== current.chosenName : values[field] !== current[field],
    )
    .map((field) => API_FIELD_NAMES[field]);
  if (values.showInventoryNumber !== current.showsInventoryNumber) changed.push('show_inventory_number');
  // The keyless search learns of it by migration 471's trigger, which writes a change for each asset of the account.
  if (values.findableByPhoto !== current.findableByPhoto) changed.push('findable_by_photo');
  if (logoSha256 !== previousLogo) changed.push('logo');
  await recordAudit(tx, {
    accountId: change.accountId,
    actor: { memberId: change.memberId },
    action: 'profile.updated',
    target: { changed },
  });
  const orphan =
    previousLogo && previousLogo !== logoSha256 ? await dropBlobIfUnreferenced(tx, previousLogo) : undefined;
  return orphan ? { orphan } : {};
}

/** The bytes of a logo some account shows, for anyone; any other hash is not found (never another medium's bytes). */
export async function openProfileLogo(
  db: Database,
  stores: MediaStores,
  sha256: string,
): Promise<{ contentType: MediaType; bytes: number; stream: Readable }> {
  const logo = /^[0-9a-f]{64}$/.test(sha256) && (await isProfileLogo(db, sha256));
  return foundOr404(logo ? await openBlob(db, stores, sha256) : undefined, 'media_not_found');
}

/** The logo's bytes whole (a PDF embeds them), or undefined when the profile has none. */
export async function profileLogoBytes(
  db: Database,
  stores: MediaStores,
  profile: AccountProfile,
): Promise<Buffer | undefined> {
  if (!profile.logo) return undefined;
  const blob = await openBlob(db, stores, profile.logo.sha256);
  if (!blob) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Who a public name names: one account, none, or several (a person then asks the account for its exact name). */
export type PublicNameMatch = { kind: 'one'; accountId: string } | { kind: 'none' } | { kind: 'several' };

/** The account a person names by its public name (as its certificates show it), case and surrounding spaces aside. */
export async function accountByPublicName(db: Queryable, name: string): Promise<PublicNameMatch> {
  const found = name.trim() === '' ? [] : await searchAccountsByPublicName(db, { name }, 2);
  if (found.length === 0) return { kind: 'none' };
  return found.length > 1 ? { kind: 'several' } : { kind: 'one', accountId: found[0]!.account_id };
}

/** The few accounts a public name matches (at least two characters typed), with city and country to tell them apart. */
export async function findAccountsByPublicName(db: Queryable, typed: string): Promise<PublicAccountMatch[]> {
  const words = typed.trim().slice(0, 200);
  if (words.length < 2) return [];
  return searchAccountsByPublicName(db, { words }, 8);
}
