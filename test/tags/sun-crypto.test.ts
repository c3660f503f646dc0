import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  aesCmac,
  decryptPiccData,
  decryptSdmFileData,
  diversifyAes128Key,
  diversifyAes128KeyWithInput,
  encryptPiccData,
  encryptSdmFileData,
  isTampered,
  macMatches,
  PICC_DATA_BYTES,
  PICC_DATA_TAG_UID_AND_COUNTER,
  readTamperStatus,
  sdmMac,
  SDM_MAC_BYTES,
  SDM_READ_COUNTER_MAX,
  sdmMacInputAfterFileData,
  TAG_TAMPER_FILE_DATA_BYTES,
  TAG_UID_BYTES,
  tamperFileData,
} from '../../src/modules/tags/sun-crypto.js';

const hex = (value: string) => Buffer.from(value.replace(/\s/g, ''), 'hex');
const ascii = (value: string) => Buffer.from(value, 'ascii');
const ZERO_KEY = Buffer.alloc(16);

/** AES-128-CBC with a zero IV straight from node:crypto, to read what the chip put in a block. */
function plainBlock(key: Buffer, block: Buffer): Buffer {
  const decipher = createDecipheriv('aes-128-cbc', key, Buffer.alloc(16));
  decipher.setAutoPadding(false);
  return Buffer.concat([decipher.update(block), decipher.final()]);
}

describe('AES-CMAC reproduces the four examples of RFC 4493 (section 4)', () => {
  const key = hex('2b7e1516 28aed2a6 abf71588 09cf4f3c');
  const message64 = hex(
    `6bc1bee2 2e409f96 e93d7e11 7393172a ae2d8a57 1e03ac9c 9eb76fac 45af8e51
     30c81c46 a35ce411 e5fbc119 1a0a52ef f69f2445 df4f9b17 ad2b417b e66c3710`,
  );
  it.each([
    ['empty message', 0, 'bb1d6929 e9593728 7fa37d12 9b756746'],
    ['one whole block', 16, '070a16b4 6b4d4144 f79bdd9d d04a287c'],
    ['40 bytes, a padded last block', 40, 'dfa66747 de9ae630 30ca3261 1497c827'],
    ['64 bytes, four whole blocks', 64, '51f0bebf 7e3b9d92 fc497417 79363cfe'],
  ])('%s', (_name, length, expected) => {
    expect(aesCmac(key, message64.subarray(0, length)).toString('hex')).toBe(hex(expected).toString('hex'));
  });
});

describe('AES-128 key diversification reproduces AN10922 (section 2.2.1)', () => {
  const masterKey = hex('00112233445566778899AABBCCDDEEFF');
  const uid = hex('04782E21801D80');

  it('derives A8DD63A3B89D54B37CA802473FDA9175 from UID || AID 3042F5 || system identifier "NXP Abu"', () => {
    const input = Buffer.concat([uid, hex('3042F5'), ascii('NXP Abu')]);
    expect(input.toString('hex').toUpperCase()).toBe('04782E21801D803042F54E585020416275');
    expect(diversifyAes128KeyWithInput(masterKey, input).toString('hex').toUpperCase()).toBe(
      'A8DD63A3B89D54B37CA802473FDA9175',
    );
  });

  it('pads a short input to two blocks, as AN10922 does, so a UID key is not a plain CMAC of the UID', () => {
    const tagKey = diversifyAes128Key(masterKey, uid);
    expect(tagKey).toHaveLength(16);
    expect(tagKey.equals(aesCmac(masterKey, Buffer.concat([hex('01'), uid])))).toBe(false);
    expect(tagKey.equals(diversifyAes128KeyWithInput(masterKey, uid))).toBe(true);
  });

  it('gives each UID its own key and refuses a UID that is not 7 bytes', () => {
    expect(
      diversifyAes128Key(masterKey, hex('04782E21801D81')).equals(diversifyAes128Key(masterKey, uid)),
    ).toBe(false);
    expect(() => diversifyAes128Key(masterKey, hex('04782E21801D'))).toThrow(RangeError);
  });
});

