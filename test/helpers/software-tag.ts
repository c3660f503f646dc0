import { randomBytes } from 'node:crypto';
import {
  encryptPiccData,
  encryptSdmFileData,
  PICC_DATA_BYTES,
  PICC_DATA_PADDING_BYTES,
  SDM_MAC_BYTES,
  SDM_READ_COUNTER_MAX,
  sdmMac,
  TAG_TAMPER_FILE_DATA_BYTES,
  tamperFileData,
  type TagTamperStatus,
} from '../../src/modules/tags/sun-crypto.js';

export interface SoftwareTagOptions {
  /** The 7-byte UID (a Buffer, or 14 hex digits). */
  uid: Buffer | string;
  metaReadKey: Buffer | string;
  fileReadKey: Buffer | string;
  /** SDMReadCtr: the reads made so far (the next tap mirrors this + 1). */
  counter?: number;
  /** An NTAG 424 DNA TT whose template mirrors the tamper status into encrypted file data (&enc=). */
  tamper?: boolean;
  /** The chip's 5 random bytes after UID and counter in the PICC data; fresh ones each tap when absent. */
  piccPadding?: Buffer;
}

const bytesOf = (value: Buffer | string) => (typeof value === 'string' ? Buffer.from(value, 'hex') : value);
const hexOf = (bytes: Buffer) => bytes.toString('hex').toUpperCase();

/** Where the chip writes into a URL: the run of '0's after `name=` (as NXP's tools mark the template). */
function placeholder(template: string, name: string, digits: number): { start: number; end: number } {
  const match = new RegExp(`[?&]${name}=(0{${digits}})(?![0-9A-Fa-f])`).exec(template);
  if (!match) throw new Error(`the URL template has no ${name}= run of ${digits} zeros: ${template}`);
  const start = match.index + match[0].length - digits;
  return { start, end: start + digits };
}

const overwrite = (text: string, at: { start: number; end: number }, value: string) =>
  `${text.slice(0, at.start)}${value}${text.slice(at.end)}`;

/**
 * An NTAG 424 DNA in software, for tests: each tap counts, then mirrors into the URL template what the chip
 * mirrors in AES mode (PICC data, with a TT the encrypted tamper status, then the SDMMAC), in upper-case hex.
 */
export class SoftwareTag {
  readonly uid: Buffer;
  readonly tamper: boolean;
  private readonly metaReadKey: Buffer;
  private readonly fileReadKey: Buffer;
  private readonly piccPadding: Buffer | undefined;
  private readCounter: number;
  private tamperStatus: TagTamperStatus = { permanent: 'C', current: 'C' };

  constructor(options: SoftwareTagOptions) {
    this.uid = bytesOf(options.uid);
    this.metaReadKey = bytesOf(options.metaReadKey);
    this.fileReadKey = bytesOf(options.fileReadKey);
    this.tamper = options.tamper ?? false;
    this.piccPadding = options.piccPadding;
    this.readCounter = 0;
    this.setCounter(options.counter ?? 0);
  }

  get counter(): number {
    return this.readCounter;
  }

  get uidHex(): string {
    return hexOf(this.uid);
  }

  setCounter(reads: number): void {
    if (!Number.isInteger(reads) || reads < 0 || reads > SDM_READ_COUNTER_MAX) {
      throw new RangeError(`SDMReadCtr is 0 to ${SDM_READ_COUNTER_MAX}, not ${reads}`);
    }
    this.readCounter = reads;
  }

  /** The tamper loop is cut: both statuses read open (the permanent one stays so). */
  openLoop(): void {
    this.tamperStatus = { permanent: 'O', current: 'O' };
  }

  /** The loop conducts again: only the current status reads closed. */
  closeLoop(): void {
    this.tamperStatus = { ...this.tamperStatus, current: 'C' };
  }

  /** The template this tag's taps fill: `${baseUrl}/t?picc_data=0…0[&enc=0…0]&cmac=0…0`. */
  urlTemplate(baseUrl: string): string {
    const zeros = (bytes: number) => '0'.repeat(2 * bytes);
    const enc = this.tamper ? `&enc=${zeros(TAG_TAMPER_FILE_DATA_BYTES)}` : '';
    return `${baseUrl.replace(/\/$/, '')}/t?picc_data=${zeros(PICC_DATA_BYTES)}${enc}&cmac=${zeros(SDM_MAC_BYTES)}`;
  }

  /** A tap: a full SUN URL under baseUrl ('' gives the path alone, for inject). */
  tap(baseUrl: string): string {
    return this.fill(this.urlTemplate(baseUrl));
  }

  /**
   * A tap into any template holding the runs of zeros: counts first (the chip counts before it mirrors), then
   * PICC data, file data and the MAC over the text from the enc value to just before the MAC (empty without enc).
   */
  fill(template: string): string {
    if (this.readCounter >= SDM_READ_COUNTER_MAX)
      throw new Error('SDMReadCtr is at its maximum: the chip is silent');
    this.readCounter += 1;
    const picc = encryptPiccData(
      this.metaReadKey,
      this.uid,
      this.readCounter,
      this.piccPadding ?? randomBytes(PICC_DATA_PADDING_BYTES),
    );
    let url = overwrite(template, placeholder(template, 'picc_data', 2 * PICC_DATA_BYTES), hexOf(picc));
    const macAt = placeholder(url, 'cmac', 2 * SDM_MAC_BYTES);
    let macInputStart = macAt.start;
    if (this.tamper) {
      const encAt = placeholder(url, 'enc', 2 * TAG_TAMPER_FILE_DATA_BYTES);
      const enc = encryptSdmFileData(
        this.fileReadKey,
        this.uid,
        this.readCounter,
        tamperFileData(this.tamperStatus),
      );
      url = overwrite(url, encAt, hexOf(enc));
      macInputStart = encAt.start;
    }
    const macInput = Buffer.from(url.slice(macInputStart, macAt.start), 'ascii');
    return overwrite(url, macAt, hexOf(sdmMac(this.fileReadKey, this.uid, this.readCounter, macInput)));
  }
}

/** What POST …/tags answers (201), as far as a tag needs it. */
export interface ProvisioningAnswer {
  tag: { uid: string };
  provisioning: { sdm_meta_read_key: string; sdm_file_read_key: string; url_template: string };
}

/** The tag a person would write with the provisioning answer (a TT when the template mirrors &enc=). */
export function softwareTagOf(answer: ProvisioningAnswer, options: { counter?: number } = {}): SoftwareTag {
  return new SoftwareTag({
    uid: answer.tag.uid,
    metaReadKey: answer.provisioning.sdm_meta_read_key,
    fileReadKey: answer.provisioning.sdm_file_read_key,
    tamper: /[?&]enc=/.test(answer.provisioning.url_template),
    counter: options.counter,
  });
}
