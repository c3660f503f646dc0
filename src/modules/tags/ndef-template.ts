/**
 * The NDEF file a tag writer puts on an NTAG 424 DNA (docs/tags.md, "The NDEF file"): the tap URL with its SUN
 * parameters as runs of zeros, where the chip mirrors them at each tap, and the byte offsets of those runs.
 */

/** The tap route's path under the public base URL. */
export const TAP_PATH = '/t';

const PICC_DATA_DIGITS = 32;
const MAC_DIGITS = 16;
const ENC_DIGITS = 32;

/** NFC Forum URI record prefixes (URI RTD, "URI identifier code"), longest first: the prefix is one byte. */
const URI_PREFIXES: readonly [prefix: string, code: number][] = [
  ['https://www.', 0x02],
  ['http://www.', 0x01],
  ['https://', 0x04],
  ['http://', 0x03],
];

/** NLEN (2 bytes), then a short record's header: flags, type length, payload length (1 byte), type "U". */
const SHORT_RECORD_URI_START = 2 + 4 + 1;
/** A record whose payload passes 255 bytes has a 4-byte payload length. */
const LONG_RECORD_URI_START = 2 + 7 + 1;

export interface NdefOffsets {
  picc_data: number;
  mac_input: number;
  mac: number;
  enc?: number;
}

export interface NdefTemplate {
  urlTemplate: string;
  offsets: NdefOffsets;
  /** The whole NDEF file as the writer stores it (NLEN, record, URI): what the offsets count in. */
  file: Buffer;
}

function uriRecordPrefix(url: string): { code: number; rest: string } {
  for (const [prefix, code] of URI_PREFIXES) {
    if (url.startsWith(prefix)) return { code, rest: url.slice(prefix.length) };
  }
  return { code: 0x00, rest: url };
}

/**
 * The template of a tag's tap URL under `publicBaseUrl`, as NXP's TagWriter and TagXplorer write it: PICC data
 * first, then (with `tamper`) the encrypted file data, then the MAC, whose input runs from the encrypted data to
 * just before the MAC (empty without it, as in AN12196).
 */
export function ndefTemplate(publicBaseUrl: string, tamper: boolean): NdefTemplate {
  const zeros = (digits: number) => '0'.repeat(digits);
  const query = tamper
    ? `picc_data=${zeros(PICC_DATA_DIGITS)}&enc=${zeros(ENC_DIGITS)}&cmac=${zeros(MAC_DIGITS)}`
    : `picc_data=${zeros(PICC_DATA_DIGITS)}&cmac=${zeros(MAC_DIGITS)}`;
  const urlTemplate = `${publicBaseUrl}${TAP_PATH}?${query}`;
  const { code, rest } = uriRecordPrefix(urlTemplate);
  const uri = Buffer.from(rest, 'ascii');
  const payloadLength = 1 + uri.length;
  const short = payloadLength <= 0xff;
  const header = short
    ? Buffer.from([0xd1, 0x01, payloadLength, 0x55])
    : Buffer.concat([Buffer.from([0xc1, 0x01]), uint32(payloadLength), Buffer.from([0x55])]);
  const record = Buffer.concat([header, Buffer.from([code]), uri]);
  const file = Buffer.concat([uint16(record.length), record]);
  const uriStart = short ? SHORT_RECORD_URI_START : LONG_RECORD_URI_START;
  const valueAt = (name: string) => uriStart + rest.indexOf(`${name}=`) + name.length + 1;
  const mac = valueAt('cmac');
  const offsets: NdefOffsets = tamper
    ? { picc_data: valueAt('picc_data'), mac_input: valueAt('enc'), mac, enc: valueAt('enc') }
    : { picc_data: valueAt('picc_data'), mac_input: mac, mac };
  return { urlTemplate, offsets, file };
}

function uint16(value: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
}

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}
