// @postgres: the queue's filters, sorting and paging are SQL over many rows
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests, accounts, auditLog } from '../../db/schema';
import {
  acceptNdaVersion,
  createAccountMember,
  createNdaVersion,
  createOrganisation,
  createPermissionProfile,
  createProduct,
  createStaffUser,
} from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailsTo } from '../access/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Session = { cookies: Record<string, string>; headers: Record<string, string> };
type Row = { id: string; email: string; firstName: string; status: string; nda: unknown };

const call = (session: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, cookies: session.cookies, headers: session.headers, payload });

const day = (date: string) => new Date(`${date}T12:00:00Z`);

/** An organisation with a varied queue, inserted directly so each field is under the test's control. */
async function setUp() {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db);
  const other = await createProduct(db, organisation.id, { name: 'Payroll' });
  const editor = await createStaffUser(db, organisation.id);
  const reader = await createStaffUser(db, organisation.id, { role: 'viewer' });
  const session = await createTestSession(db, { organisationId: organisation.id, staffUserId: editor.id });
  const readOnly = await createTestSession(db, { organisationId: organisation.id, staffUserId: reader.id });
  const base = { organisationId: organisation.id, productId: product.id };
  const inserted = await db
    .insert(accessRequests)
    .values([
      {
        ...base,
        email: 'ada@engines.example',
        firstName: 'Ada',
        lastName: 'Lovelace',
        companyName: 'Analytical Engines',
        relationship: 'customer',
        country: 'GB',
        source: 'request_button',
        createdAt: day('2026-01-05'),
      },
      {
        ...base,
        email: 'charles@engines.example',
        firstName: 'Charles',
        lastName: 'Babbage',
        companyName: 'Analytical Engines',
        relationship: 'prospective_customer',
        country: 'GB',
        source: 'item_link',
        requestedProductIds: [other.id],
        createdAt: day('2026-01-02'),
      },
      {
        ...base,
        email: 'grace@navy.example',
        firstName: 'Grace',
        lastName: 'Hopper',
        companyName: 'Navy Systems',
        relationship: 'regulator_auditor',
        country: 'US',
        source: 'request_button',
        productId: other.id,
        createdAt: day('2026-02-10'),
      },
      {
        ...base,
        email: 'alan@bletchley.example',
        firstName: 'Alan',
        lastName: 'Turing',
        companyName: 'Bletchley Park 100%',
        relationship: 'vendor',
        country: 'GB',
        createdAt: day('2026-03-01'),
      },
      {
        ...base,
        email: 'ada@engines.example',
        firstName: 'Ada',
        lastName: 'Lovelace',
        companyName: 'Analytical Engines',
        status: 'declined',
        decisionReason: 'Not yet a customer.',
        declinedBy: 'organisation',
        decidedAt: day('2025-12-02'),
        createdAt: day('2025-12-01'),
      },
      {
        ...base,
        email: 'kay@gmail.com',
        firstName: 'Kay',
        lastName: 'McNulty',
        companyName: 'Freelance',
        status: 'approved',
        accessDays: 30,
        decidedAt: day('2026-01-11'),
        createdAt: day('2026-01-10'),
      },
      {
        ...base,
        email: 'bob@gmail.com',
        firstName: 'Bob',
        lastName: 'Gmail',
        companyName: 'Freelance',
        status: 'auto_declined',
        createdAt: day('2026-01-12'),
      },
    ])
    .returning();
  const byEmail = (email: string, status = 'pending') =>
    inserted.find((row) => row.email === email && row.status === status)!;
  return { organisation, product, other, editor, session, readOnly, byEmail };
}

