import { describe, expect, it } from 'vitest';
import { addressBucket } from '../../src/lib/address-bucket.js';
import { LOGIN_LIMITS, LoginThrottle } from '../../src/modules/web-pages/login-throttle.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

// Round 3 from outside, item 5: an IPv6 client owns a /64, so a limit keyed on the full address gave it 2^64 buckets.

/** Addresses of one /64 (2001:db8:<net>::/64), each different. */
const inNetwork = (net: number, host: number) => `2001:db8:${net.toString(16)}:0:${host.toString(16)}::1`;

const BURST = 3;
const publicConfig = { AVS_PUBLIC_RATE_LIMIT_PER_SECOND: 0.001, AVS_PUBLIC_RATE_LIMIT_BURST: BURST };

function get(context: TestContext, url: string, remoteAddress: string) {
  return context.app.inject({ method: 'GET', url, remoteAddress });
}

describe('addressBucket', () => {
  it('counts an IPv6 address by its /64, whatever the spelling', () => {
    const bucket = addressBucket('2001:db8:1:2:3:4:5:6', 64);
    expect(addressBucket('2001:0db8:0001:0002:ffff:ffff:ffff:ffff', 64)).toBe(bucket);
    expect(addressBucket('2001:db8:1:2::1', 64)).toBe(bucket);
    expect(addressBucket('2001:db8:1:2::9%eth0', 64)).toBe(bucket);
    expect(addressBucket('2001:db8:1:3::1', 64)).not.toBe(bucket);
    expect(addressBucket('2001:db8:1:2::1', 128)).not.toBe(addressBucket('2001:db8:1:2::2', 128));
    expect(addressBucket('2001:db8:1:2::1', 48)).toBe(addressBucket('2001:db8:1:ffff::2', 48));
    expect(addressBucket('2001:db8:1:2::1', 56)).toBe(addressBucket('2001:db8:1:ff::2', 56));
    expect(addressBucket('2001:db8:1:2::1', 56)).not.toBe(addressBucket('2001:db8:1:300::2', 56));
    expect(addressBucket('64:ff9b::192.0.2.1', 128)).toBe(addressBucket('64:ff9b::c000:201', 128));
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, and IPv4 as itself', () => {
    expect(addressBucket('::ffff:192.0.2.7', 64)).toBe('192.0.2.7');
    expect(addressBucket('::FFFF:192.0.2.7', 128)).toBe('192.0.2.7');
    expect(addressBucket('192.0.2.7', 64)).toBe('192.0.2.7');
  });
});

describe('the public bucket (pages, /t, /c/search) with AVS_RATE_LIMIT_IPV6_PREFIX at its default', () => {
  const context = useTestContext({ config: publicConfig });

  it('is one for every address of a /64 on the public pages', async () => {
    for (let host = 1; host <= BURST; host++) {
      expect((await get(context, '/c/ART-2026-999999', inNetwork(1, host))).statusCode).toBe(404);
    }
    const next = await get(context, '/c/ART-2026-999999', inNetwork(1, 99));
    expect(next.statusCode).toBe(429);
    // Another /64 has its own.
    expect((await get(context, '/c/ART-2026-999999', inNetwork(2, 1))).statusCode).toBe(404);
  });

  it('is one for every address of a /64 at /t', async () => {
    for (let host = 1; host <= BURST; host++) {
      expect((await get(context, '/t?uid=04AABBCCDDEEFF', inNetwork(3, host))).statusCode).not.toBe(429);
    }
    expect((await get(context, '/t?uid=04AABBCCDDEEFF', inNetwork(3, 99))).statusCode).toBe(429);
  });

  it('is one for every address of a /64 at the keyless photo search', async () => {
    const search = (remoteAddress: string) =>
      context.app.inject({
        method: 'POST',
        url: '/c/search',
        headers: { 'content-type': 'image/png' },
        payload: Buffer.from('not an image'),
        remoteAddress,
      });
    // A search draws publicPhotoSearchTokens (10) at once: the first empties the bucket of the whole /64.
    expect((await search(inNetwork(4, 1))).statusCode).not.toBe(429);
    expect((await search(inNetwork(4, 2))).statusCode).toBe(429);
    expect((await search(inNetwork(9, 1))).statusCode).not.toBe(429);
  });

  it('counts ::ffff:a.b.c.d as a.b.c.d', async () => {
    for (let round = 1; round <= BURST; round++) {
      expect((await get(context, '/c/ART-2026-999999', '198.51.100.40')).statusCode).toBe(404);
    }
    expect((await get(context, '/c/ART-2026-999999', '::ffff:198.51.100.40')).statusCode).toBe(429);
  });
});

describe('with AVS_RATE_LIMIT_IPV6_PREFIX=128', () => {
  const context = useTestContext({ config: { ...publicConfig, AVS_RATE_LIMIT_IPV6_PREFIX: 128 } });

  it('gives each address its own bucket', async () => {
    for (let host = 1; host <= BURST + 2; host++) {
      expect((await get(context, '/c/ART-2026-999999', inNetwork(5, host))).statusCode).toBe(404);
    }
  });
});

describe('failed authentications', () => {
  const context = useTestContext();

  it('are counted per /64', async () => {
    const statuses: number[] = [];
    // AUTH_FAILURE_POLICY's burst is 200 (and 5 a second more): 300 wrong keys, each from another address of
    // the /64, run past it; one bucket per address would never refuse.
    for (let host = 1; host <= 300; host++) {
      const response = await context.app.inject({
        method: 'GET',
        url: '/api/v1/assets/artworks',
        headers: { authorization: 'Bearer avs_live_not-a-key' },
        remoteAddress: inNetwork(6, host),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 200).every((status) => status === 401)).toBe(true);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  });
});

describe('the sign-in throttle', () => {
  it('counts the failures of a /64 together', () => {
    const throttle = new LoginThrottle({ ipv6PrefixBits: 64 });
    const { maxFailures } = LOGIN_LIMITS.perAddress;
    for (let host = 1; host <= maxFailures; host++) {
      throttle.recordFailure(inNetwork(7, host), `someone-${host}@example.org`);
    }
    expect(throttle.retryAfterSeconds(inNetwork(7, 999), 'another@example.org')).toBeGreaterThan(0);
    expect(throttle.retryAfterSecondsForAddress(inNetwork(7, 1000))).toBeGreaterThan(0);
    expect(throttle.retryAfterSeconds(inNetwork(8, 1), 'another@example.org')).toBe(0);
  });

  it('counts an IPv4-mapped address as its IPv4 address', () => {
    const throttle = new LoginThrottle({ ipv6PrefixBits: 64 });
    for (let round = 1; round <= LOGIN_LIMITS.perAddress.maxFailures; round++) {
      throttle.recordFailure('203.0.113.9', `someone-${round}@example.org`);
    }
    expect(throttle.retryAfterSeconds('::ffff:203.0.113.9', 'another@example.org')).toBeGreaterThan(0);
  });
});
