import { describe, expect, it } from 'vitest';
import {
  decryptPiccData,
  decryptSdmFileData,
  isTampered,
  macMatches,
  readTamperStatus,
  sdmMac,
  sdmMacInputAfterFileData,
} from '../../src/modules/tags/sun-crypto.js';
import { SoftwareTag, softwareTagOf } from '../helpers/software-tag.js';

const ZERO_KEY = '00'.repeat(16);
const metaReadKey = Buffer.from('0f1e2d3c4b5a69788796a5b4c3d2e1f0', 'hex');
const fileReadKey = Buffer.from('a0b1c2d3e4f5061728394a5b6c7d8e9f', 'hex');
const uid = '04A1B2C3D4E5F6';

/** What GET /t reads: the three parameters, as bytes. */
function parametersOf(url: string) {
  const query = new URL(url, 'https://avs.example').searchParams;
  const bytes = (name: string) => (query.has(name) ? Buffer.from(query.get(name)!, 'hex') : undefined);
  return { piccData: bytes('picc_data')!, enc: bytes('enc'), mac: bytes('cmac')! };
}

/** The service's side of a tap, from the crypto functions alone. */
function check(url: string, keys = { metaReadKey, fileReadKey }) {
  const { piccData, enc, mac } = parametersOf(url);
  const picc = decryptPiccData(keys.metaReadKey, piccData);
  if (!picc) return { picc };
  const macInput = enc ? sdmMacInputAfterFileData(enc) : Buffer.alloc(0);
  const macOk = macMatches(sdmMac(keys.fileReadKey, picc.uid, picc.readCounter, macInput), mac);
  const tamper = enc
    ? readTamperStatus(decryptSdmFileData(keys.fileReadKey, picc.uid, picc.readCounter, enc))
    : undefined;
  return { picc, macOk, tamper };
}

describe('the software tag', () => {
  it("makes AN12196's SUN URL: UID 04DE5F1EACC040, tap 61, all-zero keys (with that example's random bytes)", () => {
    const tag = new SoftwareTag({
      uid: '04DE5F1EACC040',
      metaReadKey: ZERO_KEY,
      fileReadKey: ZERO_KEY,
      counter: 60,
      piccPadding: Buffer.from('DA5CF60941', 'hex'),
    });
    expect(tag.tap('https://choose.url.com/ntag424')).toBe(
      'https://choose.url.com/ntag424/t?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086',
    );
    expect(tag.counter).toBe(61);
  });

  it('counts before it mirrors, and its URLs decode and verify with the meta and file keys it was given', () => {
    // Fixed padding: the PICC data, and so what the swapped keys below read from it, is the same at every run (with
    // random padding, 1 run in 256 read a C7 tag byte by chance).
    const tag = new SoftwareTag({
      uid,
      metaReadKey,
      fileReadKey,
      counter: 6,
      piccPadding: Buffer.from('0123456789', 'hex'),
    });
    const path = tag.tap('');
    expect(path).toMatch(/^\/t\?picc_data=[0-9A-F]{32}&cmac=[0-9A-F]{16}$/);
    expect(check(path)).toEqual({
      picc: { piccDataTag: 0xc7, uid: Buffer.from(uid, 'hex'), readCounter: 7 },
      macOk: true,
      tamper: undefined,
    });
    expect(check(tag.tap('http://127.0.0.1:3000/')).picc!.readCounter).toBe(8);
    // Keys swapped: the PICC data does not decrypt.
    expect(check(path, { metaReadKey: fileReadKey, fileReadKey: metaReadKey }).picc).toBeUndefined();
  });

  it('draws fresh random bytes each tap, so the same count gives new PICC data but the same MAC', () => {
    const tag = new SoftwareTag({ uid, metaReadKey, fileReadKey, counter: 41 });
    const first = parametersOf(tag.tap(''));
    tag.setCounter(41);
    const second = parametersOf(tag.tap(''));
    expect(first.piccData.equals(second.piccData)).toBe(false);
    expect(first.mac.equals(second.mac)).toBe(true);
  });

  it('reaches the 24-bit maximum with its last tap and is silent after it', () => {
    const tag = new SoftwareTag({ uid, metaReadKey, fileReadKey });
    tag.setCounter(0xfffffe);
    expect(check(tag.tap('')).picc!.readCounter).toBe(0xffffff);
    expect(() => tag.tap('')).toThrow(/maximum/);
    expect(() => tag.setCounter(0x1000000)).toThrow(RangeError);
  });

  it('as a TT mirrors the tamper status into &enc=, MACed from the enc value to just before the MAC', () => {
    const tag = new SoftwareTag({ uid, metaReadKey, fileReadKey, tamper: true });
    const url = tag.tap('https://avs.example');
    expect(url).toMatch(
      /^https:\/\/avs\.example\/t\?picc_data=[0-9A-F]{32}&enc=[0-9A-F]{32}&cmac=[0-9A-F]{16}$/,
    );
    // The chip's MAC input, cut out of the URL, is what the service rebuilds from the enc value.
    const { enc } = parametersOf(url);
    expect(url.slice(url.indexOf('enc=') + 4, url.indexOf('cmac=') + 5)).toBe(
      sdmMacInputAfterFileData(enc!).toString('ascii'),
    );
    const closed = check(url);
    expect(closed).toMatchObject({ macOk: true, tamper: { permanent: 'C', current: 'C' } });
    expect(isTampered(closed.tamper!)).toBe(false);

    tag.openLoop();
    const opened = check(tag.tap(''));
    expect(opened).toMatchObject({ macOk: true, tamper: { permanent: 'O', current: 'O' } });
    expect(isTampered(opened.tamper!)).toBe(true);

    tag.closeLoop();
    const closedAgain = check(tag.tap(''));
    expect(closedAgain.tamper).toEqual({ permanent: 'O', current: 'C' });
    expect(isTampered(closedAgain.tamper!)).toBe(true);
  });

  it('is made from a provisioning answer, and fills its URL template where the zeros are', () => {
    const template = 'https://avs.example/t?picc_data=00000000000000000000000000000000&cmac=0000000000000000';
    const tag = softwareTagOf(
      {
        tag: { uid },
        provisioning: {
          sdm_meta_read_key: metaReadKey.toString('hex'),
          sdm_file_read_key: fileReadKey.toString('hex'),
          url_template: template,
        },
      },
      { counter: 2 },
    );
    expect(tag.tamper).toBe(false);
    expect(tag.uidHex).toBe(uid);
    const url = tag.fill(template);
    // Only the runs of zeros change, in place.
    expect(url.replace(/=[0-9A-F]+/g, '=…')).toBe(template.replace(/=0+/g, '=…'));
    expect(check(url)).toMatchObject({ picc: { readCounter: 3 }, macOk: true });

    const ttTemplate = `https://avs.example/t?picc_data=${'0'.repeat(32)}&enc=${'0'.repeat(32)}&cmac=${'0'.repeat(16)}`;
    const tt = softwareTagOf({
      tag: { uid },
      provisioning: {
        sdm_meta_read_key: metaReadKey.toString('hex'),
        sdm_file_read_key: fileReadKey.toString('hex'),
        url_template: ttTemplate,
      },
    });
    expect(tt.tamper).toBe(true);
    expect(check(tt.fill(ttTemplate))).toMatchObject({
      macOk: true,
      tamper: { permanent: 'C', current: 'C' },
    });
    expect(() => tag.fill('https://avs.example/t?picc_data=0000&cmac=0000000000000000')).toThrow(/picc_data/);
  });
});