async function page(session: Session, query = '') {
  const response = await call(session, 'GET', `/api/access-requests${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const emailsOf = (body: { requests: Row[] }) => body.requests.map((row) => row.email);

describe('the review queue list', () => {
  it('pages the pending queue oldest first with counts per status and filter values', async () => {
    const { readOnly, product, other } = await setUp();
    const first = await page(readOnly, '?pageSize=2');
    expect(emailsOf(first)).toEqual(['charles@engines.example', 'ada@engines.example']);
    expect(first).toMatchObject({
      total: 4,
      page: 1,
      pageSize: 2,
      pageCount: 2,
      sort: 'oldest',
      counts: { pending: 4, approved: 1, declined: 1, auto_approved: 0, auto_declined: 1 },
      facets: { sources: ['item_link', 'request_button'], countries: ['GB', 'US'] },
    });
    expect(first.facets.products.map((option: { id: string }) => option.id).sort()).toEqual(
      [product.id, other.id].sort(),
    );
    const second = await page(readOnly, '?pageSize=2&page=2');
    expect(emailsOf(second)).toEqual(['grace@navy.example', 'alan@bletchley.example']);
    expect((await page(readOnly, '?pageSize=2&page=3')).requests).toEqual([]);
  });

  it('chooses by status: one status, every decided one, or all', async () => {
    const { readOnly } = await setUp();
    expect(emailsOf(await page(readOnly, '?status=approved'))).toEqual(['kay@gmail.com']);
    const decided = await page(readOnly, '?status=decided');
    expect(decided.sort).toBe('newest');
    expect(emailsOf(decided)).toEqual(['bob@gmail.com', 'kay@gmail.com', 'ada@engines.example']);
    expect(decided.total).toBe(3);
    expect((await page(readOnly, '?status=all')).total).toBe(7);
  });

  it('searches names, addresses, domains and companies, every word having to match', async () => {
    const { readOnly } = await setUp();
    expect(emailsOf(await page(readOnly, '?q=hopper'))).toEqual(['grace@navy.example']);
    expect(emailsOf(await page(readOnly, '?q=CHARLES%40'))).toEqual(['charles@engines.example']);
    expect(emailsOf(await page(readOnly, '?q=engines.example'))).toEqual([
      'charles@engines.example',
      'ada@engines.example',
    ]);
    expect(emailsOf(await page(readOnly, '?q=navy%20systems'))).toEqual(['grace@navy.example']);
    expect(emailsOf(await page(readOnly, '?q=ada%20babbage'))).toEqual([]);
    // LIKE's wildcards are matched as text.
    expect(emailsOf(await page(readOnly, '?q=100%25'))).toEqual(['alan@bletchley.example']);
    expect(emailsOf(await page(readOnly, '?q=_'))).toEqual([]);
    const counted = await page(readOnly, '?q=ada');
    expect(counted.counts).toMatchObject({ pending: 1, declined: 1, approved: 0 });
  });

  it('filters by product, requester type, country, source, dates and NDA, and sorts', async () => {
    const { organisation, other, readOnly } = await setUp();
    expect(emailsOf(await page(readOnly, `?productId=${other.id}`))).toEqual([
      'charles@engines.example',
      'grace@navy.example',
    ]);
    expect(emailsOf(await page(readOnly, '?requesterType=vendor'))).toEqual(['alan@bletchley.example']);
    expect(emailsOf(await page(readOnly, '?country=us'))).toEqual(['grace@navy.example']);
    expect(emailsOf(await page(readOnly, '?source=item_link'))).toEqual(['charles@engines.example']);
    expect(emailsOf(await page(readOnly, '?from=2026-01-05&to=2026-02-10'))).toEqual([
      'ada@engines.example',
      'grace@navy.example',
    ]);

    const version = await createNdaVersion(t.database.db, organisation.id);
    const { member } = await createAccountMember(t.database.db, organisation.id);
    await acceptNdaVersion(t.database.db, { ...member, email: 'GRACE@navy.example' }, version);
    const signed = await page(readOnly, '?hasNda=yes');
    expect(emailsOf(signed)).toEqual(['grace@navy.example']);
    expect(signed.requests[0].nda).toMatchObject({ isCurrent: true });
    expect(emailsOf(await page(readOnly, '?hasNda=no'))).toHaveLength(3);
    await createNdaVersion(t.database.db, organisation.id, { createdAt: new Date(Date.now() + 1000) });
    expect((await page(readOnly, '?hasNda=yes')).requests[0].nda).toMatchObject({ isCurrent: false });

    expect(emailsOf(await page(readOnly, '?sort=newest'))[0]).toBe('alan@bletchley.example');
    expect(emailsOf(await page(readOnly, '?sort=name'))).toEqual([
      'ada@engines.example',
      'alan@bletchley.example',
      'charles@engines.example',
      'grace@navy.example',
    ]);
    expect(emailsOf(await page(readOnly, '?sort=company'))[3]).toBe('grace@navy.example');
  });

  it('refuses a query it cannot answer with a 400 that names the parameter', async () => {
    const { session } = await setUp();
    const cases: [string, string][] = [
      ['?pageSize=500', 'querystring.pageSize'],
      ['?page=0', 'querystring.page'],
      ['?status=maybe', 'querystring.status'],
      ['?sort=random', 'querystring.sort'],
      ['?from=2026-13-01', 'querystring.from'],
      ['?from=2026-03-01&to=2026-01-01', 'querystring.to'],
      ['?country=GBR', 'querystring.country'],
      ['?productId=platform', 'querystring.productId'],
      ['?requesterType=friend', 'querystring.requesterType'],
    ];
    for (const [query, field] of cases) {
      const response = await call(session, 'GET', `/api/access-requests${query}`);
      expect(response.statusCode, query).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.fields), query).toContain(field);
      expect(error.message).toContain(field);
    }
    expect(
      (await call(session, 'GET', '/api/access-requests?to=2026-01-01&from=2026-03-01')).json().error.fields[
        'querystring.to'
      ],
    ).toBe('The end date must not be before the start date.');
  });

  it('is for the organisation’s staff only, and shows only its own requests', async () => {
    const mine = await setUp();
    const anonymous = await t.app.inject({ url: '/api/access-requests' });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await setUp();
    const ownIds = (await page(mine.readOnly, '?status=all')).requests.map((row: Row) => row.id);
    const foreignIds = (await page(stranger.readOnly, '?status=all')).requests.map((row: Row) => row.id);
    expect(ownIds).toHaveLength(7);
    expect(foreignIds).toHaveLength(7);
    expect(ownIds.filter((id: string) => foreignIds.includes(id))).toEqual([]);
  });
});

describe('select all N matching', () => {
  it('lists every pending request the view matches, in its order, whatever the tab, and only its own', async () => {
    const mine = await setUp();
    const stranger = await setUp();
    const matching = async (query: string) => {
      const response = await call(mine.readOnly, 'GET', `/api/access-requests/pending-ids${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { ids: string[]; total: number };
    };
    const idsOf = (...emails: string[]) => emails.map((email) => mine.byEmail(email).id);
    expect(await matching('?page=2&pageSize=1')).toEqual({
      ids: idsOf(
        'charles@engines.example',
        'ada@engines.example',
        'grace@navy.example',
        'alan@bletchley.example',
      ),
      total: 4,
    });
    // The declined request of the same search is not pending, so it is not in the answer.
    expect(await matching('?status=all&q=engines&sort=name')).toEqual({
      ids: idsOf('ada@engines.example', 'charles@engines.example'),
      total: 2,
    });
    expect(await matching(`?productId=${mine.other.id}&country=US`)).toEqual({
      ids: idsOf('grace@navy.example'),
      total: 1,
    });
    const theirs = await call(stranger.readOnly, 'GET', '/api/access-requests/pending-ids');
    expect(theirs.json().ids.filter((id: string) => idsOf('ada@engines.example').includes(id))).toEqual([]);
    expect((await t.app.inject({ url: '/api/access-requests/pending-ids' })).statusCode).toBe(401);
    const wrong = await call(mine.readOnly, 'GET', '/api/access-requests/pending-ids?sort=random');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain('querystring.sort');
  });
});

