import createClient, { type Client } from 'openapi-fetch';
import { AvsApiError } from './errors.js';
import { retryingFetch, type RetryOptions } from './retry.js';
import type { operations, paths } from './schema.js';

/** The planets, as the document's path parameter lists them. */
export type Planet = operations['listAssets']['parameters']['path']['planet'];

type JsonBody<Op> = Op extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : Op extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B
    : never;
type Ok<Op, S extends number> = Op extends {
  responses: Record<S, { content: { 'application/json': infer R } }>;
}
  ? R
  : never;

/** One create and one update operation per planet (createArtworksAsset…): docs/api.md says why. */
export type CreateAssetBody<P extends Planet> = JsonBody<operations[`create${Capitalize<P>}Asset`]>;
export type CreatedAsset<P extends Planet> = Ok<operations[`create${Capitalize<P>}Asset`], 201>;
export type UpdateAssetBody<P extends Planet> = JsonBody<operations[`update${Capitalize<P>}Asset`]>;
export type Asset = Ok<operations['getAsset'], 200>;
export type AssetListQuery = Omit<NonNullable<operations['listAssets']['parameters']['query']>, 'cursor'>;
export type AssetListItem = Ok<operations['listAssets'], 200>['data'][number];
export type EventListQuery = Omit<NonNullable<operations['listEvents']['parameters']['query']>, 'cursor'>;
export type FeedEvent = Ok<operations['listEvents'], 200>['data'][number];
export type AuditEntry = Ok<operations['listAudit'], 200>['data'][number];

export interface AvsClientOptions {
  /** The service's base URL, e.g. https://avs.example.com (no /api/v1). */
  baseUrl: string;
  /** An API key (pk_svc_…), sent as `Authorization: Bearer`. */
  apiKey: string;
  retry?: RetryOptions;
  /** The fetch under the retries (default: the global one). */
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}

export interface AvsClient {
  /** The whole API, typed from the OpenAPI document (openapi-fetch); an error answer throws AvsApiError. */
  readonly api: Client<paths>;
  readonly assets: {
    create<P extends Planet>(
      planet: P,
      body: CreateAssetBody<P>,
      options?: { idempotencyKey?: string },
    ): Promise<CreatedAsset<P>>;
    get(planet: Planet, id: string): Promise<Asset>;
    update<P extends Planet>(planet: P, id: string, body: UpdateAssetBody<P>): Promise<Asset>;
    /** Every asset of the planet matching the filters, newest first, following next_cursor page by page. */
    list(planet: Planet, query?: AssetListQuery): AsyncIterable<AssetListItem>;
  };
  readonly events: {
    /** The account's events feed, following next_cursor page by page. */
    list(query?: EventListQuery): AsyncIterable<FeedEvent>;
  };
  readonly audit: {
    /** The account's audit log (members, invitations, keys), newest first, following next_cursor page by page. */
    list(query?: { limit?: number }): AsyncIterable<AuditEntry>;
  };
}

// openapi-fetch answers { data, error, response }; the SDK's calls return the data or throw the typed error.
function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) throw new Error(`no body in the ${result.response.status} answer`);
  return result.data;
}

export function createAvsClient(options: AvsClientOptions): AvsClient {
  const api = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${options.apiKey}`, ...options.headers },
    fetch: retryingFetch(options.retry, options.fetch ?? globalThis.fetch),
  });
  api.use({
    async onResponse({ response }) {
      if (!response.ok) throw await AvsApiError.of(response);
      return undefined;
    },
  });

  // The per-planet paths are literal keys of `paths`; one generic signature sits on top of them.
  type CreatePath = '/api/v1/assets/artworks';
  type UpdatePath = '/api/v1/assets/artworks/{id}';

  return {
    api,
    assets: {
      async create(planet, body, createOptions = {}) {
        const result = await api.POST(`/api/v1/assets/${planet}` as CreatePath, {
          body: body,
          params: createOptions.idempotencyKey
            ? { header: { 'Idempotency-Key': createOptions.idempotencyKey } }
            : {},
        });
        return unwrap(result) as CreatedAsset<typeof planet>;
      },
      async get(planet, id) {
        return unwrap(await api.GET('/api/v1/assets/{planet}/{id}', { params: { path: { planet, id } } }));
      },
      async update(planet, id, body) {
        const result = await api.PATCH(`/api/v1/assets/${planet}/{id}` as UpdatePath, {
          params: { path: { id } },
          body: body,
        });
        return unwrap(result);
      },
      async *list(planet, query = {}) {
        let cursor: string | undefined;
        do {
          const page = unwrap(
            await api.GET('/api/v1/assets/{planet}', {
              params: { path: { planet }, query: { ...query, cursor } },
            }),
          );
          yield* page.data;
          cursor = page.next_cursor ?? undefined;
        } while (cursor);
      },
    },
    events: {
      async *list(query = {}) {
        let cursor: string | undefined;
        do {
          const page = unwrap(await api.GET('/api/v1/events', { params: { query: { ...query, cursor } } }));
          yield* page.data;
          cursor = page.next_cursor ?? undefined;
        } while (cursor);
      },
    },
    audit: {
      async *list(query = {}) {
        let cursor: string | undefined;
        do {
          const page = unwrap(await api.GET('/api/v1/audit', { params: { query: { ...query, cursor } } }));
          yield* page.data;
          cursor = page.next_cursor ?? undefined;
        } while (cursor);
      },
    },
  };
}
