import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../../limits.js';
import { PageCursor, PageLimit, Page } from '../../lib/page-schema.js';
import { AlertSummary, AssetParams } from '../assets/assets.schemas.js';
import { VerificationReceipt } from '../credentials/credentials.schemas.js';

const timestamp = (description: string) => Type.String({ format: 'date-time', description });
const nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(
  schema: T,
  description: string,
) => Type.Union([schema, Type.Null()], { description });

/** The verdicts of a tap, in the order they are decided (docs/tags.md). */
const tapVerdicts = ['unknown_tag', 'forged', 'unbound', 'copied', 'tampered', 'genuine'] as const;
export type TapVerdict = (typeof tapVerdicts)[number];

/** The 24-bit read counter of an NTAG 424 DNA. */
const MAX_TAP_COUNTER = 0xffffff;

export const TagParams = Type.Object({
  ...AssetParams.properties,
  tag_id: Type.String({ description: 'Tag identifier (UUID).' }),
});

export const BindTagBody = Type.Object(
  {
    uid: Type.String({
      pattern: '^[0-9A-Fa-f]{14}$',
      description: "The tag's 7-byte UID as 14 hex digits (either case), as NXP's tools read it.",
    }),
    tamper: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'An NTAG 424 DNA TT whose link also carries the tamper loop status (`enc`): an opened loop reads as `tampered`.',
      }),
    ),
  },
  { additionalProperties: false, description: 'The NFC tag to bind to the asset.' },
);
export type BindTagBodyType = Static<typeof BindTagBody>;

export const UnbindTagBody = Type.Object(
  {
    reason: Type.String({
      minLength: 1,
      maxLength: limits.stringLength,
      description: 'Why the tag is unbound (kept with the tag, not in the history).',
    }),
  },
  { additionalProperties: false },
);
export type UnbindTagBodyType = Static<typeof UnbindTagBody>;

const Tag = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    uid: Type.String({ pattern: '^[0-9A-F]{14}$', description: 'The 7-byte UID, 14 upper-case hex digits.' }),
    planet: Type.String(),
    asset_id: Type.String({ format: 'uuid' }),
    status: Type.Union([Type.Literal('active'), Type.Literal('unbound')], {
      description: 'active: taps verify against it; unbound: its taps read `unbound`.',
    }),
    tamper: Type.Boolean({ description: 'An NTAG 424 DNA TT whose link carries the tamper status.' }),
    key_version: Type.Integer({
      minimum: 1,
      description: 'The tag key version its keys come from (`avs tag-keys rotate` makes a new one).',
    }),
    bound_at: timestamp('When it was bound (last bound, after an unbinding).'),
    last_counter: nullable(
      Type.Integer({ minimum: 0, maximum: MAX_TAP_COUNTER }),
      'The read counter of the last accepted tap; null before the first.',
    ),
    last_tapped_at: nullable(
      Type.String({ format: 'date-time' }),
      'When the last accepted tap was made; null before the first.',
    ),
    unbound_at: nullable(Type.String({ format: 'date-time' }), 'When it was unbound; null while active.'),
    unbind_reason: nullable(Type.String(), 'Why it was unbound; null while active.'),
  },
  { additionalProperties: false, description: 'An NFC tag bound to an asset (docs/tags.md).' },
);
export type TagType = Static<typeof Tag>;

const HEX_KEY = '^([0-9A-F]{32}|\\*{32})$';

const NdefOffsets = Type.Object(
  {
    picc_data: Type.Integer({ minimum: 0, description: 'SDM PICC data offset (32 hex digits).' }),
    mac_input: Type.Integer({
      minimum: 0,
      description:
        'SDM MAC input offset: equal to `mac` (an empty MAC input, as in AN12196), or to `enc` with `tamper`.',
    }),
    mac: Type.Integer({ minimum: 0, description: 'SDM MAC offset (16 hex digits).' }),
    enc: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'With `tamper`: SDM ENC file data offset (32 hex digits, the tamper status inside).',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Byte offsets in the NDEF file: 2 bytes of NLEN, the NDEF record header, the URI prefix byte, then the URI (docs/tags.md).',
  },
);

