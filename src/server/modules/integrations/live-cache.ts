/** A value a live call produced, or why it failed; failures are cached too so a broken service is not hammered. */
export type LiveResult<T> = { ok: true; data: T } | { ok: false; reason: string };

type Entry<T> = { expiresAt: number; result: LiveResult<T> };

/**
 * Live integration answers in memory on this node, keyed by organisation and connection. Visitors'
 * page loads share one call per key and TTL; concurrent misses share the call in flight.
 */
export class LiveCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly inFlight = new Map<string, Promise<LiveResult<unknown>>>();

  constructor(
    private readonly ttl = { successMs: 5 * 60_000, failureMs: 60_000 },
    private readonly maxEntries = 2000,
    private readonly now = () => Date.now(),
  ) {}

  async get<T>(key: string, load: () => Promise<LiveResult<T>>): Promise<LiveResult<T>> {
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > this.now()) return cached.result as LiveResult<T>;
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<LiveResult<T>>;
    const call = load()
      .then((result) => {
        this.set(key, result);
        return result;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, call);
    return call;
  }

  set<T>(key: string, result: LiveResult<T>): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const ttl = result.ok ? this.ttl.successMs : this.ttl.failureMs;
    this.entries.delete(key);
    this.entries.set(key, { expiresAt: this.now() + ttl, result });
  }

  /** Drops every entry of a connection (disconnect, reconnect, settings change). */
  forget(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}

export function liveKey(organisationId: string, connectionId: string): string {
  return `${organisationId}:${connectionId}`;
}
