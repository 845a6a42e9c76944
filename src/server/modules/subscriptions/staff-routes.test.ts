import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import {
  type SubscriberListResponse,
  type SubscriptionBlockList,
  type SubscriptionBlockView,
  subscriberPageSize,
  updateMessages,
} from '../../../shared/updates';
import { jobs, subscribers } from '../../db/schema';
import { enqueueDueRecurringJobs } from '../../jobs';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addConfirmedSubscribers, staffOrganisation } from '../updates/test-support';
import {
  pendingRetentionDays,
  purgePendingQueue,
  purgePendingSubscribers,
} from './purge-pending-subscribers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Staff = Awaited<ReturnType<typeof staffOrganisation>>;

async function addSubscriber(
  organisationId: string,
  email: string,
  status: 'pending' | 'confirmed' | 'unsubscribed' | 'blocked',
) {
  const [row] = await t.database.db
    .insert(subscribers)
    .values({ organisationId, email, status, source: 'subscribe_button' })
    .returning();
  return row!;
}

async function statusOf(organisationId: string, email: string) {
  const [row] = await t.database.db
    .select({ status: subscribers.status })
    .from(subscribers)
    .where(and(eq(subscribers.organisationId, organisationId), eq(subscribers.email, email)));
  return row?.status;
}

const list = async (staff: Staff, query = '') =>
  (await staff.inject({ url: `/api/subscribers${query}` })).json<SubscriberListResponse>();

async function block(staff: Staff, kind: 'email' | 'domain', value: string) {
  return staff.inject({ method: 'POST', url: '/api/subscription-blocks', payload: { kind, value } });
}

describe('staff subscriber API', () => {
  it('lists subscribers by status and address part, paged, with counts for the organisation', async () => {
    const staff = await staffOrganisation(t);
    const orgId = staff.organisation.id;
    await addConfirmedSubscribers(t, orgId, subscriberPageSize + 5, 'page');
    await addSubscriber(orgId, 'waiting@customer.example', 'pending');
    await addSubscriber(orgId, 'left@customer.example', 'unsubscribed');
    const other = await staffOrganisation(t);
    await addSubscriber(other.organisation.id, 'elsewhere@customer.example', 'confirmed');

    const all = await list(staff);
    expect(all.counts).toEqual({
      pending: 1,
      confirmed: subscriberPageSize + 5,
      unsubscribed: 1,
      blocked: 0,
    });
    expect(all.total).toBe(subscriberPageSize + 7);
    expect(all.subscribers).toHaveLength(subscriberPageSize);
    expect(all.totalPages).toBe(2);
    expect((await list(staff, '?page=2')).subscribers).toHaveLength(7);
    expect(all.subscribers.map((row) => row.email)).not.toContain('elsewhere@customer.example');

    const pending = await list(staff, '?status=pending');
    expect(pending.subscribers.map((row) => row.email)).toEqual(['waiting@customer.example']);
    const search = await list(staff, `?q=${encodeURIComponent('page-000010')}`);
    expect(search.subscribers.map((row) => row.email)).toEqual(['page-000010@customer.example']);
    // Wildcards in the search are taken literally.
    expect((await list(staff, '?q=%25')).total).toBe(0);
    expect((await staff.inject({ url: '/api/subscribers?status=gone' })).statusCode).toBe(400);
  });

  it('blocks an address and a domain, refuses a duplicate, and unblocking leaves them unsubscribed', async () => {
    const staff = await staffOrganisation(t);
    const orgId = staff.organisation.id;
    await addSubscriber(orgId, 'ann@spam.example', 'confirmed');
    await addSubscriber(orgId, 'bob@spam.example', 'pending');
    await addSubscriber(orgId, 'carol@customer.example', 'confirmed');
    await addSubscriber(orgId, 'dave@customer.example', 'confirmed');

    const domain = await block(staff, 'domain', ' SPAM.example ');
    expect(domain.statusCode).toBe(201);
    const domainBlock = domain.json<SubscriptionBlockView>();
    expect(domainBlock).toMatchObject({ kind: 'domain', value: 'spam.example' });
    const address = await block(staff, 'email', 'carol@customer.example');
    expect(address.statusCode).toBe(201);
    expect((await block(staff, 'email', 'carol@customer.example')).json()).toEqual({
      error: { code: 'conflict', message: updateMessages.blockExists },
    });
    expect(await statusOf(orgId, 'ann@spam.example')).toBe('blocked');
    expect(await statusOf(orgId, 'bob@spam.example')).toBe('blocked');
    expect(await statusOf(orgId, 'carol@customer.example')).toBe('blocked');
    expect(await statusOf(orgId, 'dave@customer.example')).toBe('confirmed');
    const blocks = (await staff.inject({ url: '/api/subscription-blocks' })).json<SubscriptionBlockList>();
    expect(blocks.blocks.map((row) => `${row.kind}:${row.value}`)).toEqual([
      'domain:spam.example',
      'email:carol@customer.example',
    ]);
    expect((await list(staff)).counts.blocked).toBe(3);

    // ann is under the address block as well: lifting the domain block releases bob only.
    await block(staff, 'email', 'ann@spam.example');
    const lifted = await staff.inject({
      method: 'DELETE',
      url: `/api/subscription-blocks/${domainBlock.id}`,
    });
    expect(lifted.statusCode).toBe(204);
    expect(await statusOf(orgId, 'bob@spam.example')).toBe('unsubscribed');
    expect(await statusOf(orgId, 'ann@spam.example')).toBe('blocked');
    const again = await staff.inject({ method: 'DELETE', url: `/api/subscription-blocks/${domainBlock.id}` });
    expect(again.json()).toEqual({ error: { code: 'not_found', message: updateMessages.blockNotFound } });
  });

  it('deletes a subscriber of its own organisation only', async () => {
    const staff = await staffOrganisation(t);
    const other = await staffOrganisation(t);
    const mine = await addSubscriber(staff.organisation.id, 'mine@customer.example', 'confirmed');
    const theirs = await addSubscriber(other.organisation.id, 'theirs@customer.example', 'confirmed');
    const foreign = await staff.inject({ method: 'DELETE', url: `/api/subscribers/${theirs.id}` });
    expect(foreign.statusCode).toBe(404);
    expect(await statusOf(other.organisation.id, 'theirs@customer.example')).toBe('confirmed');
    expect((await staff.inject({ method: 'DELETE', url: `/api/subscribers/${mine.id}` })).statusCode).toBe(
      204,
    );
    expect(await statusOf(staff.organisation.id, 'mine@customer.example')).toBeUndefined();
    const twice = await staff.inject({ method: 'DELETE', url: `/api/subscribers/${mine.id}` });
    expect(twice.json()).toEqual({
      error: { code: 'not_found', message: updateMessages.subscriberNotFound },
    });
  });

  it('lets staff without statuspage:edit read but not change, and visitors neither', async () => {
    const reader = await staffOrganisation(t, 'viewer');
    const row = await addSubscriber(reader.organisation.id, 'kept@customer.example', 'confirmed');
    expect((await reader.inject({ url: '/api/subscribers' })).statusCode).toBe(200);
    const forbidden = [
      await block(reader, 'email', 'kept@customer.example'),
      await reader.inject({ method: 'DELETE', url: `/api/subscribers/${row.id}` }),
    ];
    for (const response of forbidden) {
      expect(response.json()).toEqual({
        error: { code: 'forbidden', message: messages.roleForbidden('Viewer') },
      });
    }
    expect(await statusOf(reader.organisation.id, 'kept@customer.example')).toBe('confirmed');
    const anonymous = await t.app.inject({ url: '/api/subscribers' });
    expect(anonymous.statusCode).toBeGreaterThanOrEqual(401);
    expect(anonymous.statusCode).toBeLessThanOrEqual(403);
    expect(anonymous.body).not.toContain('kept@customer.example');
  });
});

