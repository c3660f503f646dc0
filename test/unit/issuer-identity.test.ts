import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import {
  didDocumentUrlOfDid,
  didWebOf,
  issuerIdentity,
  publicBaseUrl,
} from '../../src/modules/signing/issuer-identity.js';

describe('issuer identity (did:web)', () => {
  it('defaults the public URL to localhost for an address and to HOST for a name', () => {
    expect(publicBaseUrl(loadConfig({}))).toBe('http://localhost:8080');
    expect(publicBaseUrl(loadConfig({ HOST: '0.0.0.0', PORT: '9000' }))).toBe('http://localhost:9000');
    expect(publicBaseUrl(loadConfig({ HOST: '::1' }))).toBe('http://localhost:8080');
    expect(publicBaseUrl(loadConfig({ HOST: 'avs.internal' }))).toBe('http://avs.internal:8080');
    expect(publicBaseUrl(loadConfig({ AVS_PUBLIC_URL: 'https://avs.example.com/' }))).toBe(
      'https://avs.example.com',
    );
  });

  it('encodes the port as %3A and path segments with colons', () => {
    expect(didWebOf('https://avs.example.com')).toBe('did:web:avs.example.com');
    expect(didWebOf('http://localhost:8080')).toBe('did:web:localhost%3A8080');
    expect(didWebOf('https://example.com:8443/trust/avs')).toBe('did:web:example.com%3A8443:trust:avs');
  });

  it('puts the DID document at /.well-known/did.json without a path and <path>/did.json with one', () => {
    const plain = issuerIdentity(loadConfig({ AVS_PUBLIC_URL: 'https://avs.example.com' }));
    expect(plain.didDocumentUrl).toBe('https://avs.example.com/.well-known/did.json');
    expect(plain.didDocumentPath).toBe('/.well-known/did.json');
    const withPath = issuerIdentity(loadConfig({ AVS_PUBLIC_URL: 'https://example.com/trust/avs' }));
    expect(withPath.did).toBe('did:web:example.com:trust:avs');
    expect(withPath.didDocumentUrl).toBe('https://example.com/trust/avs/did.json');
    expect(withPath.didDocumentPath).toBe('/trust/avs/did.json');
    expect(didDocumentUrlOfDid('did:web:example.com%3A8443:trust:avs')).toBe(
      'https://example.com:8443/trust/avs/did.json',
    );
    expect(didDocumentUrlOfDid('did:web:avs.example.com')).toBe(
      'https://avs.example.com/.well-known/did.json',
    );
  });

  it('flags an IP address host, which did:web does not allow', () => {
    expect(issuerIdentity(loadConfig({ AVS_PUBLIC_URL: 'http://10.0.0.5:8080' })).hostIsIpAddress).toBe(true);
    expect(issuerIdentity(loadConfig({})).hostIsIpAddress).toBe(false);
  });

  it.each([
    ['AVS_PUBLIC_URL', 'ftp://avs.example.com'],
    ['AVS_PUBLIC_URL', 'https://avs.example.com/?x=1'],
    ['AVS_MASTER_KEY', 'c2hvcnQ='],
    ['AVS_MASTER_KEY', 'not base64!'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  });

  it('accepts a 32-byte base64 master key', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ AVS_MASTER_KEY: key }).AVS_MASTER_KEY).toBe(key);
  });
});
