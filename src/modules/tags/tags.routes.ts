import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import { checkPlanetParam, requirePrincipal } from '../../plugins/auth.js';
import { commitChange } from '../../plugins/commit-change.js';
import { publicBaseUrl } from '../signing/issuer-identity.js';
import { AssetParams, ownedAssetNotFound } from '../assets/assets.schemas.js';
import {
  BindTagBody,
  BoundTag,
  TagList,
  TagParams,
  TapPage,
  TapsQuery,
  UnbindTagBody,
  UnboundTag,
} from './tags.schemas.js';
import { bindTag, listOwnedAssetTags, unbindTag, withTagKeysMasked } from './tags.service.js';
import { listAssetTaps } from './tap.service.js';

const tags = ['tags'];

/** NFC tags (docs/tags.md): the owner binds a tag to an asset, unbinds it, and reads the tags and their taps. */
export async function tagRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const settings = {
    masterKey: app.config.AVS_MASTER_KEY,
    publicBaseUrl: publicBaseUrl(app.config),
  };

  app.post(
    '/assets/:planet/:id/tags',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags,
        operationId: 'bindAssetTag',
        summary: 'Bind an NFC tag to an asset (owner only)',
        description:
          "Binds an NTAG 424 DNA (or, with `tamper`, an NTAG 424 DNA TT) by its UID and answers how to write it: the tag's SDM meta read and file read keys, shown this once (a replay of the request shows them masked), and the NDEF URL template with its byte offsets (docs/tags.md). A `TAG_BOUND` history event names the UID's SHA-256, never the UID or a key. One active tag per asset; a UID belongs to one asset only, so an unbound tag binds again to its own asset only, with its keys and last counter.",
        params: AssetParams,
        body: BindTagBody,
        response: {
          201: BoundTag,
          ...errorResponses([400, 404, 409], {
            body: true,
            descriptions: {
              400: 'A UID that is not 14 hex digits, or planet scope mismatch.',
              ...ownedAssetNotFound,
              409: 'The asset already has an active tag, or the UID is bound to another asset (tag_already_bound); the asset is archived (invalid_state).',
            },
          }),
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { planet, id } = request.params;
      const bound = await commitChange(
        request,
        201,
        (tx) => bindTag(tx, { principal }, settings, { planet, assetId: id }, request.body),
        { storedResponse: withTagKeysMasked },
      );
      return reply.code(201).send(bound);
    },
  );

  app.get(
    '/assets/:planet/:id/tags',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags,
        operationId: 'listAssetTags',
        summary: 'List the tags of an asset (owner only)',
        description: 'The active tag first, then the unbound ones, newest first. Never a key.',
        params: AssetParams,
        response: {
          200: TagList,
          ...errorResponses([400, 404], { descriptions: { ...ownedAssetNotFound } }),
        },
      },
    },
    async (request) =>
      listOwnedAssetTags(
        request.server.db,
        requirePrincipal(request),
        request.params.planet,
        request.params.id,
      ),
  );

  app.post(
    '/assets/:planet/:id/tags/:tag_id/unbind',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags,
        operationId: 'unbindAssetTag',
        summary: 'Unbind a tag from an asset (owner only)',
        description:
          'The tag is `unbound`: its taps read `unbound` from now on. It keeps its last counter (an old link stays a copy), and a `TAG_UNBOUND` history event is written; the reason stays with the tag.',
        params: TagParams,
        body: UnbindTagBody,
        response: {
          200: UnboundTag,
          ...errorResponses([400, 404, 409], {
            body: true,
            descriptions: {
              400: 'A missing or empty reason, or planet scope mismatch.',
              404: 'No such asset of the caller (asset_not_found), or no such tag on it (tag_not_found).',
              409: 'The tag is already unbound (invalid_state).',
            },
          }),
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { planet, id, tag_id: tagId } = request.params;
      return commitChange(request, 200, (tx) =>
        unbindTag(tx, { principal }, { planet, assetId: id, tagId }, request.body),
      );
    },
  );

  app.get(
    '/assets/:planet/:id/taps',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags,
        operationId: 'listAssetTaps',
        summary: 'List the taps of an asset’s tags (owner only)',
        description:
          "Every tap of the asset's tags at `/t`, whatever its verdict, newest first: the taps beside the asset's verifications (`…/verifications`). A tap is not a verification: it emits no `verification.completed`.",
        params: AssetParams,
        querystring: TapsQuery,
        response: {
          200: TapPage,
          ...errorResponses([400, 404], {
            descriptions: {
              400: '`limit` outside 1–100, a cursor this service did not return (validation_failed); invalid_planet; planet_scope_mismatch.',
              ...ownedAssetNotFound,
            },
          }),
        },
      },
    },
    async (request) =>
      listAssetTaps(
        request.server.db,
        requirePrincipal(request),
        request.params.planet,
        request.params.id,
        request.query,
      ),
  );
}
