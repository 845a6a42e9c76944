import { LRUCache } from 'lru-cache';
import { type DatabaseHandle, isDatabaseUnreachable } from '../../db/client';
import type { ViewerOrganisation } from '../../policy/viewer';
import { shareFreshReads } from './fresh-reads';
import {
  createMemberSessionCache,
  type MemberSessionCache,
  memberAccessChangedChannel,
} from './member-session-cache';

/** Published by core's publishOrganisationChanged on commit of a portal-changing write; every node listens. */
export const organisationChangedChannel = 'attest_organisation_changed';

/** `confirmedAt`: when the database last said this is current; bounds how long it may be served stale. */
type Entry<T> = { value: T; revision: number; expiresAt: number; confirmedAt: number };

/** Told when an organisation is served from memory because its revision could not be read. */
export type StaleHandler = (lastConfirmed: Date) => void;

export type RevisionLookup = (
  slug: string,
) => Promise<{ id: string; revision: number; accessRevision: number } | null>;

/**
 * Per-node cache of what every anonymous visitor of an organisation gets (the organisation and its
 * public page model), keyed by the organisation's revision, which every portal write bumps through
 * publishOrganisationChanged. Its NOTIFY drops entries on every node on commit. With `lookUpRevision`
 * (PostgreSQL, several nodes) each hit is checked against the current revision first, so a read on
 * one node right after a write on another is never stale (concurrent checks share a read that began
 * after they arrived); on PGlite (one process) hits are trusted.
 */
export type PortalCache = {
  /** With `onStale`, a database outage serves the last organisation read, up to `staleMaxAgeMs` old. */
  organisationBySlug(
    slug: string,
    load: () => Promise<ViewerOrganisation | null>,
    onStale?: StaleHandler,
  ): Promise<ViewerOrganisation | null>;
  /** `revision` is the organisation's revision the caller read; a value built at another one is not served. */
  publicValue<T>(organisationId: string, revision: number, key: string, load: () => Promise<T>): Promise<T>;
  /**
   * Like publicValue, for ready response bodies: `key` must name everything the bytes depend on (the
   * viewer's access shape among them). Kept in a least-recently-used store bounded by `maxBodyBytes`.
   */
  body<T extends { byteLength: number }>(
    organisationId: string,
    revision: number,
    key: string,
    load: () => Promise<T>,
  ): Promise<T>;
  invalidate(organisationId: string): void;
  /** Signed-in members' sessions, dropped on every node when their rights change. */
  memberSessions: MemberSessionCache;
  /** Lookups since start: answered from memory, loaded from the database, served stale in an outage. */
  lookups: { hit: number; miss: number; stale: number };
  close(): Promise<void>;
};

