// @postgres: aggregates bucketed by SQL date functions
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountEngagementDetail, AccountEngagementPage } from '../../../shared/analytics';
import { accountMembers, analyticsEvents, documentAccessEvents } from '../../db/schema';
import {
  createAccountMember,
  createItem,
  createOrganisation,
  createStaffUser,
  createStoredFile,
} from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const dayMs = 24 * 3600 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * dayMs).toISOString().slice(0, 10);
const today = day(0);
const lastWeek = day(-7);

async function staffCookies(organisationId: string) {
  const staff = await createStaffUser(t.database.db, organisationId, { role: 'viewer' });
  return (await createTestSession(t.database.db, { organisationId, staffUserId: staff.id })).cookies;
}

/**
 * Buyer Inc: two people; Ann viewed the SOC 2 report twice and downloaded it once today, opened the
 * encryption policy once, and viewed it ten days ago (outside a one-week range); Bob downloaded in a
 * bulk download today. Looker Ltd: one portal event today. Staff (Main mode) activity counts nowhere.
 */
async function seed() {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db);
  const item = await createItem(db, product, { cardKind: 'Policies', title: 'Encryption policy' });
  const file = await createStoredFile(db, t.providers.storage, organisation.id, {
    title: 'SOC 2 report',
    bytes: Buffer.from('x'),
  });
  const buyer = await createAccountMember(db, organisation.id, {
    name: 'Buyer Inc',
    domain: 'buyer.example',
  });
  const [bob] = await db
    .insert(accountMembers)
    .values({
      organisationId: organisation.id,
      accountId: buyer.account.id,
      email: 'bob@buyer.example',
      firstName: 'Bob',
      lastName: 'Byers',
    })
    .returning();
  const looker = await createAccountMember(db, organisation.id, { name: 'Looker Ltd' });
  const ann = buyer.member;
  const tenDaysAgo = new Date(Date.now() - 10 * dayMs);
  const document = (
    action: 'view' | 'download' | 'bulk_download',
    memberId: string | null,
    extra: Partial<typeof documentAccessEvents.$inferInsert> = {},
  ) => ({
    organisationId: organisation.id,
    fileId: file.id,
    action,
    viewerMode: 'account_external',
    accountMemberId: memberId,
    ...extra,
  });
  await db
    .insert(documentAccessEvents)
    .values([
      document('view', ann.id),
      document('view', ann.id),
      document('download', ann.id),
      document('bulk_download', bob!.id),
      document('view', ann.id, { createdAt: tenDaysAgo }),
      document('download', ann.id, { viewerMode: 'preview' }),
      document('download', null, { viewerMode: 'public' }),
    ]);
  const event = (name: string, extra: Partial<typeof analyticsEvents.$inferInsert> = {}) => ({
    organisationId: organisation.id,
    name,
    source: 'client' as const,
    viewerMode: 'account_external',
    visitorId: 'visitor-0123456789abcdef',
    ...extra,
  });
  await db
    .insert(analyticsEvents)
    .values([
      event('item_clicked', { itemId: item.id, accountId: buyer.account.id, accountMemberId: ann.id }),
      event('portal_loaded', { accountId: looker.account.id, accountMemberId: looker.member.id }),
      event('item_clicked', { itemId: item.id, accountId: buyer.account.id, createdAt: tenDaysAgo }),
      event('item_clicked', { itemId: item.id, accountId: buyer.account.id, viewerMode: 'main' }),
      event('page_view', { viewerMode: 'public' }),
    ]);
  return { organisation, buyer, looker, ann, bob: bob!, item, file };
}

