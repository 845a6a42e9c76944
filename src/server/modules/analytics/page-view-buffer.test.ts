// @postgres: the batch insert is raw SQL over a JSON parameter; both engines must read it alike.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../db/schema';
import { createAccountMember, createOrganisation } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertPageViews, PageViewBuffer } from './page-view-buffer';

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
  accountId: null,
  accountMemberId: null,
  path: '/acme',
  createdAt: new Date(),
});

/** A write whose batches wait until the test lets them finish, as a database that fell behind does. */
function stalledDatabase() {
  const batches: unknown[][] = [];
  const releases: Array<() => void> = [];
  const write = (rows: unknown[]) => {
    batches.push(rows);
    return new Promise<void>((resolve) => releases.push(resolve));
  };
  const releaseAll = () => {
    for (const release of releases.splice(0)) release();
  };
  return { write, batches, releaseAll, pending: () => releases.length };
}

describe('the page view buffer', () => {
  it('counts a crowd on one page as one row, keeps other pages and viewers apart, and a stop writes every view', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const { account, member } = await createAccountMember(t.database.db, organisation.id);
    const buffer = new PageViewBuffer(
      (rows) => insertPageViews(t.database.db, rows),
      (error) => {
        throw error;
      },
    );
    for (let index = 0; index < 1_234; index += 1) buffer.push(view(organisation.id));
    for (let index = 0; index < 7; index += 1)
      buffer.push({ ...view(organisation.id), path: '/acme/item/mfa' });
    const asMember = {
      ...view(organisation.id),
      viewerMode: 'account_external',
      accountId: account.id,
      accountMemberId: member.id,
    };
    for (let index = 0; index < 5; index += 1) buffer.push(asMember);
    await buffer.flush();
    const written = await t.database.db
      .select({ path: analyticsEvents.path, mode: analyticsEvents.viewerMode, views: analyticsEvents.views })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.organisationId, organisation.id));
    expect(written).toHaveLength(3);
    expect(written).toEqual(
      expect.arrayContaining([
        { path: '/acme', mode: 'public', views: 1_234 },
        { path: '/acme/item/mfa', mode: 'public', views: 7 },
        { path: '/acme', mode: 'account_external', views: 5 },
      ]),
    );
  });

  it('refuses a row that claims no view', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    await expect(insertPageViews(t.database.db, [{ ...view(organisation.id), views: 0 }])).rejects.toThrow();
    const [stored] = await t.database.db
      .select({ total: count() })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.organisationId, organisation.id));
    expect(stored?.total).toBe(0);
  });

  it("keeps every field of a member's view as it was counted", async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const { account, member } = await createAccountMember(t.database.db, organisation.id);
    const createdAt = new Date('2026-03-04T05:06:07.089Z');
    const row = {
      ...view(organisation.id),
      viewerMode: 'account_external',
      accountId: account.id,
      accountMemberId: member.id,
      path: "/acme/item/o'brien-\\-ü",
      createdAt,
      views: 3,
    };
    await insertPageViews(t.database.db, [row]);
    const [stored] = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.organisationId, organisation.id));
    expect(stored).toMatchObject({ ...row, props: {}, visitorId: null, staffUserId: null });
  });

  it('writes one batch of at most 100 rows at a time while the database is slow, and a stop writes the rest', async () => {
    const stalled = stalledDatabase();
    const buffer = new PageViewBuffer(stalled.write, () => {});
    const organisationId = '00000000-0000-4000-8000-000000000001';
    // 1,234 different pages: nothing to count together.
    for (let index = 0; index < 1_234; index += 1)
      buffer.push({ ...view(organisationId), path: `/acme/${index}` });
    // The 100th view started a write; the rest wait for it, however many come.
    expect(stalled.batches.map((batch) => batch.length)).toEqual([100]);
    let isStopped = false;
    const stopped = buffer.flush().then(() => {
      isStopped = true;
    });
    while (!isStopped) {
      expect(stalled.pending()).toBeLessThanOrEqual(1);
      stalled.releaseAll();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await stopped;
    const sizes = stalled.batches.map((batch) => batch.length);
    expect(sizes.every((size) => size <= 100)).toBe(true);
    expect(sizes.reduce((total, size) => total + size, 0)).toBe(1_234);
  });

  it('holds at most its bound while the database stalls, and says how many views it could not keep', async () => {
    const stalled = stalledDatabase();
    const errors: string[] = [];
    const buffer = new PageViewBuffer(stalled.write, (error) => errors.push((error as Error).message), 3);
    const organisationId = '00000000-0000-4000-8000-000000000001';
    for (let index = 0; index < 8; index += 1)
      buffer.push({ ...view(organisationId), path: `/acme/${index}` });
    // A page already held is still counted: it takes no more memory.
    buffer.push({ ...view(organisationId), path: '/acme/0' });
    const stopped = buffer.flush();
    stalled.releaseAll();
    await stopped;
    expect(stalled.batches.map((batch) => batch.length)).toEqual([3]);
    expect((stalled.batches[0] as Array<{ views: number }>).map((row) => row.views)).toEqual([2, 1, 1]);
    expect(errors).toEqual(['5 page views were not recorded: the database fell behind']);
  });
});
