import type { DatabaseHandle } from '../../db/client';
import type { ViewerOrganisation } from '../../policy/viewer';
import { organisationChangedChannel } from './publish-organisation-changed';

type Entry<T> = { value: T; revision: number; expiresAt: number };

export type RevisionLookup = (slug: string) => Promise<{ id: string; revision: number } | null>;

/**
 * Per-node cache of what every anonymous visitor of an organisation gets (the organisation and its
 * public page model), keyed by the organisation's revision, which every portal write bumps through
 * publishOrganisationChanged. Its NOTIFY drops entries on every node on commit. With `lookUpRevision`
 * (PostgreSQL, several nodes) each hit is checked against the current revision first, so a read on
 * one node right after a write on another is never stale; on PGlite (one process) hits are trusted.
 */
export type PortalCache = {
  organisationBySlug(
    slug: string,
    load: () => Promise<ViewerOrganisation | null>,
  ): Promise<ViewerOrganisation | null>;
  /** `revision` is the organisation's revision the caller read; a value built at another one is not served. */
  publicValue<T>(organisationId: string, revision: number, key: string, load: () => Promise<T>): Promise<T>;
  invalidate(organisationId: string): void;
  close(): Promise<void>;
};

export async function createPortalCache(
  database: DatabaseHandle,
  options: { ttlMs?: number; lookUpRevision?: RevisionLookup } = {},
): Promise<PortalCache> {
  const ttlMs = options.ttlMs ?? 30_000;
  const slugToOrganisation = new Map<string, Entry<ViewerOrganisation>>();
  const values = new Map<string, Map<string, Entry<unknown>>>();
  // A load that started before an invalidation must not store what it read.
  let invalidationCount = 0;

  function invalidate(organisationId: string) {
    invalidationCount++;
    values.delete(organisationId);
    for (const [slug, entry] of slugToOrganisation) {
      if (entry.value.id === organisationId) slugToOrganisation.delete(slug);
    }
  }

  function clear() {
    invalidationCount++;
    slugToOrganisation.clear();
    values.clear();
  }

  const isLive = (entry: Entry<unknown> | undefined): entry is Entry<unknown> =>
    entry !== undefined && entry.expiresAt > Date.now();

  async function isCurrent(slug: string, entry: Entry<ViewerOrganisation>): Promise<boolean> {
    if (!options.lookUpRevision) return true;
    const current = await options.lookUpRevision(slug);
    return current !== null && current.id === entry.value.id && current.revision === entry.revision;
  }

  const stopListening = await database.listen(organisationChangedChannel, invalidate, clear);

  return {
    async organisationBySlug(slug, load) {
      const cached = slugToOrganisation.get(slug);
      if (isLive(cached) && (await isCurrent(slug, cached))) return cached.value;
      const before = invalidationCount;
      const organisation = await load();
      if (organisation && before === invalidationCount) {
        const entry = { value: organisation, revision: organisation.revision, expiresAt: Date.now() + ttlMs };
        slugToOrganisation.set(slug, entry);
      }
      return organisation;
    },
    async publicValue<T>(organisationId: string, revision: number, key: string, load: () => Promise<T>) {
      const cached = values.get(organisationId)?.get(key);
      if (isLive(cached) && cached.revision === revision) return cached.value as T;
      const before = invalidationCount;
      const value = await load();
      if (before === invalidationCount) {
        let forOrganisation = values.get(organisationId);
        if (!forOrganisation) {
          forOrganisation = new Map();
          values.set(organisationId, forOrganisation);
        }
        forOrganisation.set(key, { value, revision, expiresAt: Date.now() + ttlMs });
      }
      return value;
    },
    invalidate,
    async close() {
      await stopListening();
      clear();
    },
  };
}