describe('a request in detail', () => {
  it('shows what was asked for and the requests of the same person and domain', async () => {
    const { session, byEmail, other } = await setUp();
    const ada = byEmail('ada@engines.example');
    const response = await call(session, 'GET', `/api/access-requests/${ada.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.request).toMatchObject({
      email: 'ada@engines.example',
      productName: 'Platform',
      nda: null,
    });
    expect(detail.samePerson).toEqual([
      expect.objectContaining({ status: 'declined', decisionReason: 'Not yet a customer.' }),
    ]);
    expect(detail.domain).toBe('engines.example');
    expect(detail.sameDomain.map((entry: Row) => entry.email)).toEqual(['charles@engines.example']);
    const charles = await call(
      session,
      'GET',
      `/api/access-requests/${byEmail('charles@engines.example').id}`,
    );
    expect(charles.json().request.requestedProductNames).toEqual([other.name]);

    const kay = (
      await call(session, 'GET', `/api/access-requests/${byEmail('kay@gmail.com', 'approved').id}`)
    ).json();
    expect(kay.domain).toBeNull();
    expect(kay.sameDomain).toEqual([]);
  });

  it('holds the newest 20 of a long history and says how many there are in all', async () => {
    const { organisation, session, product, byEmail } = await setUp();
    const ada = byEmail('ada@engines.example');
    await t.database.db.insert(accessRequests).values(
      Array.from({ length: 23 }, (_, index) => ({
        organisationId: organisation.id,
        productId: product.id,
        email: `person${index}@engines.example`,
        firstName: 'Person',
        lastName: String(index),
        companyName: 'Analytical Engines',
        createdAt: new Date(Date.UTC(2025, 0, index + 1)),
      })),
    );
    const detail = (await call(session, 'GET', `/api/access-requests/${ada.id}`)).json();
    expect(detail.sameDomain).toHaveLength(20);
    expect(detail.sameDomainTotal).toBe(24);
    expect(detail.samePersonTotal).toBe(1);
  });

  it('does not show another organisation’s request', async () => {
    const { session } = await setUp();
    const stranger = await setUp();
    const foreign = stranger.byEmail('ada@engines.example');
    expect((await call(session, 'GET', `/api/access-requests/${foreign.id}`)).statusCode).toBe(404);
  });
});

async function auditRows(organisationId: string, action: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.organisationId, organisationId), eq(auditLog.action, action)));
}

/** The same addresses recur in every organisation of this file: tests count the mails a decision adds. */
async function mailCounts(emails: string[]) {
  const counts: Record<string, number> = {};
  for (const email of emails) counts[email] = (await mailsTo(t, email)).length;
  return counts;
}

describe('bulk decisions', () => {
  it('approves the selection in one go with one duration and profile, mailing and auditing each', async () => {
    const { organisation, session, byEmail } = await setUp();
    const profile = await createPermissionProfile(t.database.db, organisation.id);
    const declinedEarlier = byEmail('ada@engines.example', 'declined');
    const ids = [
      byEmail('ada@engines.example').id,
      byEmail('charles@engines.example').id,
      byEmail('grace@navy.example').id,
      declinedEarlier.id,
    ];
    const mailsBefore = await mailCounts([
      'ada@engines.example',
      'charles@engines.example',
      'grace@navy.example',
    ]);
    const response = await call(session, 'POST', '/api/access-requests/bulk-approve', {
      ids,
      accessDays: 30,
      permissionProfileId: profile.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ decidedIds: ids.slice(0, 3), alreadyDecidedIds: [declinedEarlier.id] });

    const companies = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.organisationId, organisation.id));
    expect(companies.map((account) => account.name).sort()).toEqual(['Analytical Engines', 'Navy Systems']);
    expect(companies.every((account) => account.reviewStatus === 'approved')).toBe(true);
    expect(companies.every((account) => account.permissionProfileId === profile.id)).toBe(true);
    for (const email of ['ada@engines.example', 'charles@engines.example', 'grace@navy.example']) {
      expect((await mailsTo(t, email)).length, email).toBe(mailsBefore[email]! + 1);
    }
    const audited = await auditRows(organisation.id, 'access_request.approve');
    expect(audited.map((row) => row.target).sort()).toEqual(ids.slice(0, 3).sort());
    expect(audited[0]!.data).toMatchObject({ accessDays: 30, batchSize: 4 });
    expect((await page(session)).counts).toMatchObject({ pending: 1, approved: 4 });
  });

  it('declines the selection with one reason, mailing and auditing each', async () => {
    const { organisation, session, byEmail } = await setUp();
    const ids = [byEmail('alan@bletchley.example').id, byEmail('grace@navy.example').id];
    const mailsBefore = await mailCounts(['alan@bletchley.example', 'grace@navy.example']);
    const response = await call(session, 'POST', '/api/access-requests/bulk-decline', {
      ids,
      reason: 'We share these with customers only.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ decidedIds: ids, alreadyDecidedIds: [] });
    for (const email of ['alan@bletchley.example', 'grace@navy.example']) {
      const mails = await mailsTo(t, email);
      expect(mails, email).toHaveLength(mailsBefore[email]! + 1);
      expect(
        mails.some((mail) => mail.text.includes('Their reason: We share these with customers only.')),
      ).toBe(true);
    }
    expect(
      (await auditRows(organisation.id, 'access_request.decline')).map((row) => row.target).sort(),
    ).toEqual([...ids].sort());
    const declined = await page(session, '?status=declined');
    expect(declined.requests[0]).toMatchObject({ decisionReason: 'We share these with customers only.' });
  });

  it('changes nothing when a request is not the organisation’s, and refuses staff without statuspage:edit', async () => {
    const { organisation, session, readOnly, byEmail } = await setUp();
    const stranger = await setUp();
    const own = byEmail('alan@bletchley.example').id;
    const refused = await call(session, 'POST', '/api/access-requests/bulk-decline', {
      ids: [own, stranger.byEmail('alan@bletchley.example').id],
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe('One selected request was not found.');
    const forbidden = await call(readOnly, 'POST', '/api/access-requests/bulk-approve', {
      ids: [own],
      accessDays: 30,
    });
    expect(forbidden.statusCode).toBe(403);
    const [still] = await t.database.db
      .select({ status: accessRequests.status })
      .from(accessRequests)
      .where(inArray(accessRequests.id, [own]));
    expect(still!.status).toBe('pending');
    expect(await auditRows(organisation.id, 'access_request.decline')).toEqual([]);
  });

  it('names what is wrong with a selection', async () => {
    const { session, byEmail } = await setUp();
    const id = byEmail('alan@bletchley.example').id;
    const cases: [object, string, string][] = [
      [{ ids: [], accessDays: 30 }, 'body.ids', 'Select at least one request.'],
      [{ ids: [id, id], accessDays: 30 }, 'body.ids', 'A request is selected twice.'],
      [
        { ids: Array.from({ length: 101 }, () => crypto.randomUUID()), accessDays: 30 },
        'body.ids',
        'Select at most 100 requests at a time.',
      ],
      [{ ids: [id], accessDays: 0 }, 'body.accessDays', ''],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call(session, 'POST', '/api/access-requests/bulk-approve', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields[field]).toContain(message);
    }
  });
});
