// @postgres: aggregates bucketed by SQL date functions
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsDashboard } from '../../../shared/analytics';
import { csvCell, toCsv } from '../../core/csv';
import {
  accessRequests,
  accountMembers,
  analyticsEvents,
  auditLog,
  documentAccessEvents,
  knowledgeBaseGaps,
} from '../../db/schema';
import {
  createAccountMember,
  createItem,
  createOrganisation,
  createStaffUser,
  createStoredFile,
} from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { flushPageViews } from './page-view-buffer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const visitor = 'visitor-0123456789abcdef';
const today = new Date().toISOString().slice(0, 10);

async function staffOf(organisationId: string, permissions?: Parameters<typeof createStaffUser>[2]) {
  const staff = await createStaffUser(t.database.db, organisationId, permissions);
  const session = await createTestSession(t.database.db, { organisationId, staffUserId: staff.id });
  return { staff, session };
}

function postEvents(
  slug: string,
  payload: unknown,
  options: { contentType?: string; cookies?: Record<string, string>; ip?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/statuspage/share/${slug}/events`,
    headers: { 'content-type': options.contentType ?? 'application/json' },
    ...(options.cookies ? { cookies: options.cookies } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

async function eventsOf(organisationId: string) {
  return t.database.db
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.organisationId, organisationId));
}

describe('POST {share base}/events', () => {
  it('stores allowed events with organisation, mode, visitor, path and properties', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const response = await postEvents(organisation.slug, {
      visitorId: visitor,
      events: [
        {
          name: 'search_query_entered',
          path: `/${organisation.slug}`,
          subject: 'soc 2',
          props: { resultCount: 3, searchType: 'fuse' },
        },
        { name: 'search_box_focused', props: { via: 'keyboard' } },
      ],
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 2 });
    const rows = await eventsOf(organisation.id);
    expect(rows.map((row) => row.name).sort()).toEqual(['search_box_focused', 'search_query_entered']);
    const query = rows.find((row) => row.name === 'search_query_entered')!;
    expect(query).toMatchObject({
      source: 'client',
      viewerMode: 'public',
      visitorId: visitor,
      path: `/${organisation.slug}`,
      subject: 'soc 2',
      props: { resultCount: 3, searchType: 'fuse' },
      accountId: null,
    });
  });

  it('accepts a beacon (text/plain JSON) and records the signed-in member and account', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const { account, member } = await createAccountMember(t.database.db, organisation.id);
    const session = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      accountMemberId: member.id,
    });
    const response = await postEvents(
      organisation.slug,
      { visitorId: visitor, events: [{ name: 'trusted_by_clicked', subject: 'Acme' }] },
      { contentType: 'text/plain;charset=UTF-8', cookies: session.cookies },
    );
    expect(response.statusCode).toBe(202);
    const [row] = await eventsOf(organisation.id);
    expect(row).toMatchObject({
      viewerMode: 'account_external',
      accountId: account.id,
      accountMemberId: member.id,
    });
  });

  it('drops events of staff in Main mode', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const { session } = await staffOf(organisation.id);
    const response = await postEvents(
      organisation.slug,
      { visitorId: visitor, events: [{ name: 'item_clicked' }] },
      { cookies: session.cookies },
    );
    expect(response.json()).toEqual({ accepted: 0 });
    expect(await eventsOf(organisation.id)).toHaveLength(0);
  });

  it.each([
    ['an unknown event name', { visitorId: visitor, events: [{ name: 'page_view' }] }],
    ['a made-up event name', { visitorId: visitor, events: [{ name: 'steal_cookies' }] }],
    ['no events', { visitorId: visitor, events: [] }],
    [
      'too many events',
      { visitorId: visitor, events: Array.from({ length: 51 }, () => ({ name: 'login' })) },
    ],
    ['a nested property', { visitorId: visitor, events: [{ name: 'login', props: { deep: { a: 1 } } }] }],
    [
      'a long property',
      { visitorId: visitor, events: [{ name: 'login', props: { text: 'x'.repeat(201) } }] },
    ],
    [
      'too many properties',
      {
        visitorId: visitor,
        events: [
          { name: 'login', props: Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`k${i}`, i])) },
        ],
      },
    ],
    ['a bad visitor id', { visitorId: 'x', events: [{ name: 'login' }] }],
    [
      'a path without slash',
      { visitorId: visitor, events: [{ name: 'login', path: 'https://evil.example' }] },
    ],
  ])('refuses %s with a 400 and stores nothing', async (_label, payload) => {
    const { organisation } = await createOrganisation(t.database.db);
    const response = await postEvents(organisation.slug, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(await eventsOf(organisation.id)).toHaveLength(0);
  });

  it('refuses a huge body and malformed beacon JSON', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const huge = await postEvents(organisation.slug, {
      visitorId: visitor,
      events: [{ name: 'login', subject: 'x'.repeat(70_000) }],
    });
    expect(huge.statusCode).toBe(413);
    const malformed = await postEvents(organisation.slug, '{"visitorId":', { contentType: 'text/plain' });
    expect(malformed.statusCode).toBe(400);
    expect(await eventsOf(organisation.id)).toHaveLength(0);
  });

  it('is rate limited per address', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const payload = { visitorId: visitor, events: [{ name: 'login' }] };
    let last = 0;
    for (let attempt = 0; attempt < 61; attempt++) {
      last = (await postEvents(organisation.slug, payload, { ip: '203.0.113.7' })).statusCode;
    }
    expect(last).toBe(429);
    expect((await postEvents(organisation.slug, payload, { ip: '203.0.113.8' })).statusCode).toBe(202);
  });
});

describe('page views', () => {
  it('records a visit of /:org without waiting, but not staff views', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const page = await t.app.inject({
      url: `/${organisation.slug}?itemUid=x`,
      headers: { 'user-agent': 'Mozilla/5.0' },
    });
    expect(page.statusCode).toBe(200);
    const crawler = await t.app.inject({
      url: `/${organisation.slug}`,
      headers: { 'user-agent': 'Googlebot/2.1' },
    });
    expect(crawler.statusCode).toBe(200);
    const { session } = await staffOf(organisation.id);
    await t.app.inject({ url: `/${organisation.slug}`, cookies: session.cookies });
    await flushPageViews(t.database.db);
    const rows = await eventsOf(organisation.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'page_view',
      source: 'server',
      viewerMode: 'public',
      path: `/${organisation.slug}`,
    });
  });
});

describe('GET /api/analytics', () => {
  it('reports visits, visitors, items, documents, searches, funnel and accounts from seeded facts', async () => {
    const db = t.database.db;
    const { organisation, product } = await createOrganisation(db);
    const other = await createOrganisation(db);
    const item = await createItem(db, product, { cardKind: 'Policies', title: 'Encryption policy' });
    const file = await createStoredFile(db, t.providers.storage, organisation.id, {
      title: 'SOC 2 report',
      bytes: Buffer.from('x'),
    });
    const approved = await createAccountMember(db, organisation.id, { name: 'Buyer Inc' });
    const signedInOnly = await createAccountMember(db, organisation.id, { name: 'Looker Ltd' });
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
    await db
      .update(accountMembers)
      .set({ lastSignInAt: new Date() })
      .where(eq(accountMembers.id, approved.member.id));
    await db
      .update(accountMembers)
      .set({ lastSignInAt: new Date() })
      .where(eq(accountMembers.id, signedInOnly.member.id));
    const request = (email: string, status: 'pending' | 'approved' | 'auto_approved' | 'declined') => ({
      organisationId: organisation.id,
      email,
      firstName: 'A',
      lastName: 'B',
      companyName: 'C',
      status,
      createdAt: yesterday,
    });
    await db
      .insert(accessRequests)
      .values([
        request(approved.member.email, 'approved'),
        request(approved.member.email.toUpperCase(), 'pending'),
        request(signedInOnly.member.email, 'auto_approved'),
        request('waiting@prospect.example', 'pending'),
        request('no@prospect.example', 'declined'),
      ]);
    await db.insert(documentAccessEvents).values([
      {
        organisationId: organisation.id,
        fileId: file.id,
        action: 'view',
        viewerMode: 'account_external',
        accountMemberId: approved.member.id,
      },
      {
        organisationId: organisation.id,
        fileId: file.id,
        action: 'download',
        viewerMode: 'account_external',
        accountMemberId: approved.member.id,
      },
      { organisationId: organisation.id, fileId: file.id, action: 'download', viewerMode: 'main' },
    ]);
    const event = (name: string, extra: Partial<typeof analyticsEvents.$inferInsert> = {}) => ({
      organisationId: organisation.id,
      name,
      source: 'client' as const,
      viewerMode: 'public',
      visitorId: visitor,
      ...extra,
    });
    await db.insert(analyticsEvents).values([
      event('page_view', { source: 'server', visitorId: null }),
      // Three views of one page in one flush, written as one counted row (decision 374).
      event('page_view', { source: 'server', visitorId: null, views: 3 }),
      event('page_view', { source: 'server', visitorId: null, viewerMode: 'preview' }),
      event('page_view', {
        source: 'server',
        visitorId: null,
        accountId: approved.account.id,
        accountMemberId: approved.member.id,
        viewerMode: 'account_external',
        views: 2,
      }),
      event('portal_loaded'),
      event('portal_loaded', { visitorId: 'another-visitor-123456' }),
      event('item_clicked', { itemId: item.id }),
      event('item_clicked', {
        itemId: item.id,
        accountId: approved.account.id,
        viewerMode: 'account_external',
      }),
      event('item_clicked', { itemId: '00000000-0000-4000-8000-000000000000' }),
      event('search_query_entered', { subject: 'FedRAMP', props: { resultCount: 0 } }),
      event('search_query_entered', { subject: 'fedramp ', props: { resultCount: 0 } }),
      event('search_query_entered', { subject: 'soc', props: { resultCount: 4 } }),
      event('login', { createdAt: new Date('2001-01-01T00:00:00Z') }),
      { ...event('page_view'), organisationId: other.organisation.id },
    ]);
    // Staff card and item edits come from the audit log; other staff changes do not count as edits.
    const audit = (action: string, createdAt = new Date()) => ({
      organisationId: organisation.id,
      action,
      createdAt,
    });
    await db
      .insert(auditLog)
      .values([
        audit('card.updated'),
        audit('item.created'),
        audit('card.items_reordered'),
        audit('staff_user.created'),
        audit('card.updated', new Date('2001-01-01T00:00:00Z')),
        { ...audit('card.updated'), organisationId: other.organisation.id },
      ]);
    await db.insert(knowledgeBaseGaps).values({
      organisationId: organisation.id,
      question: 'Do you have FedRAMP?',
      normalizedQuestion: 'fedramp',
      askCount: 3,
    });

    const { session } = await staffOf(organisation.id, { role: 'viewer' });
    const from = yesterday.toISOString().slice(0, 10);
    const response = await t.app.inject({
      url: `/api/analytics?from=${from}&to=${today}`,
      cookies: session.cookies,
    });
    expect(response.statusCode, response.body).toBe(200);
    const dashboard = response.json<AnalyticsDashboard>();
    expect(dashboard.totals).toEqual({
      visits: 6,
      uniqueVisitors: 2,
      documentViews: 1,
      downloads: 1,
      searches: 3,
      searchesWithoutResults: 2,
    });
    expect(dashboard.funnel).toEqual({ requested: 4, approved: 2, signedIn: 2, downloaded: 1 });
    expect(dashboard.topItems).toEqual([{ itemId: item.id, title: 'Encryption policy', clicks: 2 }]);
    expect(dashboard.topDocuments).toEqual([
      { fileId: file.id, title: 'SOC 2 report', views: 1, downloads: 1 },
    ]);
    expect(dashboard.searchesWithoutResults).toEqual([{ query: 'fedramp', count: 2 }]);
    expect(dashboard.knowledgeGaps).toMatchObject([{ question: 'Do you have FedRAMP?', askCount: 3 }]);
    expect(dashboard.accounts).toEqual([
      // One item click and the member's two page views.
      expect.objectContaining({ name: 'Buyer Inc', events: 3, documentViews: 1, downloads: 1 }),
    ]);
    expect(dashboard.visitsByDay.reduce((sum, day) => sum + day.visits, 0)).toBe(6);
    expect(dashboard.eventCounts).toContainEqual({ name: 'page_view', count: 6 });
    expect(dashboard.eventCounts).toContainEqual({ name: 'item_clicked', count: 3 });
    expect(dashboard.eventCounts).toContainEqual({ name: 'card_edited', count: 3 });

    const csv = await t.app.inject({
      url: `/api/analytics/export?from=${from}&to=${today}&report=accounts&bom=1`,
      cookies: session.cookies,
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('analytics-accounts-');
    expect(
      csv.body.startsWith(
        '\uFEFF"account","domain","people","portal events","document views","downloads","items opened","last seen at"\r\n"Buyer Inc","","1","3","1","1","1","',
      ),
    ).toBe(true);
    const events = await t.app.inject({
      url: `/api/analytics/export?from=${from}&to=${today}`,
      cookies: session.cookies,
    });
    expect(events.body.startsWith('"time","event"')).toBe(true);
    const eventLines = events.body.split('\r\n').filter(Boolean);
    expect(eventLines).toHaveLength(1 + 11);
    expect(eventLines[0]!.endsWith('"properties","count"')).toBe(true);
    expect(eventLines.filter((line) => line.endsWith('"3"'))).toHaveLength(1);
  });

  it('needs a staff session and a valid range', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    expect((await t.app.inject({ url: `/api/analytics?from=${today}&to=${today}` })).statusCode).toBe(401);
    const { session } = await staffOf(organisation.id);
    const reversed = await t.app.inject({
      url: `/api/analytics?from=2025-02-02&to=2025-02-01`,
      cookies: session.cookies,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.fields).toHaveProperty('from');
    const tooLong = await t.app.inject({
      url: `/api/analytics?from=2020-01-01&to=2025-01-01`,
      cookies: session.cookies,
    });
    expect(tooLong.statusCode).toBe(400);
    const malformed = await t.app.inject({
      url: `/api/analytics?from=yesterday&to=${today}`,
      cookies: session.cookies,
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('CSV', () => {
  it('quotes every field, doubles quotes and defuses formulas', () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(null)).toBe('""');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(toCsv([['a'], ['é']], { bom: false })).toBe('"a"\r\n"é"\r\n');
  });
});