describe('GET /api/analytics/accounts', () => {
  it('lists accounts by engagement with people, views, downloads, items opened and last seen', async () => {
    const { organisation, buyer, looker } = await seed();
    const cookies = await staffCookies(organisation.id);
    const response = await t.app.inject({
      url: `/api/analytics/accounts?from=${lastWeek}&to=${today}`,
      cookies,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<AccountEngagementPage>();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 25, pageCount: 1 });
    expect(page.accounts).toEqual([
      {
        accountId: buyer.account.id,
        name: 'Buyer Inc',
        domain: 'buyer.example',
        people: 2,
        portalEvents: 1,
        documentViews: 2,
        downloads: 2,
        itemsOpened: 1,
        lastSeenAt: expect.stringMatching(new RegExp(`^${today}T`)),
      },
      {
        accountId: looker.account.id,
        name: 'Looker Ltd',
        domain: null,
        people: 1,
        portalEvents: 1,
        documentViews: 0,
        downloads: 0,
        itemsOpened: 0,
        lastSeenAt: expect.stringMatching(new RegExp(`^${today}T`)),
      },
    ]);
  });

  it('counts only the selected range', async () => {
    const { organisation } = await seed();
    const cookies = await staffCookies(organisation.id);
    const older = await t.app.inject({
      url: `/api/analytics/accounts?from=${day(-12)}&to=${day(-8)}`,
      cookies,
    });
    expect(older.json<AccountEngagementPage>().accounts).toEqual([
      expect.objectContaining({
        name: 'Buyer Inc',
        people: 1,
        portalEvents: 1,
        documentViews: 1,
        downloads: 0,
        itemsOpened: 1,
      }),
    ]);
    const none = await t.app.inject({
      url: `/api/analytics/accounts?from=${day(-30)}&to=${day(-20)}`,
      cookies,
    });
    expect(none.json<AccountEngagementPage>()).toMatchObject({ accounts: [], total: 0, pageCount: 0 });
  });

  it('pages on the server without overlap, and knows the total past the last page', async () => {
    const db = t.database.db;
    const { organisation } = await createOrganisation(db);
    // Five accounts with 1..5 portal events each: the order is by activity.
    for (let index = 1; index <= 5; index += 1) {
      const { account } = await createAccountMember(db, organisation.id, { name: `Account ${index}` });
      await db.insert(analyticsEvents).values(
        Array.from({ length: index }, () => ({
          organisationId: organisation.id,
          name: 'portal_loaded',
          source: 'client' as const,
          viewerMode: 'account_external',
          accountId: account.id,
        })),
      );
    }
    const cookies = await staffCookies(organisation.id);
    const pageOf = async (page: number) =>
      (
        await t.app.inject({
          url: `/api/analytics/accounts?from=${today}&to=${today}&page=${page}&pageSize=2`,
          cookies,
        })
      ).json<AccountEngagementPage>();
    const pages = [await pageOf(1), await pageOf(2), await pageOf(3)];
    expect(pages.map((page) => page.accounts.map((row) => row.name))).toEqual([
      ['Account 5', 'Account 4'],
      ['Account 3', 'Account 2'],
      ['Account 1'],
    ]);
    expect(pages.map((page) => [page.total, page.pageCount])).toEqual([
      [5, 3],
      [5, 3],
      [5, 3],
    ]);
    expect(await pageOf(9)).toMatchObject({ accounts: [], total: 5, page: 9 });
    const tooLarge = await t.app.inject({
      url: `/api/analytics/accounts?from=${today}&to=${today}&pageSize=101`,
      cookies,
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(Object.keys(tooLarge.json().error.fields)).toEqual(['querystring.pageSize']);
  });

  it('is for staff only, of this organisation', async () => {
    const { organisation, buyer, ann } = await seed();
    const url = `/api/analytics/accounts?from=${today}&to=${today}`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const member = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      accountMemberId: ann.id,
    });
    const asMember = await t.app.inject({ url, cookies: member.cookies });
    expect(asMember.statusCode).toBe(401);
    expect(asMember.body).not.toContain('Buyer Inc');
    for (const path of [
      `/api/analytics/accounts/${buyer.account.id}`,
      `/api/analytics/accounts/${buyer.account.id}/export`,
    ]) {
      const refused = await t.app.inject({
        url: `${path}?from=${today}&to=${today}`,
        cookies: member.cookies,
      });
      expect(refused.statusCode, path).toBe(401);
    }
    // Staff of another organisation see none of it, and its account ids are unknown to them.
    const other = await createOrganisation(t.database.db);
    const otherCookies = await staffCookies(other.organisation.id);
    const theirs = await t.app.inject({ url, cookies: otherCookies });
    expect(theirs.json<AccountEngagementPage>()).toMatchObject({ accounts: [], total: 0 });
    for (const path of [
      `/api/analytics/accounts/${buyer.account.id}`,
      `/api/analytics/accounts/${buyer.account.id}/export`,
    ]) {
      const unknown = await t.app.inject({ url: `${path}?from=${today}&to=${today}`, cookies: otherCookies });
      expect(unknown.statusCode, path).toBe(404);
      expect(unknown.json().error.message).toBe('This account does not exist in this organisation.');
    }
  });
});

