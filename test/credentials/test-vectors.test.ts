import { readFileSync } from 'node:fs';
import { createPrivateKey } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/lib/canonical-json.js';
import { signEddsaJcs2022, verifyEddsaJcs2022 } from '../../src/modules/signing/data-integrity.js';
import {
  decodeMultibaseBase58,
  publicKeyObjectOfRaw,
  rawPublicKeyOfMultibase,
} from '../../src/modules/signing/multikey.js';

// The W3C vc-di-eddsa test vectors for eddsa-jcs-2022 (test/fixtures/vc-di-eddsa/README.md names the source).
const dir = path.join(import.meta.dirname, '..', 'fixtures', 'vc-di-eddsa');
const text = (file: string) => readFileSync(path.join(dir, file), 'utf8').trim();
const json = (file: string) => JSON.parse(text(file)) as Record<string, unknown>;

const keyPair = json('keyPair.json') as { publicKeyMultibase: string; privateKeyMultibase: string };
const publicKey = publicKeyObjectOfRaw(rawPublicKeyOfMultibase(keyPair.publicKeyMultibase)!);

describe('the W3C eddsa-jcs-2022 test vectors', () => {
  it('verify with our verifier', () => {
    expect(verifyEddsaJcs2022(json('signedJCS.json'), publicKey)).toMatchObject({ verified: true });
  });

  it('are reproduced step by step by our signer (same canonical forms, same signature)', () => {
    expect(canonicalJson(json('unsigned.json'))).toBe(text('canonDocJCS.txt'));
    expect(canonicalJson(json('proofConfigJCS.json'))).toBe(text('proofCanonJCS.txt'));
    // The private key: multibase 0x8026 (ed25519-priv) || 32-byte seed, wrapped here as PKCS#8.
    const seed = decodeMultibaseBase58(keyPair.privateKeyMultibase)!.slice(2);
    const pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');
    const privateKey = createPrivateKey({
      key: Buffer.concat([pkcs8Prefix, seed]),
      format: 'der',
      type: 'pkcs8',
    });
    const config = json('proofConfigJCS.json');
    const signed = signEddsaJcs2022(json('unsigned.json'), privateKey, {
      verificationMethod: config.verificationMethod as string,
      created: new Date(config.created as string),
    });
    expect(signed.proof.proofValue).toBe(text('sigBTC58JCS.txt'));
    expect(Buffer.from(decodeMultibaseBase58(signed.proof.proofValue)!).toString('hex')).toBe(
      text('sigHexJCS.txt'),
    );
    expect(canonicalJson(signed)).toBe(canonicalJson(json('signedJCS.json')));
  });

  it('fail when any one byte changes', () => {
    const original = text('signedJCS.json');
    const positions = [
      original.indexOf('Alumni Credential') + 2,
      original.indexOf('did:example:abcdefgh') + 12,
      original.indexOf('2023-01-01') + 3,
      original.indexOf('2023-02-24') + 9,
      original.indexOf('assertionMethod') + 1,
    ];
    for (const position of positions) {
      const changed = `${original.slice(0, position)}${original[position] === 'x' ? 'y' : 'x'}${original.slice(position + 1)}`;
      expect(verifyEddsaJcs2022(JSON.parse(changed), publicKey), `byte ${position}`).toMatchObject({
        verified: false,
      });
    }
    const signed = json('signedJCS.json') as { proof: { proofValue: string } };
    const value = signed.proof.proofValue;
    signed.proof.proofValue = `${value.slice(0, 20)}${value[20] === 'A' ? 'B' : 'A'}${value.slice(21)}`;
    expect(verifyEddsaJcs2022(signed, publicKey)).toMatchObject({ verified: false });
  });
});