const Provisioning = Type.Object(
  {
    sdm_meta_read_key: Type.String({
      pattern: HEX_KEY,
      description:
        'The SDM meta read key (AES-128, 32 hex digits): decrypts the PICC data. Shown once: a replay of the request shows it masked.',
    }),
    sdm_file_read_key: Type.String({
      pattern: HEX_KEY,
      description:
        "The SDM file read key (AES-128, 32 hex digits), this tag's own (diversified from its UID): the MAC key. Shown once, as the other.",
    }),
    url_template: Type.String({
      description:
        'The NDEF URL to write: the PICC data (32), the MAC (16) and, with `tamper`, the encrypted file data (32) as runs of zeros.',
    }),
    offsets: NdefOffsets,
  },
  {
    additionalProperties: false,
    description: 'What a tag writer needs to configure the tag (docs/tags.md).',
  },
);
export type ProvisioningType = Static<typeof Provisioning>;

export const BoundTag = Type.Object(
  { tag: Tag, provisioning: Provisioning },
  { additionalProperties: false, description: 'The tag, and how to write it: its keys are shown this once.' },
);
export type BoundTagType = Static<typeof BoundTag>;

export const TagList = Type.Object(
  { data: Type.Array(Tag, { description: 'The active tag first, then unbound ones, newest first.' }) },
  { additionalProperties: false },
);

export const UnboundTag = Type.Object({ tag: Tag }, { additionalProperties: false });

const TapCertificate = Type.Union(
  [
    Type.Object(
      {
        number: Type.String(),
        status: Type.Union(
          (['issued', 'suspended', 'revoked', 'not_issued'] as const).map((status) => Type.Literal(status)),
          { description: 'As the public page shows it: a pending or rejected certificate is `not_issued`.' },
        ),
        alert: AlertSummary,
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  { description: "The certificate of the tag's asset; null for an unknown tag." },
);

const tapResultProperties = {
  id: Type.String({ format: 'uuid', description: 'This tap.' }),
  verdict: Type.Union(
    tapVerdicts.map((verdict) => Type.Literal(verdict)),
    { description: 'What the tap says of the tag (docs/tags.md); the certificate travels beside it.' },
  ),
  counter: nullable(
    Type.Integer({ minimum: 0, maximum: MAX_TAP_COUNTER }),
    "The tag's read counter the link carried; null when the link could not be read (unknown_tag).",
  ),
  certificate: TapCertificate,
  tapped_at: timestamp('When the service received the tap.'),
};

/** What a tap answers (without its receipt): kept as the tap's record. */
const TapResult = Type.Object(tapResultProperties, { additionalProperties: false });
export type TapResultType = Static<typeof TapResult>;

/** The JSON answer of /t: the result and a signed receipt of it, as /verify's (docs/credentials.md). */
export const TapResponse = Type.Composite([TapResult, Type.Object({ receipt: VerificationReceipt })], {
  additionalProperties: false,
});

/** A stored tap, for the asset's owner. */
const Tap = Type.Object(
  { ...tapResultProperties, tag_id: Type.String({ format: 'uuid' }) },
  { additionalProperties: false, description: 'A tap of one of the asset’s tags.' },
);
export type TapType = Static<typeof Tap>;

export const TapsQuery = Type.Object({
  limit: PageLimit('Taps'),
  cursor: PageCursor('Opaque: the `next_cursor` of the previous page.'),
});

export const TapPage = Page(Tap, { dataDescription: 'Newest first.', additionalProperties: false });
export type TapPageType = Static<typeof TapPage>;

/** The parameters of /t, as the chip writes them (upper-case hex; either case is read). */
export const TapQuery = Type.Object(
  {
    picc_data: Type.String({ pattern: '^[0-9A-Fa-f]{32}$' }),
    cmac: Type.String({ pattern: '^[0-9A-Fa-f]{16}$' }),
    enc: Type.Optional(Type.String({ pattern: '^[0-9A-Fa-f]{32}$' })),
  },
  { additionalProperties: true },
);
export type TapQueryType = Static<typeof TapQuery>;
