import type { DatabaseHandle } from '../../db/client';
import type { ViewerOrganisation } from '../../policy/viewer';
import { organisationChangedChannel } from './publish-organisation-changed';

type Entry<T> = { value: T; expiresAt: number };

/**
 * Per-node cache of what every anonymous visitor of an organisation gets (the organisation and its
 * public page model). Writers call publishOrganisationChanged; its NOTIFY reaches every node on
 * commit and drops the organisation here. The TTL bounds staleness if a notification is ever lost.
 */
export type PortalCache = {
  organisationBySlug(
    slug: string,
    load: () => Promise<ViewerOrganisation | null>,
  ): Promise<ViewerOrganisation | null>;
  publicValue<T>(organisationId: string, key: string, load: () => Promise<T>): Promise<T>;
  invalidate(organisationId: string): void;
  close(): Promise<void>;
};

export async function createPortalCache(
  database: DatabaseHandle,
  options: { ttlMs?: number } = {},
): Promise<PortalCache> {
  const ttlMs = options.ttlMs ?? 30_000;
  const slugToOrganisation = new Map<string, Entry<ViewerOrganisation>>();
  const values = new Map<string, Map<string, Entry<unknown>>>();
  // A load that started before an invalidation must not store what it read.
  const generations = new Map<string, number>();
  let globalGeneration = 0;
  let invalidationCount = 0;
  const generationOf = (organisationId: string) =>
    `${globalGeneration}:${generations.get(organisationId) ?? 0}`;

  function invalidate(organisationId: string) {
    invalidationCount++;
    generations.set(organisationId, (generations.get(organisationId) ?? 0) + 1);
    values.delete(organisationId);
    for (const [slug, entry] of slugToOrganisation) {
      if (entry.value.id === organisationId) slugToOrganisation.delete(slug);
    }
  }

  function clear() {
    globalGeneration++;
    slugToOrganisation.clear();
    values.clear();
  }

  const stopListening = await database.listen(
    organisationChangedChannel,
    (organisationId) => invalidate(organisationId),
    clear,
  );

  return {
    async organisationBySlug(slug, load) {
      const cached = slugToOrganisation.get(slug);
      if (cached && cached.expiresAt > Date.now()) return cached.value;
      const before = `${globalGeneration}:${invalidationCount}`;
      const organisation = await load();
      if (organisation && before === `${globalGeneration}:${invalidationCount}`) {
        slugToOrganisation.set(slug, { value: organisation, expiresAt: Date.now() + ttlMs });
      }
      return organisation;
    },
    async publicValue<T>(organisationId: string, key: string, load: () => Promise<T>) {
      const cached = values.get(organisationId)?.get(key);
      if (cached && cached.expiresAt > Date.now()) return cached.value as T;
      const before = generationOf(organisationId);
      const value = await load();
      if (before === generationOf(organisationId)) {
        let forOrganisation = values.get(organisationId);
        if (!forOrganisation) {
          forOrganisation = new Map();
          values.set(organisationId, forOrganisation);
        }
        forOrganisation.set(key, { value, expiresAt: Date.now() + ttlMs });
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
