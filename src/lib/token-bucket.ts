import type { Redis } from 'ioredis';

/**
 * A token bucket: `burst` tokens at most, refilled at `ratePerSecond`; each request takes one. A costlier
 * take (a verification hashing a long history) is served while the bucket holds a token and takes its whole
 * cost, so the bucket may go below zero: the key then waits the debt out. Never a cap on what one request costs.
 */
export interface BucketPolicy {
  ratePerSecond: number;
  burst: number;
}

export interface BucketDecision {
  allowed: boolean;
  /** The bucket size (RateLimit-Limit). */
  limit: number;
  /** Whole tokens left after this request (RateLimit-Remaining). */
  remaining: number;
  /** Seconds until the bucket is full again (RateLimit-Reset). */
  resetSeconds: number;
  /** Seconds until one token is available: 0 when allowed (Retry-After). */
  retryAfterSeconds: number;
}

export interface TokenBucketStore {
  /** Takes `cost` tokens (1 by default) when the bucket holds at least one. */
  take(key: string, policy: BucketPolicy, cost?: number): Promise<BucketDecision>;
}

function decide(tokens: number, allowed: boolean, policy: BucketPolicy): BucketDecision {
  const missing = Math.max(0, policy.burst - tokens);
  return {
    allowed,
    limit: policy.burst,
    remaining: Math.max(0, Math.floor(tokens)),
    resetSeconds: Math.ceil(missing / policy.ratePerSecond),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / policy.ratePerSecond)),
  };
}

interface Bucket {
  tokens: number;
  updatedAt: number;
  /** When the bucket will have refilled completely: from then on it is the same as none. */
  fullAt: number;
}

/** Buckets in this process's memory; a full bucket is the same as none, so idle ones are swept. */
export class MemoryTokenBuckets implements TokenBucketStore {
  private readonly buckets = new Map<string, Bucket>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly now: () => number = () => performance.now(),
    sweepIntervalMs = 60_000,
  ) {
    this.sweeper = setInterval(() => this.sweep(), sweepIntervalMs);
    this.sweeper.unref();
  }

  async take(key: string, policy: BucketPolicy, cost = 1): Promise<BucketDecision> {
    return this.takeSync(key, policy, cost);
  }

  takeSync(key: string, policy: BucketPolicy, cost = 1): BucketDecision {
    const now = this.now();
    const bucket = this.buckets.get(key);
    let tokens = bucket
      ? Math.min(policy.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * policy.ratePerSecond)
      : policy.burst;
    const allowed = tokens >= 1;
    if (allowed) tokens -= cost;
    const fullAt = now + ((policy.burst - tokens) / policy.ratePerSecond) * 1000;
    this.buckets.set(key, { tokens, updatedAt: now, fullAt });
    return decide(tokens, allowed, policy);
  }

  get size(): number {
    return this.buckets.size;
  }

  /** Drops buckets that have refilled completely, whatever their rate. */
  sweep(): void {
    const now = this.now();
    for (const [key, bucket] of this.buckets) if (bucket.fullAt <= now) this.buckets.delete(key);
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}

// Atomic in Redis: read, refill, take and write in one script, on Redis's clock so instances agree.
const TAKE_SCRIPT = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local cost = tonumber(ARGV[3]) or 1
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(state[1])
local ts = tonumber(state[2])
if tokens == nil or ts == nil then
  tokens = burst
else
  tokens = math.min(burst, tokens + math.max(0, now - ts) * rate / 1000)
end
local allowed = 0
if tokens >= 1 then
  tokens = tokens - cost
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) * 1000 / rate) + 1000)
return { allowed, tostring(tokens) }
`;

type RedisWithTake = Redis & {
  avsTakeToken(key: string, rate: number, burst: number, cost: number): Promise<[number, string]>;
};

/** Buckets shared by every instance through Redis. */
export class RedisTokenBuckets implements TokenBucketStore {
  private readonly redis: RedisWithTake;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    if (!('avsTakeToken' in redis))
      redis.defineCommand('avsTakeToken', { numberOfKeys: 1, lua: TAKE_SCRIPT });
    this.redis = redis as RedisWithTake;
  }

  async take(key: string, policy: BucketPolicy, cost = 1): Promise<BucketDecision> {
    const [allowed, tokens] = await this.redis.avsTakeToken(
      this.prefix + key,
      policy.ratePerSecond,
      policy.burst,
      cost,
    );
    return decide(Number(tokens), allowed === 1, policy);
  }
}

/**
 * Redis while it answers, this process's memory while it does not: a Redis outage degrades limits
 * to per-instance ones instead of failing requests. `onSwitch` reports each change of store.
 */
export class FallbackTokenBuckets implements TokenBucketStore {
  private usingFallback = false;

  constructor(
    private readonly shared: RedisTokenBuckets,
    private readonly local: MemoryTokenBuckets,
    private readonly isSharedReady: () => boolean,
    private readonly onSwitch: (toFallback: boolean, error?: unknown) => void,
  ) {}

  get degraded(): boolean {
    return this.usingFallback;
  }

  async take(key: string, policy: BucketPolicy, cost = 1): Promise<BucketDecision> {
    if (this.isSharedReady()) {
      try {
        const decision = await this.shared.take(key, policy, cost);
        this.switchTo(false);
        return decision;
      } catch (error) {
        this.switchTo(true, error);
      }
    } else {
      this.switchTo(true);
    }
    return this.local.take(key, policy, cost);
  }

  /** Connection events move between stores at once, so the log tells of an outage even when idle. */
  reportSharedAvailable(available: boolean): void {
    this.switchTo(!available);
  }

  private switchTo(fallback: boolean, error?: unknown): void {
    if (fallback === this.usingFallback) return;
    this.usingFallback = fallback;
    this.onSwitch(fallback, error);
  }
}
