import type { Config } from '../../../config.js';
import type { Database, Queryable } from '../../../db/database.js';
import { AppError } from '../../../errors/error-catalogue.js';
import { LANGUAGES, type Language } from '../../../i18n/locales.js';
import { isIssued } from '../../assets/asset-states.js';
import { getAsset } from '../../assets/assets.service.js';
import type { PlanetId } from '../../../planets/planets.js';
import type { AssetRecordType } from '../../assets/assets.schemas.js';
import { accountByPublicName, getAccountProfile } from '../../accounts/account-profiles.service.js';
import { recordAudit, type AuditAction } from '../../audit/audit.service.js';
import { declineConsignment, listConsignedHoldings } from '../../holders/account-holdings.service.js';
import {
  acceptConsignment,
  cancelHandover,
  claimPath,
  createHandover,
  currentHolder,
  findOpenClaim,
  findOpenHandoverOfAsset,
  holderOfReadAsset,
  listHandoversOfferedTo,
  provenanceOfReadAsset,
  type CurrentHolder,
  type HandoverRecord,
} from '../../holders/holders.service.js';
import { mailSettings } from '../../mail/mail-settings.js';
import type { MemberPrincipal } from '../../principal/principal.js';
import { publicBaseUrl } from '../../signing/issuer-identity.js';
import { pdfNames, type PrintSources } from '../print/certificate-print.service.js';
import { renderHandoverCard } from '../print/handover-card.js';

/** Who holds an asset now, as the console's asset page and hand-over page say it. */
export interface HoldingView {
  holder: CurrentHolder;
  /** Since when the holder holds it. */
  since: string;
  /** Whether the member's account holds it (and so may hand it over, by the holder rules). */
  heldHere: boolean;
  /** The holding account's public name, when another account holds it. */
  holderName?: string;
  /** The asset's open offer, shown to the account that holds it. */
  offer?: { id: string; kind: 'claim' | 'consignment'; expiresAt: string; toAccountName?: string };
  issued: boolean;
}

/** An open consignment offered to the account, with what its row shows. */
export interface OfferedConsignment {
  handover: HandoverRecord;
  title: string;
  certificateNumber: string;
  fromName: string;
}

/** The objects an account holds on consignment, and the consignments offered to it. */
export interface ConsignmentLists {
  offered: OfferedConsignment[];
  held: (Awaited<ReturnType<typeof listConsignedHoldings>>[number] & { registrantName: string })[];
}

/** A claim just made: its code and link exist only in this answer (the database keeps the code's hash). */
export interface MadeClaim {
  handover: HandoverRecord;
  code: string;
  claimUrl: string;
  email?: string;
}

/** What an audit entry of a hand-over names: the object by its category and certificate number, and how. */
interface OfferTarget {
  planet: string;
  assetId: string;
  kind: string;
  consignee?: string;
}

const offerTarget = (handover: { planet: string; asset_id: string; kind: string }): OfferTarget => ({
  planet: handover.planet,
  assetId: handover.asset_id,
  kind: handover.kind,
});

/** One change and its audit entry, in one transaction. */
function audited<T>(
  db: Database,
  principal: MemberPrincipal,
  action: AuditAction,
  change: (tx: Queryable) => Promise<T>,
  target: (result: T) => OfferTarget,
): Promise<T> {
  return db.transaction(async (tx) => {
    // The holders' functions join the open transaction: the audit entry commits with the change it records.
    const result = await change(tx);
    const about = target(result);
    const asset = await getAsset(tx, about.planet as PlanetId, about.assetId);
    await recordAudit(tx, {
      accountId: principal.accountId,
      actor: { memberId: principal.memberId },
      action,
      target: {
        planet: about.planet,
        certificate_number: asset.certificate_number,
        kind: about.kind,
        ...(about.consignee ? { consignee: about.consignee } : {}),
      },
    });
    return result;
  });
}

/** The language a card is printed in: one of the five, else the console's. */
export function cardLanguage(chosen: string | undefined, fallback: Language): Language {
  return (LANGUAGES as readonly string[]).includes(chosen ?? '') ? (chosen as Language) : fallback;
}

