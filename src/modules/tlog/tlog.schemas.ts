import { Type } from '@sinclair/typebox';
import { AssetParams } from '../assets/assets.schemas.js';

export const EventProofParams = Type.Composite([
  AssetParams,
  Type.Object({
    sequence: Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1, description: 'The event’s `sequence`.' }),
  }),
]);

export const EventProof = Type.Object(
  {
    log_index: Type.Integer({ minimum: 0, description: 'The event’s entry index in the transparency log.' }),
    checkpoint: Type.String({
      description: 'The latest signed checkpoint (C2SP tlog-checkpoint signed note) the proof is against.',
    }),
    proof: Type.String({
      description:
        'A `c2sp.org/tlog-proof@v1`: the entry index, the RFC 6962 inclusion proof (base64, one hash a line) and the checkpoint.',
    }),
  },
  { additionalProperties: false },
);

/** A tile's path under /tlog/tile/ (C2SP tlog-tiles); a malformed one is answered 404 tlog_resource_not_found. */
export const TilePathParams = Type.Object({ '*': Type.String() });
