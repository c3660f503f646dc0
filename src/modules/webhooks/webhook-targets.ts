import { BlockList, isIP } from 'node:net';
import { limits } from '../../limits.js';
import { AppError, type ErrorDetailArgs } from '../../errors/error-catalogue.js';

type Range = [address: string, prefix: number, reason: string];

// Every range a webhook may never reach: private, loopback, link-local, unique-local, multicast, unspecified,
// plus the reserved and translation ranges that can smuggle one of those in.
const IPV4_RANGES: Range[] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private (shared address space)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved (documentation)'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved (benchmarking)'],
  ['198.51.100.0', 24, 'reserved (documentation)'],
  ['203.0.113.0', 24, 'reserved (documentation)'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const IPV6_RANGES: Range[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  // IPv4-compatible addresses (deprecated) embed an IPv4 address.
  ['::', 96, 'reserved (IPv4-compatible)'],
  ['64:ff9b::', 96, 'reserved (NAT64)'],
  ['64:ff9b:1::', 48, 'reserved (NAT64)'],
  ['100::', 64, 'reserved (discard)'],
  ['2001::', 32, 'reserved (Teredo)'],
  ['2001:db8::', 32, 'reserved (documentation)'],
  ['2002::', 16, 'reserved (6to4)'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

function blockListOf(ranges: Range[], family: 'ipv4' | 'ipv6'): Array<[BlockList, string]> {
  return ranges.map(([address, prefix, reason]) => {
    const list = new BlockList();
    list.addSubnet(address, prefix, family);
    return [list, reason];
  });
}

const ipv4Lists = blockListOf(IPV4_RANGES, 'ipv4');
const ipv6Lists = blockListOf(IPV6_RANGES, 'ipv6');

const IPV4_MAPPED = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i;
const IPV4_MAPPED_HEX = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d, also written ::ffff:7f00:1) as its IPv4 address. */
function unmapIpv4(address: string): string | undefined {
  const dotted = IPV4_MAPPED.exec(address);
  if (dotted) return dotted[1];
  const hex = IPV4_MAPPED_HEX.exec(address);
  if (!hex) return undefined;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Why an IP address may not be a webhook target ("loopback", "private"…), or undefined when it may. */
export function forbiddenAddressReason(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return ipv4Lists.find(([list]) => list.check(bare, 'ipv4'))?.[1];
  if (family !== 6) return 'not an IP address';
  const mapped = unmapIpv4(bare);
  if (mapped !== undefined) return forbiddenAddressReason(mapped);
  const lower = bare.toLowerCase();
  // Zone ids (fe80::1%eth0) only exist on link-local addresses.
  if (lower.includes('%')) return 'link-local';
  return ipv6Lists.find(([list]) => list.check(lower, 'ipv6'))?.[1];
}

/** localhost and every name under .localhost resolve to the machine itself (RFC 6761). */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** The hostname of a URL as DNS or the socket wants it: IPv6 literals lose their brackets. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

function refused(...detail: ErrorDetailArgs<'invalid_webhook_url'>): TargetCheck {
  return { ok: false, error: new AppError('invalid_webhook_url', ...detail) };
}

export type TargetCheck = { ok: true; url: URL } | { ok: false; error: AppError<'invalid_webhook_url'> };

// C0 controls (NUL, tab, newline…), DEL and the C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Registration-time check of a webhook URL: https only, no credentials, and no host that is localhost or an IP
 * literal in a forbidden range. allowInsecure (development and tests) permits http and private targets.
 * WHATWG parsing normalises odd IPv4 forms (0x7f.1, 2130706433, 017700000001, 127.1) before the check.
 */
export function checkWebhookUrl(raw: string, allowInsecure: boolean): TargetCheck {
  if (raw.length === 0) return refused('empty');
  if (raw.length > limits.webhookUrlLength) return refused('too_long', { max: limits.webhookUrlLength });
  // The URL parser silently drops tabs and newlines and percent-encodes the rest: refuse them instead.
  if (CONTROL_CHARACTERS.test(raw)) return refused('control_characters');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refused('not_absolute');
  }
  const schemes = allowInsecure ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    return refused('scheme', { scheme: url.protocol.slice(0, -1) });
  }
  if (url.username || url.password) {
    return refused('credentials');
  }
  if (!url.hostname) return refused('no_host');
  if (allowInsecure) return { ok: true, url };
  if (isLocalhostName(url.hostname)) {
    return refused('localhost');
  }
  const host = bareHostname(url);
  if (isIP(host)) {
    const range = forbiddenAddressReason(host);
    if (range) return refused('forbidden_address', { range, host });
  }
  return { ok: true, url };
}
