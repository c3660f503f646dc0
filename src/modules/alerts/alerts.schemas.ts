import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../../limits.js';
import { AssetRecord } from '../assets/assets.schemas.js';

export const alertKinds = ['stolen', 'lost'] as const;
export const alertOutcomes = ['recovered', 'withdrawn'] as const;

export const AlertParams = Type.Object({
  planet: Type.String({ description: 'Planet ID.' }),
  id: Type.String({ description: 'Asset identifier.' }),
  alert_id: Type.String({ description: 'Alert identifier.' }),
});

export const RaiseAlertBody = Type.Object(
  {
    kind: Type.Union(
      alertKinds.map((kind) => Type.Literal(kind)),
      { description: 'stolen or lost.' },
    ),
    occurred_at: Type.String({
      maxLength: 40,
      description:
        'When the asset went missing: an ISO 8601 date (YYYY-MM-DD) or date-time, not in the future.',
    }),
    reference: Type.Optional(
      Type.String({ maxLength: limits.stringLength, description: 'A police report or crime reference.' }),
    ),
    note: Type.Optional(Type.String({ maxLength: limits.stringLength, description: 'Anything else.' })),
  },
  {
    additionalProperties: false,
    description: 'A stolen or lost report.',
  },
);
export type RaiseAlertBodyType = Static<typeof RaiseAlertBody>;

export const ResolveAlertBody = Type.Object(
  {
    outcome: Type.Union(
      alertOutcomes.map((outcome) => Type.Literal(outcome)),
      { description: 'recovered (found again) or withdrawn (reported in error).' },
    ),
  },
  { additionalProperties: false },
);
export type ResolveAlertBodyType = Static<typeof ResolveAlertBody>;

const nullable = (schema: ReturnType<typeof Type.String>, description: string) =>
  Type.Union([schema, Type.Null()], { description });

const Alert = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    planet: Type.String(),
    asset_id: Type.String({ format: 'uuid' }),
    certificate_number: Type.String(),
    kind: Type.Union(alertKinds.map((kind) => Type.Literal(kind))),
    occurred_at: Type.String({ format: 'date-time', description: 'When the asset went missing.' }),
    reference: nullable(Type.String(), 'The police report or crime reference, if given.'),
    note: nullable(Type.String(), 'The note, if given.'),
    status: Type.Union([Type.Literal('open'), Type.Literal('resolved')]),
    outcome: Type.Union([...alertOutcomes.map((outcome) => Type.Literal(outcome)), Type.Null()], {
      description: 'How it ended; null while open.',
    }),
    raised_at: Type.String({ format: 'date-time' }),
    resolved_at: nullable(Type.String({ format: 'date-time' }), 'When it was resolved; null while open.'),
  },
  { additionalProperties: false, description: 'A stolen or lost alert of an asset.' },
);
export type AlertType = Static<typeof Alert>;

export const AlertResponse = Type.Object(
  { alert: Alert, asset: AssetRecord },
  { additionalProperties: false, description: 'The alert, and the asset record as it now reads.' },
);
export type AlertResponseType = Static<typeof AlertResponse>;
