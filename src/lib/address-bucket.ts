import { isIPv6 } from 'node:net';

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
const DOTTED_TAIL = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The eight 16-bit groups of an IPv6 address (isIPv6 has accepted it): `::` expanded, a dotted tail as two groups. */
function ipv6Groups(address: string): number[] {
  let text = address.split('%', 1)[0]!;
  const dotted = DOTTED_TAIL.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groupsOf = (part: string | undefined) =>
    part ? part.split(':').map((hex) => parseInt(hex, 16)) : [];
  const [head, tail] = text.split('::') as [string, string | undefined];
  if (tail === undefined) return groupsOf(head);
  const before = groupsOf(head);
  const after = groupsOf(tail);
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * What a per-address limit counts a client address under. An IPv6 client is given a whole prefix (a /64 by
 * default) and picks any address in it, so it is counted by its first `ipv6PrefixBits` bits; an IPv4-mapped
 * IPv6 address (::ffff:1.2.3.4) is the IPv4 address it maps; an IPv4 address is itself.
 */
export function addressBucket(address: string, ipv6PrefixBits: number): string {
  const mapped = MAPPED_IPV4.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address.split('%', 1)[0]!)) return address;
  let remaining = ipv6PrefixBits;
  const masked = ipv6Groups(address).map((group) => {
    const kept = Math.max(0, Math.min(16, remaining));
    remaining -= 16;
    return kept === 0 ? 0 : group & (0xffff << (16 - kept)) & 0xffff;
  });
  return `${masked.map((group) => group.toString(16)).join(':')}/${ipv6PrefixBits}`;
}