describe('purge of unconfirmed subscribers', () => {
  it(`deletes addresses still pending ${pendingRetentionDays} days after their last confirmation mail, nothing else`, async () => {
    const staff = await staffOrganisation(t);
    const orgId = staff.organisation.id;
    const day = 24 * 60 * 60 * 1000;
    const now = new Date();
    const old = new Date(now.getTime() - (pendingRetentionDays + 1) * day);
    const recent = new Date(now.getTime() - (pendingRetentionDays - 1) * day);
    await t.database.db.insert(subscribers).values([
      {
        organisationId: orgId,
        email: 'stale@customer.example',
        source: 's',
        status: 'pending',
        createdAt: old,
      },
      {
        organisationId: orgId,
        email: 'resent@customer.example',
        source: 's',
        status: 'pending',
        createdAt: old,
        lastConfirmationSentAt: recent,
      },
      {
        organisationId: orgId,
        email: 'fresh@customer.example',
        source: 's',
        status: 'pending',
        createdAt: recent,
      },
      {
        organisationId: orgId,
        email: 'loyal@customer.example',
        source: 's',
        status: 'confirmed',
        createdAt: old,
      },
      {
        organisationId: orgId,
        email: 'gone@customer.example',
        source: 's',
        status: 'unsubscribed',
        createdAt: old,
      },
    ]);

    // The recurring job is enqueued once per period, however often nodes look.
    expect(await enqueueDueRecurringJobs(t)).toContain(purgePendingQueue);
    expect(await enqueueDueRecurringJobs(t)).toEqual([]);
    await t.providers.jobs.drain();
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.queue, purgePendingQueue));
    expect(job).toMatchObject({ state: 'completed' });

    const left = (await list(staff)).subscribers.map((row) => row.email).sort();
    expect(left).toEqual([
      'fresh@customer.example',
      'gone@customer.example',
      'loyal@customer.example',
      'resent@customer.example',
    ]);
    expect(await purgePendingSubscribers(t.database.db)).toBe(0);
    // A week later, the two still pending go as well (the purge covers every organisation).
    expect(
      await purgePendingSubscribers(t.database.db, new Date(now.getTime() + 7 * day)),
    ).toBeGreaterThanOrEqual(2);
    expect((await list(staff)).subscribers.map((row) => row.email).sort()).toEqual([
      'gone@customer.example',
      'loyal@customer.example',
    ]);
  });
});
