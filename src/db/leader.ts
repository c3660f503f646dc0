import pg from 'pg';

/**
 * libpq's multi-host form, `postgres://user@h1:5432,h2:5432,h3:5432/db?target_session_attrs=read-write`, as one
 * single-host connection string per host (node-postgres takes one host). A single-host string comes back alone.
 */
export function connectionStringsPerHost(connectionString: string): string[] {
  const match = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/s.exec(connectionString);
  const hosts = match?.[3]?.split(',') ?? [];
  if (!match || hosts.length < 2) return [connectionString];
  return hosts.map((host) => `${match[1]}${match[2] ?? ''}${host}${match[4]}`);
}

/** How long a look for the leader waits at least after the last one: a failover's stream of failures asks once. */
const PROBE_GAP_MS = 100;

/**
 * Which of several PostgreSQL hosts (a Patroni cluster's nodes) is the leader, the one that takes writes. New
 * connections go to the host last found writable; a connection that fails, or that finds a standby, has every
 * host asked at once (`pg_is_in_recovery()`), as libpq's `target_session_attrs=read-write` would at each connect.
 */
export class LeaderLocator {
  private index = 0;
  private probing: Promise<void> | undefined;
  private lastProbeAt = 0;

  constructor(
    private readonly urls: readonly string[],
    private readonly connectTimeoutMs: number,
  ) {}

  /** The host believed to be the leader now. */
  get current(): string {
    return this.urls[this.index]!;
  }

  /** A connection to the current host failed or reached a standby: look again (one look at a time). */
  lost(): Promise<void> {
    if (this.probing) return this.probing;
    const wait = Math.max(0, this.lastProbeAt + PROBE_GAP_MS - Date.now());
    this.probing = new Promise((resolve) => setTimeout(resolve, wait))
      .then(() => this.probe())
      .finally(() => {
        this.lastProbeAt = Date.now();
        this.probing = undefined;
      });
    return this.probing;
  }

  private async probe(): Promise<void> {
    const writable = await Promise.all(this.urls.map((url) => this.isWritable(url)));
    const leader = writable.indexOf(true);
    // No leader (an election under way): the next connection tries the same host again, fails fast, looks again.
    if (leader >= 0) this.index = leader;
  }

  private async isWritable(connectionString: string): Promise<boolean> {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: this.connectTimeoutMs });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
      return rows[0]?.standby === false;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