/** Who holds the account's asset (or the asset it holds on consignment) and its open offer, for the console's pages. */
export async function holdingView(
  db: Queryable,
  accountId: string,
  asset: Pick<AssetRecordType, 'planet' | 'id' | 'certificate_status' | 'account_id' | 'created_at'>,
): Promise<HoldingView> {
  // The caller has read the asset (and checked it may see it): it is not read again here.
  const [holder, provenance] = await Promise.all([
    holderOfReadAsset(db, asset),
    provenanceOfReadAsset(db, asset),
  ]);
  const heldHere = holder.kind === 'account' && holder.accountId === accountId;
  const view: HoldingView = {
    holder,
    since: provenance.at(-1)!.since,
    heldHere,
    issued: isIssued(asset.certificate_status),
  };
  if (holder.kind === 'account' && !heldHere) {
    view.holderName = (await getAccountProfile(db, holder.accountId)).displayName;
  }
  const open = heldHere ? await findOpenHandoverOfAsset(db, asset.id) : undefined;
  if (open) {
    view.offer = {
      id: open.id,
      kind: open.kind,
      expiresAt: open.expires_at.toISOString(),
      toAccountName: open.to_account_id
        ? (await getAccountProfile(db, open.to_account_id)).displayName
        : undefined,
    };
  }
  return view;
}

/** The asset of a hand-over page: the account's own, or one it holds on consignment (else 404, as elsewhere). */
export async function assertSeesHolding(
  db: Queryable,
  accountId: string,
  asset: AssetRecordType,
): Promise<void> {
  if (asset.account_id === accountId) return;
  const holder = await currentHolder(db, asset.planet, asset.id);
  if (holder.kind !== 'account' || holder.accountId !== accountId) throw new AppError('asset_not_found');
}

/** What the member asks for: which object, and how it is handed over (a claim's address and language, or the consignee). */
type HandoverAsked = { principal: MemberPrincipal; planet: string; assetId: string } & (
  | { kind: 'claim'; email?: string; language: Language; config: Config }
  | { kind: 'consignment'; toAccountId: string; consignee: string }
);

/** The hand-over made through the holders service, with its audit entry in the same transaction. */
function auditedHandover(db: Database, asked: HandoverAsked) {
  return audited(
    db,
    asked.principal,
    'handover.created',
    (tx) =>
      createHandover(tx, {
        planet: asked.planet,
        assetId: asked.assetId,
        actor: { kind: 'account', principal: asked.principal },
        kind: asked.kind,
        ...(asked.kind === 'claim'
          ? {
              email: asked.email,
              language: asked.language,
              baseUrl: publicBaseUrl(asked.config),
              mail: mailSettings(asked.config),
            }
          : { toAccountId: asked.toAccountId }),
      }),
    (result) => ({
      ...offerTarget(result.handover),
      ...(asked.kind === 'consignment' ? { consignee: asked.consignee } : {}),
    }),
  );
}

/** Hand over to a buyer: a claim whose link is mailed to `email` when given; its code is answered once. */
export async function makeClaim(
  db: Database,
  config: Config,
  input: { principal: MemberPrincipal; planet: string; assetId: string; email?: string; language: Language },
): Promise<MadeClaim> {
  const made = await auditedHandover(db, { ...input, kind: 'claim', config });
  return {
    handover: made.handover,
    code: made.code!,
    claimUrl: made.claimUrl ?? `${publicBaseUrl(config)}${claimPath(made.code!)}`,
    email: input.email,
  };
}

