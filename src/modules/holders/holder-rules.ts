/**
 * Who may act on an asset (issue #50 item 5, docs/api.md "Who may act on an asset"): the one table the API, the
 * console, `/collection`, the admin pages and the CLI ask, through mayAct. A member's role in an account
 * (docs/members.md) is asked on top of it, by the console, for the account's parties.
 */

/** What someone is to one asset at one moment; one actor may be several at once (a gallery that still holds its own). */
export type AssetParty =
  /** The account that holds the object now (the registrant until its first hand-over, or a consignee). */
  | 'holder_account'
  /** The account that registered it (`account_id`): it certified the facts. */
  | 'registrant'
  /** The collector who holds the object now. */
  | 'collector_holder'
  /** The account named by an open consignment of the object. */
  | 'consignee'
  /** A signed-in collector who holds the code of an open claim and is not the holder. */
  | 'claimant'
  /** The service's operator (admin pages, admin API, CLI). */
  | 'operator';

/** The actions on an asset that depend on who holds it. */
export const holderActions = [
  'view_private_details',
  'edit',
  'request_correction',
  'transfer',
  'hand_over',
  'cancel_hand_over',
  'accept_claim',
  'accept_consignment',
  'raise_alert',
  'resolve_alert',
  'prove_holding',
  'download_certificate',
  'operator_move',
] as const;

export type HolderAction = (typeof holderActions)[number];

/** One way to be allowed: a party, or several parties the actor must all be (a registrant that also holds). */
type Allowance = AssetParty | readonly AssetParty[];

/** The table: for each action, the ways to be allowed it (any one suffices). */
export const holderRules: Readonly<Record<HolderAction, readonly Allowance[]>> = {
  view_private_details: ['holder_account', 'registrant', 'collector_holder', 'operator'],
  // The facts are the registrant's: it certified them (and edits only while the certificate is pending).
  edit: ['registrant', 'operator'],
  request_correction: ['registrant'],
  // An account-to-account transfer moves `account_id`: only a registrant that also holds the object may.
  transfer: [['registrant', 'holder_account']],
  hand_over: ['holder_account', 'collector_holder', 'operator'],
  cancel_hand_over: ['holder_account', 'collector_holder', 'operator'],
  accept_claim: ['claimant'],
  accept_consignment: ['consignee'],
  raise_alert: ['holder_account', 'collector_holder', 'operator'],
  resolve_alert: ['holder_account', 'collector_holder', 'operator'],
  prove_holding: ['holder_account', 'collector_holder'],
  download_certificate: ['holder_account', 'registrant', 'collector_holder', 'operator'],
  // A hand-over on proof, for an object held by a former collector (docs/collectors.md).
  operator_move: ['operator'],
};

/** Whether someone who is `who` to an asset may do `action` on it, by the table above. */
export function mayAct(action: HolderAction, who: Iterable<AssetParty>): boolean {
  const parties = new Set(who);
  return holderRules[action].some((allowance) =>
    typeof allowance === 'string' ? parties.has(allowance) : allowance.every((party) => parties.has(party)),
  );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The action of the rules table a hand-over or collection route performs ('none': it acts on no one asset). */
    holderAction?: HolderAction | 'none';
  }
}

/** The routes that must name their rule: hand-overs, a collector's place, proofs of holding. */
const HOLDER_ROUTE = /handover|^\/collection|holding/;

/** A route as declared, with the action of the table it performs (undefined: it names none). */
export interface HolderRoute {
  method: string;
  url: string;
  holderAction: HolderAction | 'none' | undefined;
}

const routesByServer = new WeakMap<object, HolderRoute[]>();

/** onRoute: records every hand-over and collection route with the action it declares (the rules test reads them). */
export function declareHolderRoute(server: object) {
  return function onHolderRoute(route: {
    method: string | string[];
    url: string;
    config?: { holderAction?: HolderAction | 'none' };
  }): void {
    if (!HOLDER_ROUTE.test(route.url)) return;
    const list = routesByServer.get(server) ?? [];
    routesByServer.set(server, list);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      list.push({ method, url: route.url, holderAction: route.config?.holderAction });
  };
}

/** Every hand-over and collection route of this app, with the action it declares. */
export function listHolderRoutes(app: { server: object }): readonly HolderRoute[] {
  return routesByServer.get(app.server) ?? [];
}
