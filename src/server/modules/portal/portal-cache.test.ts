import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { organisations } from '../../db/schema';
import { createOrganisation } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { createPortalCache, type PortalCache } from './portal-cache';
import { publishOrganisationChanged } from './publish-organisation-changed';
import { findOrganisationBySlug } from './queries';

let database: DatabaseHandle;
let nodeA: PortalCache;
let nodeB: PortalCache;
beforeAll(async () => {
  database = await createTestDatabase();
  nodeA = await createPortalCache(database);
  nodeB = await createPortalCache(database);
});
afterAll(async () => {
  await nodeA.close();
  await nodeB.close();
  await database.close();
});

async function until(check: () => Promise<boolean>) {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('condition not reached');
}

const readName = (cache: PortalCache, slug: string) =>
  cache
    .organisationBySlug(slug, () => findOrganisationBySlug(database.db, slug))
    .then((found) => found?.name);

describe('portal cache', () => {
  it('serves repeated reads from memory until a committed change notifies every cache', async () => {
    const { organisation } = await createOrganisation(database.db, { name: 'Before' });
    let loads = 0;
    const load = async () => {
      loads++;
      return (await findOrganisationBySlug(database.db, organisation.slug))!.name;
    };
    expect(await nodeA.publicValue(organisation.id, 'name', load)).toBe('Before');
    expect(await nodeA.publicValue(organisation.id, 'name', load)).toBe('Before');
    expect(loads).toBe(1);
    expect(await readName(nodeB, organisation.slug)).toBe('Before');

    await database.db.transaction(async (tx) => {
      await tx.update(organisations).set({ name: 'After' }).where(eq(organisations.id, organisation.id));
      await publishOrganisationChanged(tx, organisation.id);
    });
    await until(async () => (await nodeA.publicValue(organisation.id, 'name', load)) === 'After');
    await until(async () => (await readName(nodeB, organisation.slug)) === 'After');
    const [row] = await database.db.select().from(organisations).where(eq(organisations.id, organisation.id));
    expect(row!.revision).toBe(2);
  });

  it('does not notify when the transaction rolls back', async () => {
    const { organisation } = await createOrganisation(database.db, { name: 'Stable' });
    let loads = 0;
    const load = async () => ++loads;
    await nodeA.publicValue(organisation.id, 'count', load);
    await database.db
      .transaction(async (tx) => {
        await publishOrganisationChanged(tx, organisation.id);
        throw new Error('roll back');
      })
      .catch(() => {});
    // A notification for another organisation proves the listener is live and in order.
    const { organisation: other } = await createOrganisation(database.db);
    let otherLoads = 0;
    await nodeA.publicValue(other.id, 'count', async () => ++otherLoads);
    await publishOrganisationChanged(database.db, other.id);
    await until(async () => (await nodeA.publicValue(other.id, 'count', async () => ++otherLoads)) === 2);
    expect(await nodeA.publicValue(organisation.id, 'count', load)).toBe(1);
  });

  it('does not store a value whose load straddled an invalidation', async () => {
    const { organisation } = await createOrganisation(database.db);
    let loads = 0;
    const first = nodeA.publicValue(organisation.id, 'straddle', async () => {
      loads++;
      nodeA.invalidate(organisation.id);
      return 'stale';
    });
    expect(await first).toBe('stale');
    expect(await nodeA.publicValue(organisation.id, 'straddle', async () => `fresh-${++loads}`)).toBe(
      'fresh-2',
    );
  });
});
