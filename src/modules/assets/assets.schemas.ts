import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { limits } from '../../limits.js';
import { planetIds, planets, type PlanetId } from '../../planets/planets.js';
import {
  assetStatuses,
  certificateStatuses,
  initialAssetStatus,
  initialCertificateStatus,
} from './asset-states.js';

const uuid = (description: string) => Type.String({ format: 'uuid', description });
const timestamp = (description: string) =>
  Type.String({ format: 'date-time', description: `${description} ISO 8601 UTC with milliseconds.` });

// The enum is documentation: checkPlanetParam (preValidation) answers an unknown planet 400 invalid_planet first.
export const PlanetParams = Type.Object({
  planet: Type.Unsafe<PlanetId>({ type: 'string', enum: planetIds, description: 'Planet ID.' }),
});

// Any string is accepted here: an id that is not a UUID names no asset and gets 404 asset_not_found.
export const AssetParams = Type.Object({
  planet: PlanetParams.properties.planet,
  id: Type.String({ description: 'Asset id (UUID).' }),
});
export type AssetParamsType = Static<typeof AssetParams>;

/** The 404 of an owner-only route on `{planet}/{id}`: another account's asset is as absent as none. */
export const ownedAssetNotFound = {
  404: 'No asset with this id in this planet (asset_not_found), or not owned by the caller.',
};

/** The fields the service sets: a request body value for any of them is ignored, never stored. */
export const serviceFields = [
  'id',
  'planet',
  'account_id',
  'certificate_number',
  'certificate_status',
  'status',
  'created_by',
  'updated_by',
  'created_at',
  'updated_at',
  'issued_at',
  'revoked_at',
] as const;

/**
 * Names a pass-through field may not take (400 naming the field): the service's own words elsewhere — the
 * verification, the certificate, the history chain, credentials and receipts, transfers — and what later
 * capabilities add to the record (`alert`). Stored beside the record they would read as the service's word.
 */
export const reservedFieldNames = [
  'verified',
  'verified_at',
  'verified_by',
  'verification',
  'checks',
  'asset_id',
  'asset_status',
  'revocation_reason',
  'status_reason',
  'archived_at',
  'certificate',
  'hash',
  'prev_hash',
  'sequence',
  'event_type',
  'log_index',
  'alert',
  'alerts',
  'receipt',
  'credential',
  'proof',
  'issuer',
  'transfer',
  'from_account_id',
  'to_account_id',
] as const;

const planetFieldsDescription = planetIds
  .map((planet) => {
    const fields = Object.entries(planets[planet].fields as Record<string, TSchema>)
      .map(([name, schema]) => `${name} (${schema.anyOf ? 'enum' : String(schema.type)})`)
      .join(', ');
    return `${planet}: ${fields}`;
  })
  .join('; ');

const passThroughDescription =
  `Planet fields are typed per planet (${planetFieldsDescription}); all are optional. ` +
  'Any other field is passed through, stored and returned (at most 50, nested at most 5 deep, strings at most 2,000 characters). ' +
  'Fields the service sets (id, account_id, certificate_number, status…) are ignored. ' +
  `Reserved names are refused with 400 naming the field: ${reservedFieldNames.join(', ')}.`;

/**
 * `title` as the service checks it: 1–500 characters after trimming (stored trimmed), so a padded title of
 * 500 is fine. The pattern says so for clients (`\s` is exactly what String.prototype.trim removes).
 */
const inventoryNumberSchema = () =>
  Type.String({
    pattern: `^\\s*\\S(?:[\\s\\S]{0,${limits.inventoryNumberLength - 2}}\\S)?\\s*$`,
    description: `The gallery's own stock number: 1–${limits.inventoryNumberLength} characters after trimming (stored trimmed), unique in the account and planet. Shown to the account itself, never on the public page, in the history or in a credential; cleared when the asset moves to another account.`,
  });

const titleSchema = () =>
  Type.String({
    pattern: `^\\s*\\S(?:[\\s\\S]{0,${limits.titleLength - 2}}\\S)?\\s*$`,
    description: `1–${limits.titleLength} characters after trimming (stored trimmed).`,
  });

const planetFieldSchemas = (planet: PlanetId) =>
  Object.entries(planets[planet].fields as Record<string, TSchema>);

/**
 * One schema per planet, built from planets.ts: title plus the typed planet fields, the rest passed through.
 * The create and update routes validate bodies with these and the document publishes them, one operation
 * per planet (docs/api.md, "One operation per planet").
 */
export const planetCreateBodies = Object.fromEntries(
  planetIds.map((planet) => [
    planet,
    Type.Object(
      {
        title: titleSchema(),
        inventory_number: Type.Optional(inventoryNumberSchema()),
        ...Object.fromEntries(
          planetFieldSchemas(planet).map(([name, schema]) => [name, Type.Optional(schema)]),
        ),
      },
      {
        additionalProperties: true,
        description: `A new ${planet} asset. ${passThroughDescription}`,
      },
    ),
  ]),
) as unknown as Record<PlanetId, TObject>;

/** As on create, but every field optional and a planet field may be null (which removes it). */
export const planetUpdateBodies = Object.fromEntries(
  planetIds.map((planet) => [
    planet,
    Type.Object(
      {
        title: Type.Optional(titleSchema()),
        inventory_number: Type.Optional(Type.Union([inventoryNumberSchema(), Type.Null()])),
        ...Object.fromEntries(
          planetFieldSchemas(planet).map(([name, schema]) => [
            name,
            Type.Optional(Type.Union([schema, Type.Null()])),
          ]),
        ),
      },
      {
        additionalProperties: true,
        description: `Changes to a ${planet} asset: fields are merged into the record; a field set to null is removed (title cannot be removed). ${passThroughDescription}`,
      },
    ),
  ]),
) as unknown as Record<PlanetId, TObject>;

/** The open alert of an asset (docs/alerts.md): stolen or lost, since when; null when none is open. */
export const AlertSummary = Type.Union(
  [
    Type.Object(
      {
        kind: Type.Union([Type.Literal('stolen'), Type.Literal('lost')]),
        since: timestamp("When the asset went missing (the alert's `occurred_at`),"),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  {
    description:
      'The open stolen-or-lost alert: `{kind, since}`, or null when none is open. A certificate with an open alert does not verify.',
  },
);
export type AlertSummaryType = Static<typeof AlertSummary>;

export const AssetRecord = Type.Object(
  {
    id: uuid('Asset identifier, assigned by the service.'),
    planet: Type.String({ description: 'Planet ID.' }),
    title: Type.String(),
    account_id: uuid('The owning account.'),
    certificate_number: Type.String({ description: 'PREFIX-YYYY-NNNNNN, from generate_certificate_number.' }),
    certificate_status: Type.Union(
      certificateStatuses.map((status) => Type.Literal(status)),
      { description: `\`${initialCertificateStatus}\` on creation.` },
    ),
    status: Type.Union(
      assetStatuses.map((status) => Type.Literal(status)),
      { description: `\`${initialAssetStatus}\` on creation.` },
    ),
    created_by: uuid('The account that created the asset.'),
    updated_by: uuid('The account that last changed the asset.'),
    created_at: timestamp('Creation time,'),
    updated_at: timestamp('Last change,'),
    alert: AlertSummary,
    inventory_number: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description:
          "The holding account's own stock number, unique in its account and planet; null when none. Absent when another account's key reads the asset.",
      }),
    ),
  },
  {
    additionalProperties: true,
    description: 'The asset record; planet fields and pass-through fields follow the fixed fields.',
  },
);
export type AssetRecordType = Static<typeof AssetRecord>;
