import { addressBucket } from '../../lib/address-bucket.js';

/** How many failed log-ins each counter allows over its sliding window. */
export const LOGIN_LIMITS = Object.freeze({
  /** One client address, whatever the emails it tries (an office behind one NAT shares it). */
  perAddress: { maxFailures: 20, windowMs: 15 * 60 * 1000 },
  /** One email from one address: the guessing of one person's password from one place. */
  perEmailAndAddress: { maxFailures: 5, windowMs: 15 * 60 * 1000 },
  /**
   * One email from everywhere, slower: a spread-out guess at one account. An address the account has
   * logged in from before still gets through it (else anyone knowing the email could lock its owner out).
   */
  perEmail: { maxFailures: 30, windowMs: 60 * 60 * 1000 },
});

type Limit = { maxFailures: number; windowMs: number };

/** Addresses remembered per email as having logged in (the most recent ones). */
const KNOWN_ADDRESSES_PER_EMAIL = 20;

/**
 * Failed log-ins counted per client address, per (email, address) and per email, in memory, over sliding
 * windows. In memory is enough: log-in is rare, and several instances only multiply the allowance by N.
 * Emails arrive normalised (normaliseEmail), the same form the account look-up uses; addresses are counted by
 * their addressBucket (an IPv6 client by its prefix).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly knownAddresses = new Map<string, string[]>();

  private readonly limits: typeof LOGIN_LIMITS;
  private readonly ipv6PrefixBits: number;

  constructor(options: { ipv6PrefixBits: number; limits?: typeof LOGIN_LIMITS }) {
    this.limits = options.limits ?? LOGIN_LIMITS;
    this.ipv6PrefixBits = options.ipv6PrefixBits;
  }

  private bucketOf(address: string): string {
    return addressBucket(address, this.ipv6PrefixBits);
  }

  /** Seconds until the next attempt is allowed for this address and email; 0 when allowed now. */
  retryAfterSeconds(clientAddress: string, email: string, now = Date.now()): number {
    const address = this.bucketOf(clientAddress);
    const counters: [string, Limit][] = [
      [`address:${address}`, this.limits.perAddress],
      [`pair:${email}\u0000${address}`, this.limits.perEmailAndAddress],
    ];
    if (!this.knownAddresses.get(email)?.includes(address))
      counters.push([`email:${email}`, this.limits.perEmail]);
    return Math.max(0, ...counters.map(([key, limit]) => this.wait(key, limit, now)));
  }

  recordFailure(clientAddress: string, email: string, now = Date.now()): void {
    const address = this.bucketOf(clientAddress);
    const counters: [string, Limit][] = [
      [`address:${address}`, this.limits.perAddress],
      [`pair:${email}\u0000${address}`, this.limits.perEmailAndAddress],
      [`email:${email}`, this.limits.perEmail],
    ];
    for (const [key, limit] of counters) this.failures.set(key, [...this.recent(key, limit, now), now]);
    if (this.failures.size > 100_000) this.prune(now);
  }

  /** Seconds until the next attempt from this address is allowed, for a sign-in that names no email (a passkey). */
  retryAfterSecondsForAddress(clientAddress: string, now = Date.now()): number {
    return this.wait(`address:${this.bucketOf(clientAddress)}`, this.limits.perAddress, now);
  }

  /** A refused sign-in that named no email: it counts against the address only. */
  recordAddressFailure(clientAddress: string, now = Date.now()): void {
    const key = `address:${this.bucketOf(clientAddress)}`;
    this.failures.set(key, [...this.recent(key, this.limits.perAddress, now), now]);
    if (this.failures.size > 100_000) this.prune(now);
  }

  /** A correct password: this address's guesses at the email are forgiven and the address is remembered. */
  recordSuccess(clientAddress: string, email: string): void {
    const address = this.bucketOf(clientAddress);
    this.failures.delete(`pair:${email}\u0000${address}`);
    const known = (this.knownAddresses.get(email) ?? []).filter((known) => known !== address);
    this.knownAddresses.set(email, [...known, address].slice(-KNOWN_ADDRESSES_PER_EMAIL));
    if (this.knownAddresses.size > 10_000)
      this.knownAddresses.delete(this.knownAddresses.keys().next().value!);
  }

  private wait(key: string, limit: Limit, now: number): number {
    const recent = this.recent(key, limit, now);
    if (recent.length < limit.maxFailures) return 0;
    const oldestCounted = recent[recent.length - limit.maxFailures]!;
    return Math.ceil((oldestCounted + limit.windowMs - now) / 1000);
  }

  private recent(key: string, limit: Limit, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => now - at < limit.windowMs);
  }

  private prune(now: number): void {
    const longest = Math.max(...Object.values(this.limits).map((limit) => limit.windowMs));
    for (const [key, times] of this.failures) {
      if (times.every((at) => now - at >= longest)) this.failures.delete(key);
    }
  }
}
