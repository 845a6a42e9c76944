import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { analyticsEvents } from '../../db/schema';
import { createOrganisation } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PageViewBuffer } from './page-view-buffer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const view = (organisationId: string) => ({
  organisationId,
  name: 'page_view',
  source: 'server' as const,
  viewerMode: 'public',
  path: '/acme',
  createdAt: new Date(),
});

/** A database whose inserts wait until the test lets them finish, as one that fell behind does. */
function stalledDatabase() {
  const batches: unknown[][] = [];
  const releases: Array<() => void> = [];
  const db = {
    insert: () => ({
      values: (rows: unknown[]) => {
        batches.push(rows);
        return new Promise<void>((resolve) => releases.push(resolve));
      },
    }),
  } as unknown as Pick<Database, 'insert'>;
  const releaseAll = () => {
    for (const release of releases.splice(0)) release();
  };
  return { db, batches, releaseAll };
}

describe('the page view buffer', () => {
  it('writes a crowd in batches, and a stop writes every view it holds', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const buffer = new PageViewBuffer(t.database.db, (error) => {
      throw error;
    });
    for (let index = 0; index < 1_234; index += 1) buffer.push(view(organisation.id));
    await buffer.flush();
    const [written] = await t.database.db
      .select({ total: count() })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.organisationId, organisation.id));
    expect(written?.total).toBe(1_234);
  });

  it('writes one batch at a time while the database is slow, and gathers what comes meanwhile', async () => {
    const stalled = stalledDatabase();
    const buffer = new PageViewBuffer(stalled.db, () => {});
    const organisationId = '00000000-0000-4000-8000-000000000001';
    for (let index = 0; index < 500; index += 1) buffer.push(view(organisationId));
    for (let index = 0; index < 700; index += 1) buffer.push(view(organisationId));
    expect(stalled.batches.map((batch) => batch.length)).toEqual([500]);
    const stopped = buffer.flush();
    stalled.releaseAll();
    await new Promise((resolve) => setImmediate(resolve));
    stalled.releaseAll();
    await stopped;
    expect(stalled.batches.map((batch) => batch.length)).toEqual([500, 700]);
  });

  it('holds at most its bound while the database stalls, and says how many views it could not keep', async () => {
    const stalled = stalledDatabase();
    const errors: string[] = [];
    const buffer = new PageViewBuffer(stalled.db, (error) => errors.push((error as Error).message), 3);
    const organisationId = '00000000-0000-4000-8000-000000000001';
    for (let index = 0; index < 8; index += 1) buffer.push(view(organisationId));
    const stopped = buffer.flush();
    stalled.releaseAll();
    await stopped;
    expect(stalled.batches.map((batch) => batch.length)).toEqual([3]);
    expect(errors).toEqual(['5 page views were not recorded: the database fell behind']);
  });
});