describe('GET /api/analytics/accounts/:accountId', () => {
  it("shows the account's people, documents, items and activity, newest first", async () => {
    const { organisation, buyer, ann, item, file } = await seed();
    const cookies = await staffCookies(organisation.id);
    const response = await t.app.inject({
      url: `/api/analytics/accounts/${buyer.account.id}?from=${lastWeek}&to=${today}`,
      cookies,
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<AccountEngagementDetail>();
    expect(detail.account).toEqual({ id: buyer.account.id, name: 'Buyer Inc', domain: 'buyer.example' });
    expect(detail.totals).toMatchObject({
      people: 2,
      portalEvents: 1,
      documentViews: 2,
      downloads: 2,
      itemsOpened: 1,
    });
    expect(detail.people).toEqual([
      expect.objectContaining({
        memberId: ann.id,
        email: ann.email,
        documentViews: 2,
        downloads: 1,
        itemsOpened: 1,
      }),
      expect.objectContaining({
        email: 'bob@buyer.example',
        name: 'Bob Byers',
        documentViews: 0,
        downloads: 1,
      }),
    ]);
    expect(detail.documents).toEqual([
      { fileId: file.id, title: 'SOC 2 report', views: 2, downloads: 2, lastAt: expect.any(String) },
    ]);
    expect(detail.items).toEqual([
      { itemId: item.id, title: 'Encryption policy', opens: 1, lastAt: expect.any(String) },
    ]);
    expect(detail.activity).toHaveLength(5);
    expect(detail.activity.map((entry) => entry.kind).sort()).toEqual([
      'bulk_download',
      'download',
      'item_opened',
      'view',
      'view',
    ]);
    const times = detail.activity.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(detail.activity).toContainEqual({
      at: expect.any(String),
      kind: 'bulk_download',
      person: 'bob@buyer.example',
      subject: 'SOC 2 report',
    });
  });

  it('answers 404 for an account of no one, 400 for a malformed id', async () => {
    const { organisation } = await seed();
    const cookies = await staffCookies(organisation.id);
    const missing = await t.app.inject({
      url: `/api/analytics/accounts/00000000-0000-4000-8000-000000000000?from=${today}&to=${today}`,
      cookies,
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await t.app.inject({
      url: `/api/analytics/accounts/nope?from=${today}&to=${today}`,
      cookies,
    });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().error.fields)).toEqual(['params.accountId']);
  });
});

describe('GET /api/analytics/accounts/:accountId/export', () => {
  it("is the account's activity as CSV, quoted, with formulas defused and a safe file name", async () => {
    const db = t.database.db;
    const { organisation, buyer, ann } = await seed();
    const hostile = await createStoredFile(db, t.providers.storage, organisation.id, {
      title: '=HYPERLINK("https://evil.example","Click")',
      bytes: Buffer.from('x'),
    });
    await db.insert(documentAccessEvents).values({
      organisationId: organisation.id,
      fileId: hostile.id,
      action: 'download',
      viewerMode: 'account_external',
      accountMemberId: ann.id,
      createdAt: new Date(Date.now() + 1000),
    });
    const cookies = await staffCookies(organisation.id);
    const response = await t.app.inject({
      url: `/api/analytics/accounts/${buyer.account.id}/export?from=${lastWeek}&to=${today}&bom=1`,
      cookies,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="engagement-buyer-inc-${lastWeek}-to-${today}.csv"`,
    );
    const lines = response.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFF"time","account","person","action","document or item"');
    expect(lines).toHaveLength(1 + 6);
    expect(lines[1]).toMatch(
      new RegExp(
        `^"${today}T[^"]+","Buyer Inc","${ann.email}","downloaded","'=HYPERLINK\\(""https://evil.example"",""Click""\\)"$`,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/,"bob@buyer\.example","downloaded \(bulk\)","SOC 2 report"$/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/,"opened item","Encryption policy"$/));
  });

  it('names a unicode account in filename* and keeps an ASCII fallback', async () => {
    const db = t.database.db;
    const { organisation } = await createOrganisation(db);
    const { account } = await createAccountMember(db, organisation.id, { name: 'Ünïcode GmbH' });
    const cookies = await staffCookies(organisation.id);
    const response = await t.app.inject({
      url: `/api/analytics/accounts/${account.id}/export?from=${today}&to=${today}`,
      cookies,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      "filename*=UTF-8''engagement-%C3%BCn%C3%AFcode-gmbh-",
    );
    expect(response.body).toBe('"time","account","person","action","document or item"\r\n');
  });
});

describe('GET /api/analytics/export?report=accounts', () => {
  it('exports every engaged account with the same figures as the list', async () => {
    const { organisation } = await seed();
    const cookies = await staffCookies(organisation.id);
    const response = await t.app.inject({
      url: `/api/analytics/export?from=${lastWeek}&to=${today}&report=accounts`,
      cookies,
    });
    const lines = response.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      '"account","domain","people","portal events","document views","downloads","items opened","last seen at"',
    );
    expect(lines[1]).toMatch(/^"Buyer Inc","buyer\.example","2","1","2","2","1","\d{4}-/);
    expect(lines[2]).toMatch(/^"Looker Ltd","","1","1","0","0","0","\d{4}-/);
  });
});
