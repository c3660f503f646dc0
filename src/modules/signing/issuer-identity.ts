import { isIP } from 'node:net';
import type { Config } from '../../config.js';

export { didDocumentUrlOfDid } from './did-web-resolution.js';

/** The issuer as the world sees it: the public base URL, its did:web and where the DID document lives. */
export interface IssuerIdentity {
  /** AVS_PUBLIC_URL (or its default), without a trailing slash. */
  baseUrl: string;
  did: string;
  /** The absolute URL did:web resolution fetches the DID document from. */
  didDocumentUrl: string;
  /** The path of that URL, where this service answers it. */
  didDocumentPath: string;
  /** True when the host is an IP address, which did:web does not allow (a warning at start). */
  hostIsIpAddress: boolean;
}

function isIpHost(hostname: string): boolean {
  return isIP(hostname.replace(/^\[|\]$/g, '')) !== 0;
}

/**
 * The public base URL: AVS_PUBLIC_URL when set; otherwise http://HOST:PORT when HOST is a name and
 * http://localhost:PORT when it is an address (did:web forbids IP addresses, and 0.0.0.0 names no one).
 */
export function publicBaseUrl(config: Pick<Config, 'AVS_PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (config.AVS_PUBLIC_URL) return config.AVS_PUBLIC_URL;
  const host = isIpHost(config.HOST) ? 'localhost' : config.HOST;
  return new URL(`http://${host}:${config.PORT}`).origin;
}

/** did:web of a base URL (W3C did:web method): the port as %3A, path segments joined with ':'. */
export function didWebOf(baseUrl: string): string {
  const url = new URL(baseUrl);
  const host = url.port ? `${url.hostname}%3A${url.port}` : url.hostname;
  const segments = url.pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => encodeURIComponent(decodeURIComponent(segment)));
  return ['did', 'web', host, ...segments].join(':');
}

/** Where did:web resolution fetches the document: <path>/did.json with a path, /.well-known/did.json without. */
function didDocumentUrlOf(baseUrl: string): string {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path === '' ? '/.well-known' : path}/did.json`;
}

export function issuerIdentity(config: Pick<Config, 'AVS_PUBLIC_URL' | 'HOST' | 'PORT'>): IssuerIdentity {
  const baseUrl = publicBaseUrl(config);
  const didDocumentUrl = didDocumentUrlOf(baseUrl);
  return {
    baseUrl,
    did: didWebOf(baseUrl),
    didDocumentUrl,
    didDocumentPath: new URL(didDocumentUrl).pathname,
    hostIsIpAddress: isIpHost(new URL(baseUrl).hostname),
  };
}
