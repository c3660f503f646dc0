import { createCipheriv, createDecipheriv, timingSafeEqual } from 'node:crypto';

// NTAG 424 DNA "Secure Unique NFC" (SUN) messages in AES mode, after NXP AN12196 (SDM), AN10922 (key
// diversification) and RFC 4493 (AES-CMAC). Every key is AES-128 (16 bytes); LRP mode is not supported.

const BLOCK_BYTES = 16;
const ZERO_BLOCK = Buffer.alloc(BLOCK_BYTES);
/** The NDEF file's UID is the 7-byte UID of the NTAG 424 DNA family. */
export const TAG_UID_BYTES = 7;
/** Encrypted PICC data in AES mode: one block, 32 hex digits in the URL. */
export const PICC_DATA_BYTES = BLOCK_BYTES;
/** The truncated SDMMAC: 8 bytes, 16 hex digits in the URL. */
export const SDM_MAC_BYTES = 8;
/** PICCDataTag: UID mirrored (bit 7), SDMReadCtr mirrored (bit 6), UID length 7 (low nibble). */
export const PICC_DATA_TAG_UID_AND_COUNTER = 0xc7;
/** SDMReadCtr is a 24-bit counter: 0xFFFFFF is the last read the chip answers. */
export const SDM_READ_COUNTER_MAX = 0xffffff;
const READ_COUNTER_BYTES = 3;
/** The chip fills the PICC data block after UID and counter with random bytes. */
export const PICC_DATA_PADDING_BYTES = PICC_DATA_BYTES - 1 - TAG_UID_BYTES - READ_COUNTER_BYTES;
// AN10922 always pads the diversification input to two blocks: 0x01 || M || padding.
const AN10922_INPUT_BYTES = 2 * BLOCK_BYTES;
const AN10922_AES128_DIV_CONSTANT = 0x01;
// AN12196 session vectors: SV1 gives the file data ENC key, SV2 the MAC key (label || 0x0001 || 0x0080 || UID || ctr).
const SV1_LABEL = Buffer.from('c33c00010080', 'hex');
const SV2_LABEL = Buffer.from('3cc300010080', 'hex');

function requireLength(what: string, value: Buffer, bytes: number): void {
  if (value.length !== bytes) throw new RangeError(`${what} must be ${bytes} bytes, not ${value.length}`);
}

