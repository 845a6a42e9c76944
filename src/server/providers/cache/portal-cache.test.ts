import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrganisationBySlug, findOrganisationRevisionBySlug } from '../../core/organisations';
import { publishOrganisationChanged } from '../../core/publish-organisation-changed';
import type { DatabaseHandle } from '../../db/client';
import { organisations } from '../../db/schema';
import { createOrganisation } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { createPortalCache, type PortalCache } from './portal-cache';

let database: DatabaseHandle;
let nodeA: PortalCache;
let nodeB: PortalCache;
let verified: PortalCache;
beforeAll(async () => {
  database = await createTestDatabase();
  nodeA = await createPortalCache(database);
  nodeB = await createPortalCache(database);
  verified = await createPortalCache(database, {
    lookUpRevision: (slug) => findOrganisationRevisionBySlug(database.db, slug),
  });
});
afterAll(async () => {
  for (const cache of [nodeA, nodeB, verified]) await cache.close();
  await database.close();
});

/** Waits for a notification to arrive; bounded by attempts, not asserting any duration. */
async function until(check: () => Promise<boolean>) {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('condition not reached');
}

const readOrganisation = (cache: PortalCache, slug: string) =>
  cache.organisationBySlug(slug, () => findOrganisationBySlug(database.db, slug));