describe("AN12196's SUN example (PICC data and SDMMAC, all-zero keys)", () => {
  const piccData = hex('EF963FF7828658A599F3041510671E88');

  it('decrypts to PICC data tag C7, UID 04DE5F1EACC040 and read counter 61', () => {
    const decrypted = decryptPiccData(ZERO_KEY, piccData)!;
    expect(decrypted.piccDataTag).toBe(0xc7);
    expect(decrypted.piccDataTag).toBe(PICC_DATA_TAG_UID_AND_COUNTER);
    expect(decrypted.uid).toHaveLength(TAG_UID_BYTES);
    expect(decrypted.uid.toString('hex').toUpperCase()).toBe('04DE5F1EACC040');
    expect(decrypted.readCounter).toBe(61);
  });

  it('verifies SDMMAC 94EED9EE65337086 over the empty MAC input, and no other', () => {
    const { uid, readCounter } = decryptPiccData(ZERO_KEY, piccData)!;
    const expected = sdmMac(ZERO_KEY, uid, readCounter, Buffer.alloc(0));
    expect(expected).toHaveLength(SDM_MAC_BYTES);
    expect(expected.toString('hex').toUpperCase()).toBe('94EED9EE65337086');
    expect(macMatches(expected, hex('94EED9EE65337086'))).toBe(true);
    expect(macMatches(expected, hex('94EED9EE65337087'))).toBe(false);
    expect(macMatches(expected, hex('94EED9EE653370'))).toBe(false);
    expect(macMatches(sdmMac(ZERO_KEY, uid, readCounter + 1, Buffer.alloc(0)), hex('94EED9EE65337086'))).toBe(
      false,
    );
  });

  it("follows AN12196's steps: the SV2 session MAC key, the full CMAC, then its odd bytes", () => {
    const sv2 = hex('3CC30001008004DE5F1EACC0403D0000');
    const sessionMacKey = aesCmac(ZERO_KEY, sv2);
    expect(sessionMacKey.toString('hex').toUpperCase()).toBe('3FB5F6E3A807A03D5E3570ACE393776F');
    const fullCmac = aesCmac(sessionMacKey, Buffer.alloc(0));
    expect(fullCmac.toString('hex').toUpperCase()).toBe('E194C7EE12D9F7EE8A65C8331B704386');
    const oddBytes = Buffer.from([1, 3, 5, 7, 9, 11, 13, 15].map((index) => fullCmac[index]!));
    expect(oddBytes.equals(sdmMac(ZERO_KEY, hex('04DE5F1EACC040'), 61, Buffer.alloc(0)))).toBe(true);
  });

  it('answers undefined when the decrypted tag byte is not C7 (a wrong meta read key)', () => {
    expect(decryptPiccData(hex('00000000000000000000000000000001'), piccData)).toBeUndefined();
  });

  it('is made again, byte for byte, by the chip side (encryptPiccData) with the same padding', () => {
    const { uid, readCounter } = decryptPiccData(ZERO_KEY, piccData)!;
    // The chip's random padding in this example: the last 5 bytes of the decrypted block.
    const padding = plainBlock(ZERO_KEY, piccData).subarray(11);
    const made = encryptPiccData(ZERO_KEY, uid, readCounter, padding);
    expect(made).toHaveLength(PICC_DATA_BYTES);
    expect(made.equals(piccData)).toBe(true);
  });
});

describe("AN12196's SDMENCFileData example (all-zero keys, MAC input from the enc value to the MAC)", () => {
  // https://www.my424dna.com/?picc_data=FD91EC264309878BE6345CBE53BADF40&enc=CEE9A53E3E463EF1F459635736738962&cmac=ECC1E7F6C6C73BF6
  const piccData = hex('FD91EC264309878BE6345CBE53BADF40');
  const enc = hex('CEE9A53E3E463EF1F459635736738962');

  it('decrypts UID 04958CAA5C5E80, read counter 8 and the file data "xxxxxxxxxxxxxxxx"', () => {
    const { uid, readCounter } = decryptPiccData(ZERO_KEY, piccData)!;
    expect(uid.toString('hex').toUpperCase()).toBe('04958CAA5C5E80');
    expect(readCounter).toBe(8);
    expect(decryptSdmFileData(ZERO_KEY, uid, readCounter, enc).toString('ascii')).toBe('xxxxxxxxxxxxxxxx');
    expect(encryptSdmFileData(ZERO_KEY, uid, readCounter, ascii('xxxxxxxxxxxxxxxx')).equals(enc)).toBe(true);
  });

  it('verifies SDMMAC ECC1E7F6C6C73BF6 over "CEE9A53E3E463EF1F459635736738962&cmac="', () => {
    const { uid, readCounter } = decryptPiccData(ZERO_KEY, piccData)!;
    const macInput = sdmMacInputAfterFileData(enc);
    expect(macInput.toString('ascii')).toBe('CEE9A53E3E463EF1F459635736738962&cmac=');
    expect(sdmMac(ZERO_KEY, uid, readCounter, macInput).toString('hex').toUpperCase()).toBe(
      'ECC1E7F6C6C73BF6',
    );
    expect(sdmMac(ZERO_KEY, uid, readCounter, Buffer.alloc(0)).toString('hex').toUpperCase()).not.toBe(
      'ECC1E7F6C6C73BF6',
    );
  });
});