function aesCbc(direction: 'encrypt' | 'decrypt', key: Buffer, iv: Buffer, data: Buffer): Buffer {
  if (data.length % BLOCK_BYTES !== 0) {
    throw new RangeError(`AES-CBC data must be whole blocks, not ${data.length} bytes`);
  }
  const cipher =
    direction === 'encrypt'
      ? createCipheriv('aes-128-cbc', key, iv)
      : createDecipheriv('aes-128-cbc', key, iv);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

function aesEncryptBlock(key: Buffer, block: Buffer): Buffer {
  return aesCbc('encrypt', key, ZERO_BLOCK, block);
}

/** The doubling in GF(2^128) that makes CMAC's subkeys (RFC 4493 section 2.3). */
function doubleBlock(block: Buffer): Buffer {
  const doubled = Buffer.alloc(BLOCK_BYTES);
  for (let i = 0; i < BLOCK_BYTES; i += 1) {
    doubled[i] = ((block[i]! << 1) | ((block[i + 1] ?? 0) >> 7)) & 0xff;
  }
  if (block[0]! & 0x80) doubled[BLOCK_BYTES - 1]! ^= 0x87;
  return doubled;
}

/** CMAC whose input is padded to at least `paddedBytes` (RFC 4493 pads to one block; AN10922 to two). */
function cmacPaddedTo(key: Buffer, message: Buffer, paddedBytes: number): Buffer {
  requireLength('an AES-128 key', key, BLOCK_BYTES);
  const subkey1 = doubleBlock(aesEncryptBlock(key, ZERO_BLOCK));
  const complete = message.length > 0 && message.length % BLOCK_BYTES === 0 && message.length >= paddedBytes;
  const blocks = complete
    ? Buffer.from(message)
    : Buffer.concat([
        message,
        Buffer.from([0x80]),
        Buffer.alloc(
          Math.max(paddedBytes, Math.ceil((message.length + 1) / BLOCK_BYTES) * BLOCK_BYTES) -
            message.length -
            1,
        ),
      ]);
  const lastSubkey = complete ? subkey1 : doubleBlock(subkey1);
  const last = blocks.length - BLOCK_BYTES;
  for (let i = 0; i < BLOCK_BYTES; i += 1) blocks[last + i]! ^= lastSubkey[i]!;
  return aesCbc('encrypt', key, ZERO_BLOCK, blocks).subarray(last);
}

/** AES-CMAC (RFC 4493): the full 16-byte tag. */
export function aesCmac(key: Buffer, message: Buffer): Buffer {
  return cmacPaddedTo(key, message, BLOCK_BYTES);
}

/** AN10922 AES-128 key diversification: CMAC(K, 0x01 || M) with M padded to two blocks (M is 1 to 31 bytes). */
export function diversifyAes128KeyWithInput(masterKey: Buffer, diversificationInput: Buffer): Buffer {
  if (diversificationInput.length < 1 || diversificationInput.length > AN10922_INPUT_BYTES - 1) {
    throw new RangeError(
      `AN10922 diversification input must be 1 to 31 bytes, not ${diversificationInput.length}`,
    );
  }
  const input = Buffer.concat([Buffer.from([AN10922_AES128_DIV_CONSTANT]), diversificationInput]);
  return cmacPaddedTo(masterKey, input, AN10922_INPUT_BYTES);
}

/** A tag's own key: AN10922 diversification whose input M is the tag's 7-byte UID alone (no AID, no system id). */
export function diversifyAes128Key(masterKey: Buffer, uid: Buffer): Buffer {
  requireLength('a tag UID', uid, TAG_UID_BYTES);
  return diversifyAes128KeyWithInput(masterKey, uid);
}

function readCounterBytes(readCounter: number): Buffer {
  if (!Number.isInteger(readCounter) || readCounter < 0 || readCounter > SDM_READ_COUNTER_MAX) {
    throw new RangeError(
      `SDMReadCtr must be an integer from 0 to ${SDM_READ_COUNTER_MAX}, not ${readCounter}`,
    );
  }
  const bytes = Buffer.alloc(READ_COUNTER_BYTES);
  bytes.writeUIntLE(readCounter, 0, READ_COUNTER_BYTES);
  return bytes;
}

/** AN12196's session keys: CMAC(K_SDMFileRead, SV), SV = label || UID || SDMReadCtr (LSB first), one block. */
function sessionKey(label: Buffer, fileReadKey: Buffer, uid: Buffer, readCounter: number): Buffer {
  requireLength('a tag UID', uid, TAG_UID_BYTES);
  return aesCmac(fileReadKey, Buffer.concat([label, uid, readCounterBytes(readCounter)]));
}

export interface PiccData {
  piccDataTag: number;
  uid: Buffer;
  readCounter: number;
}

/** Decrypts the mirrored PICC data (AES-128-CBC, zero IV); undefined unless it mirrors a 7-byte UID and the counter. */
export function decryptPiccData(metaReadKey: Buffer, piccData: Buffer): PiccData | undefined {
  requireLength('PICC data', piccData, PICC_DATA_BYTES);
  const plain = aesCbc('decrypt', metaReadKey, ZERO_BLOCK, piccData);
  const piccDataTag = plain[0]!;
  if (piccDataTag !== PICC_DATA_TAG_UID_AND_COUNTER) return undefined;
  const uid = Buffer.from(plain.subarray(1, 1 + TAG_UID_BYTES));
  const readCounter = plain.readUIntLE(1 + TAG_UID_BYTES, READ_COUNTER_BYTES);
  return { piccDataTag, uid, readCounter };
}

/** What the chip mirrors as PICC data; `padding` is the chip's 5 random bytes (a software tag draws its own). */
export function encryptPiccData(
  metaReadKey: Buffer,
  uid: Buffer,
  readCounter: number,
  padding: Buffer,
): Buffer {
  requireLength('a tag UID', uid, TAG_UID_BYTES);
  requireLength('the PICC data padding', padding, PICC_DATA_PADDING_BYTES);
  const plain = Buffer.concat([
    Buffer.from([PICC_DATA_TAG_UID_AND_COUNTER]),
    uid,
    readCounterBytes(readCounter),
    padding,
  ]);
  return aesCbc('encrypt', metaReadKey, ZERO_BLOCK, plain);
}

/** The 8-byte SDMMAC: CMAC under the SV2 session key over the MAC input, keeping the odd bytes 1, 3, … 15. */
export function sdmMac(fileReadKey: Buffer, uid: Buffer, readCounter: number, macInput: Buffer): Buffer {
  const full = aesCmac(sessionKey(SV2_LABEL, fileReadKey, uid, readCounter), macInput);
  return Buffer.from(full.filter((_, index) => index % 2 === 1));
}

/** Constant-time comparison of a computed MAC with the presented one (a length mismatch is simply false). */
export function macMatches(expected: Buffer, given: Buffer): boolean {
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The MAC input of a template whose MAC follows the file data: the enc value as the chip writes it, then "&cmac=". */
export function sdmMacInputAfterFileData(encryptedFileData: Buffer): Buffer {
  return Buffer.from(`${encryptedFileData.toString('hex').toUpperCase()}&cmac=`, 'ascii');
}

function fileDataCipher(
  direction: 'encrypt' | 'decrypt',
  fileReadKey: Buffer,
  uid: Buffer,
  readCounter: number,
  data: Buffer,
): Buffer {
  const encKey = sessionKey(SV1_LABEL, fileReadKey, uid, readCounter);
  const iv = aesEncryptBlock(encKey, Buffer.concat([readCounterBytes(readCounter), Buffer.alloc(13)]));
  return aesCbc(direction, encKey, iv, data);
}

/** Decrypts SDMENCFileData: AES-128-CBC under the SV1 session key, IV = E(key, SDMReadCtr || 13 zero bytes). */
export function decryptSdmFileData(
  fileReadKey: Buffer,
  uid: Buffer,
  readCounter: number,
  encrypted: Buffer,
): Buffer {
  return fileDataCipher('decrypt', fileReadKey, uid, readCounter, encrypted);
}

/** The chip's side of decryptSdmFileData (for the software tag). */
export function encryptSdmFileData(
  fileReadKey: Buffer,
  uid: Buffer,
  readCounter: number,
  plain: Buffer,
): Buffer {
  return fileDataCipher('encrypt', fileReadKey, uid, readCounter, plain);
}

/** NTAG 424 DNA TT tamper states as mirrored: closed, open, invalid (not yet read or not configured). */
export type TagTamperState = 'C' | 'O' | 'I';
const TAG_TAMPER_CLOSED: TagTamperState = 'C';
const TAG_TAMPER_OPEN: TagTamperState = 'O';
const TAG_TAMPER_INVALID: TagTamperState = 'I';
/** The template's encrypted file data: one block of plaintext, 32 hex digits in the URL. */
export const TAG_TAMPER_FILE_DATA_BYTES = BLOCK_BYTES;
/** The TT status mirror sits at the start of the encrypted file data: permanent status, then current status. */
const TAG_TAMPER_STATUS_OFFSET = 0;
// The rest of the encrypted window is what the template holds there: ASCII zeros, as NXP's tools mark placeholders.
const TAG_TAMPER_FILLER = 0x30;

export interface TagTamperStatus {
  permanent: TagTamperState;
  current: TagTamperState;
}

function tamperState(byte: number | undefined): TagTamperState {
  if (byte === TAG_TAMPER_CLOSED.charCodeAt(0)) return TAG_TAMPER_CLOSED;
  if (byte === TAG_TAMPER_OPEN.charCodeAt(0)) return TAG_TAMPER_OPEN;
  // Anything else is not a status the chip writes: read it as invalid, which is never genuine.
  return TAG_TAMPER_INVALID;
}

/** Reads the TT status from decrypted file data. */
export function readTamperStatus(plain: Buffer): TagTamperStatus {
  return {
    permanent: tamperState(plain[TAG_TAMPER_STATUS_OFFSET]),
    current: tamperState(plain[TAG_TAMPER_STATUS_OFFSET + 1]),
  };
}

/** A tag reads as tampered once its loop was ever opened, is open now, or its status is invalid. */
export function isTampered(status: TagTamperStatus): boolean {
  return status.permanent !== TAG_TAMPER_CLOSED || status.current !== TAG_TAMPER_CLOSED;
}

/** The plaintext file data the chip encrypts for a status (what a software tag mirrors). */
export function tamperFileData(status: TagTamperStatus): Buffer {
  const plain = Buffer.alloc(TAG_TAMPER_FILE_DATA_BYTES, TAG_TAMPER_FILLER);
  plain.write(`${status.permanent}${status.current}`, TAG_TAMPER_STATUS_OFFSET, 'ascii');
  return plain;
}
