import { describe, expect, it } from 'vitest';
import { ndefTemplate } from '../../src/modules/tags/ndef-template.js';

/** The ASCII of `length` bytes of the NDEF file at `offset`. */
const at = (file: Buffer, offset: number, length: number) =>
  file.subarray(offset, offset + length).toString('ascii');

describe('the NDEF file of a tag (docs/tags.md, "The NDEF file")', () => {
  it('is NLEN, a short URI record with the https:// prefix byte, then the template, zeros where the chip mirrors', () => {
    const { urlTemplate, offsets, file } = ndefTemplate('https://avs.example.com', false);
    expect(urlTemplate).toBe(`https://avs.example.com/t?picc_data=${'0'.repeat(32)}&cmac=${'0'.repeat(16)}`);
    const uri = 'avs.example.com/t?picc_data=' + '0'.repeat(32) + '&cmac=' + '0'.repeat(16);
    expect(file.readUInt16BE(0)).toBe(file.length - 2);
    expect([...file.subarray(2, 7)]).toEqual([0xd1, 0x01, 1 + uri.length, 0x55, 0x04]);
    expect(at(file, 7, uri.length)).toBe(uri);
    expect(offsets).toEqual({ picc_data: 35, mac_input: 73, mac: 73 });
    expect(at(file, offsets.picc_data - 'picc_data='.length, 'picc_data='.length + 32)).toBe(
      `picc_data=${'0'.repeat(32)}`,
    );
    expect(at(file, offsets.mac - 'cmac='.length, 'cmac='.length + 16)).toBe(`cmac=${'0'.repeat(16)}`);
    // The MAC is the last thing in the file; its input is empty, as in AN12196.
    expect(offsets.mac + 16).toBe(file.length);
  });

  it('with tamper, puts the encrypted file data between the PICC data and the MAC, and starts the MAC input there', () => {
    const { urlTemplate, offsets, file } = ndefTemplate('https://avs.example.com', true);
    expect(urlTemplate).toBe(
      `https://avs.example.com/t?picc_data=${'0'.repeat(32)}&enc=${'0'.repeat(32)}&cmac=${'0'.repeat(16)}`,
    );
    expect(offsets).toEqual({ picc_data: 35, enc: 72, mac_input: 72, mac: 110 });
    expect(at(file, offsets.enc!, 32)).toBe('0'.repeat(32));
    // What the MAC covers: the enc value as the chip writes it, then "&cmac=".
    expect(at(file, offsets.mac_input, offsets.mac - offsets.mac_input)).toBe(`${'0'.repeat(32)}&cmac=`);
  });

  it('takes the longest URI prefix the NFC Forum defines, and none for another scheme of address', () => {
    const prefixOf = (base: string) => ndefTemplate(base, false).file[6];
    expect(prefixOf('https://www.example.com')).toBe(0x02);
    expect(prefixOf('http://www.example.com')).toBe(0x01);
    expect(prefixOf('http://localhost:8080')).toBe(0x03);
    const local = ndefTemplate('http://localhost:8080', false);
    expect(at(local.file, 7, 'localhost:8080/t?'.length)).toBe('localhost:8080/t?');
    expect(local.offsets.picc_data).toBe(7 + 'localhost:8080/t?picc_data='.length);
  });

  it('moves every offset by 3 when the URI needs a long record (a payload over 255 bytes)', () => {
    const base = `https://avs.example.com/${'p'.repeat(200)}`;
    const { offsets, file } = ndefTemplate(base, false);
    expect(file[2]).toBe(0xc1);
    expect(file.readUInt32BE(4)).toBe(file.length - 2 - 7);
    expect(file[9]).toBe(0x04);
    expect(at(file, offsets.picc_data, 32)).toBe('0'.repeat(32));
    expect(offsets.picc_data).toBe(10 + base.length - 'https://'.length + '/t?picc_data='.length);
  });
});
