import { Type, type Static } from '@sinclair/typebox';
import { ErrorResponse } from '../../../errors/error-response.schema.js';
import { certificateStatuses } from '../../assets/asset-states.js';

const Uuid = Type.String({ format: 'uuid' });
const Timestamp = Type.String({ format: 'date-time' });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

export const errorResponses = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  410: ErrorResponse,
};

export const AdminSessionInfo = Type.Object({
  admin_user_id: Uuid,
  email: Type.String(),
  csrf_token: Type.String(),
  expires_at: Timestamp,
});

export const Account = Type.Object({ id: Uuid, name: Type.String(), created_at: Timestamp });
export const AccountSummary = Type.Object({
  id: Uuid,
  name: Type.String(),
  created_at: Timestamp,
  key_count: Type.Integer(),
  asset_count: Type.Integer(),
});
export const CreateAccountBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type CreateAccountBody = Static<typeof CreateAccountBody>;

const apiKeyProperties = {
  id: Uuid,
  account_id: Uuid,
  name: Type.Union([Type.String(), Type.Null()]),
  prefix: Type.String({ description: 'The first characters of the key, for recognising it.' }),
  planet_scope: Type.Array(Type.String(), { description: 'Empty: every planet.' }),
  created_at: Timestamp,
  expires_at: NullableTimestamp,
  revoked_at: NullableTimestamp,
  last_used_at: NullableTimestamp,
  status: Type.Union([Type.Literal('active'), Type.Literal('revoked'), Type.Literal('expired')]),
  created_by_member_id: Type.Union([Uuid, Type.Null()], {
    description: 'The member who made the key in the console; null: the operator made it.',
  }),
};
export const ApiKey = Type.Object(apiKeyProperties);
export const CreatedApiKey = Type.Object({
  ...apiKeyProperties,
  key: Type.String({ description: 'The full key: shown once, never stored.' }),
});
export const CreateKeyBody = Type.Object(
  {
    account_id: Uuid,
    name: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    planet_scope: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 20 })),
    expires_at: Type.Optional(Type.Union([Timestamp, Type.Null()])),
  },
  { additionalProperties: false },
);
export type CreateKeyBody = Static<typeof CreateKeyBody>;
export const KeyListQuery = Type.Object({
  account_id: Type.Optional(Uuid),
  status: Type.Optional(
    Type.Union([Type.Literal('active'), Type.Literal('revoked'), Type.Literal('expired')]),
  ),
});
export type KeyListQuery = Static<typeof KeyListQuery>;
export const KeyIdParams = Type.Object({ id: Uuid });

export const AssetParams = Type.Object({
  planet: Type.String({ minLength: 1, maxLength: 100 }),
  id: Type.String({ minLength: 1, maxLength: 100 }),
});

export const CertificateNumberParams = Type.Object({ number: Type.String({ minLength: 1, maxLength: 100 }) });
export const MoveBody = Type.Union([
  Type.Object({ reason: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: false }),
  Type.Null(),
]);
export type MoveBody = Static<typeof MoveBody>;

/** The asset record, as every state change returns it: the one schema of the assets module. */
export { AssetRecord } from '../../assets/assets.schemas.js';

export const CertificateListQuery = Type.Object({
  status: Type.Optional(Type.Union(certificateStatuses.map((status) => Type.Literal(status)))),
  planet: Type.Optional(Type.String({ maxLength: 50 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
});
export type CertificateListQuery = Static<typeof CertificateListQuery>;

export const CertificateListItem = Type.Object({
  certificate_number: Type.String(),
  status: Type.String(),
  planet: Type.String(),
  asset_id: Uuid,
  title: Type.String(),
  account_id: Uuid,
  account_name: Type.String(),
  asset_status: Type.String(),
  created_at: Timestamp,
  issued_at: NullableTimestamp,
  revoked_at: NullableTimestamp,
  reason: Type.Union([Type.String(), Type.Null()]),
  fields: Type.Record(Type.String(), Type.Unknown()),
});

export const listOf = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({ data: Type.Array(item) });

const MemberRole = Type.Union([Type.Literal('owner'), Type.Literal('editor'), Type.Literal('viewer')]);

export const AccountIdParams = Type.Object({ id: Uuid });
export const MemberParams = Type.Object({ id: Uuid, member_id: Uuid });
export const InvitationParams = Type.Object({ id: Uuid, invitation_id: Uuid });

export const Member = Type.Object({
  id: Uuid,
  account_id: Uuid,
  email: Type.String(),
  display_name: Type.String(),
  role: MemberRole,
  status: Type.Union([Type.Literal('invited'), Type.Literal('active'), Type.Literal('disabled')]),
  created_at: Timestamp,
  last_sign_in_at: NullableTimestamp,
});

export const Invitation = Type.Object({
  id: Uuid,
  account_id: Uuid,
  member_id: Uuid,
  email: Type.String(),
  role: MemberRole,
  state: Type.Union([
    Type.Literal('pending'),
    Type.Literal('used'),
    Type.Literal('expired'),
    Type.Literal('revoked'),
  ]),
  created_at: Timestamp,
  expires_at: Timestamp,
  used_at: NullableTimestamp,
  revoked_at: NullableTimestamp,
});

export const CreateInvitationBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 320 }),
    role: MemberRole,
    display_name: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type CreateInvitationBody = Static<typeof CreateInvitationBody>;

export const CreatedInvitation = Type.Object({
  invitation: Invitation,
  url: Type.String({
    description:
      'A one-time link, shown this once, for an operator who prefers to pass it on: it joins the account but does not prove the address. The service mails the invitation (with its own link) to the address.',
  }),
});