export async function createPortalCache(
  database: DatabaseHandle,
  options: {
    ttlMs?: number;
    staleMaxAgeMs?: number;
    lookUpRevision?: RevisionLookup;
    maxBodyBytes?: number;
    memberSessionTtlMs?: number;
  } = {},
): Promise<PortalCache> {
  const ttlMs = options.ttlMs ?? 30_000;
  const staleMaxAgeMs = options.staleMaxAgeMs ?? 0;
  const slugToOrganisation = new Map<string, Entry<ViewerOrganisation>>();
  const values: ValueStore = mapStore();
  const bodies: ValueStore = lruStore(options.maxBodyBytes ?? defaultMaxBodyBytes);
  // A load that started before an invalidation must not store what it read.
  let invalidationCount = 0;
  const lookups = { hit: 0, miss: 0, stale: 0 };
  const memberSessions = createMemberSessionCache({ ttlMs: options.memberSessionTtlMs });
  const lookUpRevision = options.lookUpRevision && shareFreshReads(options.lookUpRevision);

  function invalidate(organisationId: string) {
    invalidationCount++;
    values.deleteOrganisation(organisationId);
    bodies.deleteOrganisation(organisationId);
    for (const [slug, entry] of slugToOrganisation) {
      if (entry.value.id === organisationId) slugToOrganisation.delete(slug);
    }
  }

  function clear() {
    invalidationCount++;
    slugToOrganisation.clear();
    values.clear();
    bodies.clear();
  }

  const isLive = (entry: Entry<unknown> | undefined): entry is Entry<unknown> =>
    entry !== undefined && entry.expiresAt > Date.now();

  /** The cached organisation if it is current, with the access revision just read; null if not current. */
  async function currentOrganisation(
    slug: string,
    entry: Entry<ViewerOrganisation>,
  ): Promise<ViewerOrganisation | null> {
    if (!lookUpRevision) return entry.value;
    const current = await lookUpRevision(slug);
    if (current === null || current.id !== entry.value.id || current.revision !== entry.revision) return null;
    return current.accessRevision === entry.value.accessRevision
      ? entry.value
      : { ...entry.value, accessRevision: current.accessRevision };
  }

  /** A value kept in memory may stand in for the database while it cannot be reached, for a bounded time. */
  function canServeStale(entry: Entry<unknown> | undefined, error: unknown): entry is Entry<unknown> {
    return (
      entry !== undefined && Date.now() - entry.confirmedAt <= staleMaxAgeMs && isDatabaseUnreachable(error)
    );
  }

  /**
   * Requests that miss the same entry together share one load: a crowd arriving as an entry expires
   * (or right after an edit) waits for one page build instead of each starting its own and stalling
   * the node. Keyed with the invalidation count, so no one joins a load an invalidation made stale.
   */
  const loading = new Map<ValueStore, Map<string, Promise<unknown>>>();
  function loadOnce<T>(store: ValueStore, key: string, load: () => Promise<T>): Promise<T> {
    let inStore = loading.get(store);
    if (!inStore) {
      inStore = new Map();
      loading.set(store, inStore);
    }
    const running = inStore.get(key);
    if (running) return running as Promise<T>;
    const started = load().finally(() => inStore.delete(key));
    inStore.set(key, started);
    return started;
  }

  async function cachedValue<T>(
    store: ValueStore,
    organisationId: string,
    revision: number,
    key: string,
    load: () => Promise<T>,
  ): Promise<T> {
    const cached = store.get(organisationId, key);
    if (isLive(cached) && cached.revision === revision) {
      lookups.hit++;
      return cached.value as T;
    }
    lookups.miss++;
    const before = invalidationCount;
    let value: T;
    try {
      value = await loadOnce(store, `${before}:${organisationId}:${revision}:${key}`, load);
    } catch (error) {
      // What was built at this very revision is still its content; only time-bound parts may have aged.
      if (cached?.revision === revision && canServeStale(cached, error)) {
        lookups.stale++;
        return cached.value as T;
      }
      throw error;
    }
    if (before === invalidationCount) {
      const now = Date.now();
      store.set(organisationId, key, { value, revision, expiresAt: now + ttlMs, confirmedAt: now });
    }
    return value;
  }

  const stopListening = await database.listen(organisationChangedChannel, invalidate, clear);
  const stopListeningToAccess = await database.listen(
    memberAccessChangedChannel,
    memberSessions.onAccessChanged,
    memberSessions.clear,
  );

  return {
    async organisationBySlug(slug, load, onStale) {
      const cached = slugToOrganisation.get(slug);
      const serveStaleOrThrow = (error: unknown) => {
        if (!onStale || !canServeStale(cached, error)) throw error;
        lookups.stale++;
        onStale(new Date(cached!.confirmedAt));
        return cached!.value;
      };
      if (isLive(cached)) {
        let current: ViewerOrganisation | null;
        try {
          current = await currentOrganisation(slug, cached);
        } catch (error) {
          return serveStaleOrThrow(error);
        }
        if (current) {
          lookups.hit++;
          cached.confirmedAt = Date.now();
          return current;
        }
      }
      lookups.miss++;
      const before = invalidationCount;
      let organisation: ViewerOrganisation | null;
      try {
        organisation = await load();
      } catch (error) {
        return serveStaleOrThrow(error);
      }
      if (organisation && before === invalidationCount) {
        const now = Date.now();
        const entry = {
          value: organisation,
          revision: organisation.revision,
          expiresAt: now + ttlMs,
          confirmedAt: now,
        };
        slugToOrganisation.set(slug, entry);
      }
      return organisation;
    },
    publicValue: (organisationId, revision, key, load) =>
      cachedValue(values, organisationId, revision, key, load),
    body: (organisationId, revision, key, load) => cachedValue(bodies, organisationId, revision, key, load),
    invalidate,
    memberSessions,
    lookups,
    async close() {
      await stopListening();
      await stopListeningToAccess();
      clear();
      memberSessions.clear();
    },
  };
}

/** Bodies kept per node by default: a few hundred pages and views of the busiest organisations. */
const defaultMaxBodyBytes = 64 * 1024 * 1024;

type ValueStore = {
  get(organisationId: string, key: string): Entry<unknown> | undefined;
  set(organisationId: string, key: string, entry: Entry<unknown>): void;
  deleteOrganisation(organisationId: string): void;
  clear(): void;
};

/** Page models and small answers: a handful of keys per organisation, dropped with it. */
function mapStore(): ValueStore {
  const byOrganisation = new Map<string, Map<string, Entry<unknown>>>();
  return {
    get: (organisationId, key) => byOrganisation.get(organisationId)?.get(key),
    set(organisationId, key, entry) {
      let forOrganisation = byOrganisation.get(organisationId);
      if (!forOrganisation) {
        forOrganisation = new Map();
        byOrganisation.set(organisationId, forOrganisation);
      }
      forOrganisation.set(key, entry);
    },
    deleteOrganisation: (organisationId) => byOrganisation.delete(organisationId),
    clear: () => byOrganisation.clear(),
  };
}

/** Response bodies: many keys (pages x access shapes), so bounded by their bytes, least recently used out. */
function lruStore(maxBytes: number): ValueStore {
  const keysOf = new Map<string, Set<string>>();
  const separator = '\n';
  const fullKey = (organisationId: string, key: string) => `${organisationId}${separator}${key}`;
  const entries = new LRUCache<string, Entry<unknown>>({
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, (entry.value as { byteLength: number }).byteLength),
    // Evicted or replaced: forget the key too, so the per-organisation index stays as small as the store.
    dispose: (_entry, stored) => {
      const at = stored.indexOf(separator);
      const organisationId = stored.slice(0, at);
      const keys = keysOf.get(organisationId);
      keys?.delete(stored.slice(at + 1));
      if (keys?.size === 0) keysOf.delete(organisationId);
    },
  });
  return {
    get: (organisationId, key) => entries.get(fullKey(organisationId, key)),
    set(organisationId, key, entry) {
      if ((entry.value as { byteLength: number }).byteLength > maxBytes) return;
      entries.set(fullKey(organisationId, key), entry);
      let keys = keysOf.get(organisationId);
      if (!keys) {
        keys = new Set();
        keysOf.set(organisationId, keys);
      }
      keys.add(key);
    },
    deleteOrganisation(organisationId) {
      for (const key of [...(keysOf.get(organisationId) ?? [])]) entries.delete(fullKey(organisationId, key));
    },
    clear: () => entries.clear(),
  };
}