/** Consign to the account named by its public name; `none` or `several` when the name names no single account. */
export async function offerConsignment(
  db: Database,
  input: { principal: MemberPrincipal; planet: string; assetId: string; consigneeName: string },
): Promise<{ kind: 'offered'; accountName: string } | { kind: 'none' | 'several' | 'own' }> {
  const match = await accountByPublicName(db, input.consigneeName);
  if (match.kind !== 'one') return { kind: match.kind };
  if (match.accountId === input.principal.accountId) return { kind: 'own' };
  const accountName = (await getAccountProfile(db, match.accountId)).displayName;
  await auditedHandover(db, {
    ...input,
    kind: 'consignment',
    toAccountId: match.accountId,
    consignee: accountName,
  });
  return { kind: 'offered', accountName };
}

/** The holder withdraws its open offer. */
export function withdrawOffer(db: Database, principal: MemberPrincipal, handoverId: string) {
  return audited(
    db,
    principal,
    'handover.cancelled',
    (tx) => cancelHandover(tx, { handoverId, actor: { kind: 'account', principal } }),
    offerTarget,
  );
}

/** The consignee accepts: the account becomes the object's holder. */
export function acceptOfferedConsignment(db: Database, principal: MemberPrincipal, handoverId: string) {
  return audited(
    db,
    principal,
    'consignment.accepted',
    (tx) => acceptConsignment(tx, { handoverId, principal }),
    (result) => offerTarget(result.handover),
  );
}

/** The consignee declines: the offer closes, the object stays where it is. */
export function declineOfferedConsignment(db: Database, principal: MemberPrincipal, handoverId: string) {
  return audited(
    db,
    principal,
    'consignment.declined',
    (tx) => declineConsignment(tx, { handoverId, principal }),
    (result) => ({ planet: result.planet, assetId: result.assetId, kind: 'consignment' }),
  );
}

/** /console/handovers: the consignments offered to the account and the objects it holds on consignment. */
export async function consignmentLists(db: Queryable, accountId: string): Promise<ConsignmentLists> {
  const [handovers, held] = await Promise.all([
    listHandoversOfferedTo(db, accountId),
    listConsignedHoldings(db, accountId),
  ]);
  const names = new Map<string, Promise<string>>();
  const nameOf = (id: string) => {
    if (!names.has(id))
      names.set(
        id,
        getAccountProfile(db, id).then((profile) => profile.displayName),
      );
    return names.get(id)!;
  };
  const offered = await Promise.all(
    handovers.map(async (handover): Promise<OfferedConsignment> => {
      const [holder, asset] = await Promise.all([
        currentHolder(db, handover.planet, handover.asset_id),
        getAsset(db, handover.planet as PlanetId, handover.asset_id),
      ]);
      return {
        handover,
        title: asset.title,
        certificateNumber: asset.certificate_number,
        fromName: holder.kind === 'account' ? await nameOf(holder.accountId) : '',
      };
    }),
  );
  return {
    offered,
    held: await Promise.all(
      held.map(async (row) => ({ ...row, registrantName: await nameOf(row.registrantAccountId) })),
    ),
  };
}

/**
 * The card of a claim the account made and that is still open, drawn from the code the member's page holds (the
 * database has only its hash): 404 for a code that opens no open claim of this hand-over by this account.
 */
export async function handoverCardPdf(
  sources: PrintSources,
  input: { accountId: string; handoverId: string; code: string; language: Language },
): Promise<{ pdf: Buffer; certificateNumber: string }> {
  const claim = await findOpenClaim(sources.db, input.code);
  const from = claim?.asset.from;
  if (
    !claim ||
    claim.handover.id !== input.handoverId ||
    from?.kind !== 'account' ||
    from.accountId !== input.accountId
  ) {
    throw new AppError('handover_not_found');
  }
  const names = await pdfNames(sources, {
    registeredBy: await getAccountProfile(sources.db, input.accountId),
    service: sources.service,
  });
  const pdf = await renderHandoverCard({
    gallery: names.gallery,
    title: claim.asset.title,
    certificateNumber: claim.asset.certificateNumber,
    claimUrl: `${publicBaseUrl(sources.config)}${claimPath(input.code)}`,
    code: input.code,
    expiresAt: claim.handover.expires_at,
    language: input.language,
    creator: sources.service.name,
  });
  return { pdf, certificateNumber: claim.asset.certificateNumber };
}