describe('portal cache', () => {
  it('serves repeated reads from memory until a committed change notifies every cache', async () => {
    const { organisation } = await createOrganisation(database.db, { name: 'Before' });
    let loads = 0;
    const load = async () => {
      loads++;
      return (await findOrganisationBySlug(database.db, organisation.slug))!.name;
    };
    expect(await nodeA.publicValue(organisation.id, 1, 'name', load)).toBe('Before');
    expect(await nodeA.publicValue(organisation.id, 1, 'name', load)).toBe('Before');
    expect(loads).toBe(1);
    expect((await readOrganisation(nodeB, organisation.slug))?.name).toBe('Before');

    await database.db.transaction(async (tx) => {
      await tx.update(organisations).set({ name: 'After' }).where(eq(organisations.id, organisation.id));
      await publishOrganisationChanged(tx, organisation.id);
    });
    await until(async () => (await nodeA.publicValue(organisation.id, 1, 'name', load)) === 'After');
    await until(async () => (await readOrganisation(nodeB, organisation.slug))?.name === 'After');
    expect((await readOrganisation(nodeB, organisation.slug))?.revision).toBe(2);
  });

  it('never serves a value built at another revision than the one the caller read', async () => {
    const { organisation } = await createOrganisation(database.db);
    let loads = 0;
    const load = async () => ++loads;
    expect(await nodeA.publicValue(organisation.id, 1, 'count', load)).toBe(1);
    expect(await nodeA.publicValue(organisation.id, 1, 'count', load)).toBe(1);
    expect(await nodeA.publicValue(organisation.id, 2, 'count', load)).toBe(2);
  });

  it('with revision checks, is fresh at once even when the notification never arrives', async () => {
    const { organisation } = await createOrganisation(database.db, { name: 'Old name' });
    expect((await readOrganisation(verified, organisation.slug))?.name).toBe('Old name');
    // A change without NOTIFY stands for a notification still in flight to this node.
    await database.db
      .update(organisations)
      .set({ name: 'New name', revision: sql`${organisations.revision} + 1` })
      .where(eq(organisations.id, organisation.id));
    expect((await readOrganisation(verified, organisation.slug))?.name).toBe('New name');
  });

  it('with revision checks, shares reads among concurrent callers and still shows a change to every later caller', async () => {
    const { organisation } = await createOrganisation(database.db, { name: 'Name 0' });
    let revisionReads = 0;
    const counted = await createPortalCache(database, {
      lookUpRevision: (slug) => {
        revisionReads++;
        return findOrganisationRevisionBySlug(database.db, slug);
      },
    });
    try {
      await readOrganisation(counted, organisation.slug);
      revisionReads = 0;
      const names: string[][] = [];
      for (let round = 1; round <= 5; round++) {
        // Callers keep arriving while earlier reads run; a change commits between bursts, without NOTIFY.
        const burst = Array.from({ length: 20 }, () => readOrganisation(counted, organisation.slug));
        await database.db
          .update(organisations)
          .set({ name: `Name ${round}`, revision: sql`${organisations.revision} + 1` })
          .where(eq(organisations.id, organisation.id));
        // Arriving after the commit, perhaps while a burst read that began before it still runs.
        const after = await Promise.all(
          Array.from({ length: 20 }, () => readOrganisation(counted, organisation.slug)),
        );
        await Promise.all(burst);
        names.push([...new Set(after.map((found) => found?.name ?? 'none'))]);
      }
      expect(names).toEqual([['Name 1'], ['Name 2'], ['Name 3'], ['Name 4'], ['Name 5']]);
      expect(revisionReads).toBeLessThan(5 * 40);
    } finally {
      await counted.close();
    }
  });

  it('does not notify when the transaction rolls back', async () => {
    const { organisation } = await createOrganisation(database.db, { name: 'Stable' });
    let loads = 0;
    const load = async () => ++loads;
    await nodeA.publicValue(organisation.id, 1, 'count', load);
    await database.db
      .transaction(async (tx) => {
        await publishOrganisationChanged(tx, organisation.id);
        throw new Error('roll back');
      })
      .catch(() => {});
    // A notification for another organisation proves the listener is live and in order.
    const { organisation: other } = await createOrganisation(database.db);
    let otherLoads = 0;
    await nodeA.publicValue(other.id, 1, 'count', async () => ++otherLoads);
    await publishOrganisationChanged(database.db, other.id);
    await until(async () => (await nodeA.publicValue(other.id, 1, 'count', async () => ++otherLoads)) === 2);
    expect(await nodeA.publicValue(organisation.id, 1, 'count', load)).toBe(1);
  });

  it('does not store a value whose load straddled an invalidation', async () => {
    const { organisation } = await createOrganisation(database.db);
    let loads = 0;
    const first = nodeA.publicValue(organisation.id, 1, 'straddle', async () => {
      loads++;
      nodeA.invalidate(organisation.id);
      return 'stale';
    });
    expect(await first).toBe('stale');
    expect(await nodeA.publicValue(organisation.id, 1, 'straddle', async () => `fresh-${++loads}`)).toBe(
      'fresh-2',
    );
  });

  it('gives callers that miss the same entry together one load, and starts a new one after an invalidation', async () => {
    const { organisation } = await createOrganisation(database.db);
    let loads = 0;
    let finishLoad: (value: string) => void = () => {};
    const load = () => {
      loads++;
      return new Promise<string>((resolve) => {
        finishLoad = resolve;
      });
    };
    const crowd = [1, 2, 3].map(() =>
      nodeA.body(organisation.id, 1, 'page', () => load().then((text) => ({ text, byteLength: 1 }))),
    );
    expect(loads).toBe(1);
    finishLoad('built once');
    expect((await Promise.all(crowd)).map((body) => body.text)).toEqual([
      'built once',
      'built once',
      'built once',
    ]);

    const beforeChange = nodeA.publicValue(organisation.id, 1, 'model', load);
    nodeA.invalidate(organisation.id);
    const afterChange = nodeA.publicValue(organisation.id, 1, 'model', load);
    expect(loads).toBe(3);
    finishLoad('after the change');
    expect(await afterChange).toBe('after the change');
    // The load that straddled the change is not joined by later callers, nor stored.
    expect(await nodeA.publicValue(organisation.id, 1, 'model', async () => 'stored')).toBe(
      'after the change',
    );
    void beforeChange;
  });

  it('keeps response bodies within its byte budget, least recently used out, and drops them on a change', async () => {
    const small = await createPortalCache(database, { maxBodyBytes: 3_000 });
    try {
      const { organisation } = await createOrganisation(database.db);
      const loads: string[] = [];
      const body = (key: string) =>
        small.body(organisation.id, 1, key, async () => {
          loads.push(key);
          return { key, byteLength: 1_000 };
        });
      for (const key of ['a', 'b', 'c', 'a', 'd', 'a', 'b']) await body(key);
      // a, b, c fill the budget; a is used again, so d evicts b (least recently used) and b reloads.
      expect(loads).toEqual(['a', 'b', 'c', 'd', 'b']);
      const oversized = await small.body(organisation.id, 1, 'big', async () => ({ byteLength: 10_000 }));
      expect(oversized.byteLength).toBe(10_000);
      await small.body(organisation.id, 1, 'a', async () => {
        loads.push('a again');
        return { key: 'a', byteLength: 1_000 };
      });
      expect(loads.at(-1)).toBe('b');
      small.invalidate(organisation.id);
      await body('a');
      expect(loads.at(-1)).toBe('a');
    } finally {
      await small.close();
    }
  });
});