describe('a SUN message with distinct meta read and file read keys', () => {
  // A tag read by icedevml/sdm-backend's tests ("sun3_custom"): MAC input is the enc value alone.
  const metaReadKey = hex('42aff114f2cb3b6141be6dc95dfc5416');
  const fileReadKey = hex('b62a9baf092439bd43c62aee96b970c5');
  const piccData = hex('8ACADDEF0A9B62CDAE39A16B83FC14DE');
  const enc = hex('B8436E11F627BB7F543FCC0C1E0D1A89');
  const mac = hex('238B2543A8DEBAD8');

  it('decrypts the PICC data with the meta read key only', () => {
    expect(decryptPiccData(fileReadKey, piccData)).toBeUndefined();
    const decrypted = decryptPiccData(metaReadKey, piccData)!;
    expect(decrypted.uid.toString('hex')).toBe('041d3c8a2d6b80');
    expect(decrypted.readCounter).toBe(291);
  });

  it('verifies the MAC and decrypts the file data with the file read key only', () => {
    const { uid, readCounter } = decryptPiccData(metaReadKey, piccData)!;
    const macInput = ascii(enc.toString('hex').toUpperCase());
    expect(macMatches(sdmMac(fileReadKey, uid, readCounter, macInput), mac)).toBe(true);
    expect(macMatches(sdmMac(metaReadKey, uid, readCounter, macInput), mac)).toBe(false);
    expect(decryptSdmFileData(fileReadKey, uid, readCounter, enc).toString('hex')).toBe(
      '4e545858716e6f5f6f42467077792d56',
    );
    expect(decryptSdmFileData(metaReadKey, uid, readCounter, enc).toString('hex')).not.toBe(
      '4e545858716e6f5f6f42467077792d56',
    );
  });

  it('round-trips through the chip side with keys of our own, and the keys do not stand in for each other', () => {
    const ours = { meta: hex('0f'.repeat(16)), file: hex('f0'.repeat(16)) };
    const uid = hex('04112233445566');
    const made = encryptPiccData(ours.meta, uid, 0xfffffe, hex('0102030405'));
    expect(decryptPiccData(ours.meta, made)).toEqual({ piccDataTag: 0xc7, uid, readCounter: 0xfffffe });
    expect(decryptPiccData(ours.file, made)).toBeUndefined();
    const macOf = (key: Buffer) => sdmMac(key, uid, 0xfffffe, Buffer.alloc(0));
    expect(macMatches(macOf(ours.file), macOf(ours.meta))).toBe(false);
  });
});

describe('plain SUN mirroring (UID and counter in clear, MAC only)', () => {
  it("verifies icedevml/sdm-backend's plain vector: UID 041E3C8A2D6B80, counter 6, SDMMAC 4B00064004B0B3D3", () => {
    expect(sdmMac(ZERO_KEY, hex('041E3C8A2D6B80'), 6, Buffer.alloc(0)).toString('hex').toUpperCase()).toBe(
      '4B00064004B0B3D3',
    );
  });

  it('accepts the 24-bit counter range and nothing past it', () => {
    const uid = hex('041E3C8A2D6B80');
    expect(SDM_READ_COUNTER_MAX).toBe(0xffffff);
    expect(sdmMac(ZERO_KEY, uid, SDM_READ_COUNTER_MAX, Buffer.alloc(0))).toHaveLength(8);
    expect(() => sdmMac(ZERO_KEY, uid, SDM_READ_COUNTER_MAX + 1, Buffer.alloc(0))).toThrow(RangeError);
    expect(() => sdmMac(ZERO_KEY, uid, -1, Buffer.alloc(0))).toThrow(RangeError);
  });
});

describe('the NTAG 424 DNA TT tamper status in the file data', () => {
  it('reads permanent then current status, and only "CC" is untampered', () => {
    expect(readTamperStatus(tamperFileData({ permanent: 'C', current: 'C' }))).toEqual({
      permanent: 'C',
      current: 'C',
    });
    expect(isTampered({ permanent: 'C', current: 'C' })).toBe(false);
    expect(isTampered({ permanent: 'O', current: 'C' })).toBe(true);
    expect(isTampered({ permanent: 'C', current: 'O' })).toBe(true);
    expect(isTampered({ permanent: 'I', current: 'I' })).toBe(true);
  });

  it('lays the status out as two ASCII characters at the start of one block, and reads anything else as invalid', () => {
    const plain = tamperFileData({ permanent: 'O', current: 'C' });
    expect(plain).toHaveLength(TAG_TAMPER_FILE_DATA_BYTES);
    expect(plain.toString('ascii')).toBe('OC00000000000000');
    expect(readTamperStatus(ascii('xxxxxxxxxxxxxxxx'))).toEqual({ permanent: 'I', current: 'I' });
  });
});
