import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccessEventPayload,
  type UpdatePublishedPayload,
  type WebhookCreated,
  type WebhookList,
  webhookMessages,
} from '../../../shared/webhooks';
import { accounts, jobs } from '../../db/schema';
import { runJobsUntilIdle } from '../../test/run-jobs';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nextClient } from '../access/test-support';
import { announceExpiries } from '../notifications/announce-expiries';
import { staffOrganisation, topicInput } from '../updates/test-support';
import { webhookDeliveryQueue, webhookMaxAttempts } from './queue-deliveries';
import { isWebhookAddressRefused, signWebhookBody } from './signed-delivery';

type Staff = Awaited<ReturnType<typeof staffOrganisation>>;
type Received = { headers: IncomingHttpHeaders; body: string };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', OUTBOUND_ALLOW_LOOPBACK: 'true' });
});
afterAll(async () => t.close());

/** A receiver on 127.0.0.1; `answer` decides per request (its number from 1) what to do with the response. */
function startReceiver(answer: (count: number, response: ServerResponse) => void) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      answer(received.length, response);
    });
  });
  return new Promise<{ url: string; received: Received[]; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/attest`,
        received,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}

/** Answers with the statuses in turn, then the last one for ever. */
const statuses =
  (...codes: number[]) =>
  (count: number, response: ServerResponse) => {
    response.statusCode = codes[Math.min(count, codes.length) - 1]!;
    response.end('ok');
  };

/** Runs the deliveries on a worker with millisecond backoff until none is queued or running. */
const runDeliveries = (workerId: string) => runJobsUntilIdle(t, [webhookDeliveryQueue], workerId);

async function deliveryJobsOf(webhookId: string) {
  const rows = await t.database.db
    .select()
    .from(jobs)
    .where(eq(jobs.queue, webhookDeliveryQueue))
    .orderBy(jobs.id);
  return rows.filter((row) => (row.payload as { webhookId: string }).webhookId === webhookId);
}

async function addWebhook(staff: Staff, url: string, choice: { events: string[]; categories?: string[] }) {
  const response = await staff.inject({ method: 'POST', url: '/api/webhooks', payload: { url, ...choice } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WebhookCreated>();
}

async function webhookView(staff: Staff, id: string) {
  const list = (await staff.inject({ url: '/api/webhooks' })).json<WebhookList>();
  return list.webhooks.find((hook) => hook.id === id)!;
}

async function publish(staff: Staff, overrides = {}) {
  const response = await staff.inject({
    method: 'POST',
    url: '/api/updates/topics',
    payload: topicInput({ subject: 'Incident resolved', category: 'incidents', ...overrides }),
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; updates: Array<{ id: string }> }>();
}

async function requestAccess(staff: Staff, email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/statuspage/share/${staff.organisation.slug}/request`,
    headers: { 'x-forwarded-for': nextClient() },
    payload: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      companyName: 'Engines',
      agree: true,
      productId: staff.product.id,
    },
  });
  expect(response.json()).toMatchObject({ outcome: 'pending' });
}

const updateHook = { events: ['update.published'], categories: ['incidents', 'compliance'] };
const requestHook = { events: ['access.request.created'] };

describe('adding and editing webhooks', () => {
  it('names the problem: no event, an unknown event, no category for updates, a private address', async () => {
    const staff = await staffOrganisation(t);
    const add = (payload: object) => staff.inject({ method: 'POST', url: '/api/webhooks', payload });
    const noEvents = await add({ url: 'https://hooks.example/attest', events: [] });
    expect(noEvents.statusCode).toBe(400);
    expect(noEvents.json().error.message).toContain(webhookMessages.eventsRequired);
    const unknown = await add({ url: 'https://hooks.example/attest', events: ['access.granted'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain(webhookMessages.eventInvalid);
    const noCategory = await add({ url: 'https://hooks.example/attest', events: ['update.published'] });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().error.message).toContain(webhookMessages.categoriesRequired);
    const privateAddress = await add({ url: 'http://10.1.2.3/hook', ...requestHook });
    expect(privateAddress.statusCode).toBe(400);
    expect(privateAddress.json().error.fields).toEqual({ url: webhookMessages.urlNotAllowed });
    // Loopback passes the gate only when the deployment allows it (tests and local development).
    expect(await isWebhookAddressRefused({ outboundAllowLoopback: false }, 'http://127.0.0.1:9/hook')).toBe(
      true,
    );
    expect(await isWebhookAddressRefused({ outboundAllowLoopback: true }, 'http://127.0.0.1:9/hook')).toBe(
      false,
    );
    expect((await staff.inject({ url: '/api/webhooks' })).json<WebhookList>().webhooks).toEqual([]);

    const viewerOnly = await staffOrganisation(t, 'viewer');
    const forbidden = await viewerOnly.inject({
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: 'https://hooks.example/attest', events: ['access.revoked'] },
    });
    expect(forbidden.statusCode).toBe(403);
    // Webhook addresses are for owners and admins to see as well as to change.
    expect((await viewerOnly.inject({ url: '/api/webhooks' })).statusCode).toBe(403);
  });

  it('edits address, events and categories in place, refusing a bad change and changing nothing then', async () => {
    const staff = await staffOrganisation(t);
    const { webhook } = await addWebhook(staff, 'https://hooks.example/attest', requestHook);
    const edit = (payload: object) =>
      staff.inject({ method: 'PATCH', url: `/api/webhooks/${webhook.id}`, payload });
    const refused = await edit({ url: 'http://10.1.2.3/hook', events: ['access.revoked'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ url: webhookMessages.urlNotAllowed });
    // Adding update.published to a webhook without categories needs them.
    const noCategory = await edit({ events: ['update.published', 'access.revoked'] });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().error.fields).toEqual({ categories: webhookMessages.categoriesRequired });
    expect(await webhookView(staff, webhook.id)).toMatchObject({
      url: 'https://hooks.example/attest',
      events: ['access.request.created'],
      categories: [],
    });
    const both = await edit({
      url: 'https://crm.example/attest',
      events: ['update.published', 'access.revoked'],
      categories: ['incidents'],
    });
    expect(both.statusCode).toBe(200);
    expect(await webhookView(staff, webhook.id)).toMatchObject({
      url: 'https://crm.example/attest',
      events: ['update.published', 'access.revoked'],
      categories: ['incidents'],
      isActive: true,
    });
    // Without update.published the categories have no meaning and are not kept.
    await edit({ events: ['access.expired'] });
    expect(await webhookView(staff, webhook.id)).toMatchObject({
      events: ['access.expired'],
      categories: [],
    });
    const missing = await staff.inject({
      method: 'PATCH',
      url: '/api/webhooks/00000000-0000-4000-8000-000000000000',
      payload: { isActive: false },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(webhookMessages.notFound);
  });
});

describe('delivering update.published', () => {
  it('retries a failing receiver, then delivers a signed payload the receiver can verify', async () => {
    const receiver = await startReceiver(statuses(500, 503, 200));
    try {
      const staff = await staffOrganisation(t);
      const { webhook, secret } = await addWebhook(staff, receiver.url, updateHook);
      expect(secret.length).toBeGreaterThanOrEqual(32);
      // Not its category, private, or hidden: none of these reaches the receiver.
      await publish(staff, { subject: 'Other category', category: 'vulnerabilities' });
      await publish(staff, {
        subject: 'Members only',
        channels: { statusPage: true, statusPageAudience: 'private' },
      });
      const topic = await publish(staff);
      await runDeliveries('worker-updates');

      expect(receiver.received).toHaveLength(3);
      const deliveries = new Set(receiver.received.map((request) => request.headers['x-attest-delivery']));
      expect(deliveries.size).toBe(1);
      const last = receiver.received[2]!;
      expect(last.headers['content-type']).toBe('application/json');
      expect(last.headers['x-attest-event']).toBe('update.published');
      const timestamp = Number(last.headers['x-attest-timestamp']);
      expect(last.headers['x-attest-signature']).toBe(signWebhookBody(secret, timestamp, last.body));
      expect(last.headers['x-attest-signature']).not.toBe(
        signWebhookBody('wrong secret', timestamp, last.body),
      );
      const payload = JSON.parse(last.body) as UpdatePublishedPayload;
      expect(payload).toMatchObject({
        event: 'update.published',
        organisation: { slug: staff.organisation.slug },
        topic: { id: topic.id, subject: 'Incident resolved', category: 'incidents' },
        update: { id: topic.updates[0]!.id },
      });
      expect(payload.update.url).toContain(`/${staff.organisation.slug}?tcuUid=${topic.id}`);

      const view = await webhookView(staff, webhook.id);
      expect(view.failureCount).toBe(0);
      expect(view.lastDeliveredAt).not.toBeNull();
    } finally {
      await receiver.close();
    }
  });

  it('counts a failure when every attempt fails, keeps the job failed, and sends nothing while off', async () => {
    const receiver = await startReceiver(statuses(500));
    try {
      const staff = await staffOrganisation(t);
      const { webhook } = await addWebhook(staff, receiver.url, updateHook);
      await publish(staff);
      await runDeliveries('worker-failing');

      expect(receiver.received).toHaveLength(webhookMaxAttempts);
      const view = await webhookView(staff, webhook.id);
      expect(view.failureCount).toBe(1);
      expect(view.lastDeliveredAt).toBeNull();
      const [job] = await deliveryJobsOf(webhook.id);
      expect(job).toMatchObject({ state: 'failed', attempts: webhookMaxAttempts });
      expect(job?.lastError).toContain('HTTP 500');

      // Switched off, it gets nothing; switched on again, its failure count starts afresh.
      const off = await staff.inject({
        method: 'PATCH',
        url: `/api/webhooks/${webhook.id}`,
        payload: { isActive: false },
      });
      expect(off.statusCode).toBe(200);
      await publish(staff, { subject: 'While off' });
      await runDeliveries('worker-off');
      expect(receiver.received).toHaveLength(webhookMaxAttempts);
      const on = await staff.inject({
        method: 'PATCH',
        url: `/api/webhooks/${webhook.id}`,
        payload: { isActive: true },
      });
      expect(on.json<{ failureCount: number }>().failureCount).toBe(0);
    } finally {
      await receiver.close();
    }
  });
});

describe('delivering access events', () => {
  it('delivers signed events for created, approved and expired, with no document content', async () => {
    const receiver = await startReceiver((_count, response) => response.end('ok'));
    try {
      const staff = await staffOrganisation(t);
      const { webhook, secret } = await addWebhook(staff, receiver.url, {
        events: ['access.request.created', 'access.request.approved', 'access.expired'],
      });
      await requestAccess(staff, 'grace@hopper.example');
      const queue = (await staff.inject({ url: '/api/access-requests?status=pending' })).json<{
        requests: Array<{ id: string }>;
      }>();
      const approve = await staff.inject({
        method: 'POST',
        url: `/api/access-requests/${queue.requests[0]!.id}/approve`,
        payload: { accessDays: 30 },
      });
      expect(approve.statusCode).toBeLessThan(300);
      await runDeliveries('worker-access');

      // Deliveries run in parallel, so they may arrive in either order; receivers order by occurredAt.
      const bodies = receiver.received
        .map((request) => JSON.parse(request.body) as AccessEventPayload)
        .sort((a, b) =>
          a.event === 'access.request.created' ? -1 : b.event === 'access.request.created' ? 1 : 0,
        );
      expect(bodies.map((body) => body.event)).toEqual(['access.request.created', 'access.request.approved']);
      expect(Date.parse(bodies[0]!.occurredAt)).toBeLessThanOrEqual(Date.parse(bodies[1]!.occurredAt));
      for (const request of receiver.received) {
        const timestamp = Number(request.headers['x-attest-timestamp']);
        expect(request.headers['x-attest-event']).toBe(
          (JSON.parse(request.body) as AccessEventPayload).event,
        );
        expect(request.headers['x-attest-signature']).toBe(signWebhookBody(secret, timestamp, request.body));
      }
      expect(bodies[1]).toMatchObject({
        organisation: { slug: staff.organisation.slug },
        request: {
          email: 'grace@hopper.example',
          companyName: 'Engines',
          status: 'approved',
          productIds: [staff.product.id],
        },
        account: { status: 'approved' },
      });
      expect(Object.keys(bodies[1]!).sort()).toEqual(
        ['account', 'deliveryId', 'event', 'occurredAt', 'organisation', 'request'].sort(),
      );

      // Expiry is announced once, however many sweeps run.
      const accountId = bodies[1]!.account!.id;
      await t.database.db
        .update(accounts)
        .set({ accessExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(accounts.id, accountId));
      const deps = { db: t.database.db, providers: t.providers };
      await Promise.all([announceExpiries(deps), announceExpiries(deps)]);
      await announceExpiries(deps);
      await runDeliveries('worker-expiry');
      const events = receiver.received.map(
        (request) => (JSON.parse(request.body) as AccessEventPayload).event,
      );
      expect(events.filter((event) => event === 'access.expired')).toHaveLength(1);
      expect((await webhookView(staff, webhook.id)).lastDeliveredAt).not.toBeNull();
    } finally {
      await receiver.close();
    }
  });

  it('retries a receiver that refuses the connection, then counts one failure', async () => {
    const closed = await startReceiver((_count, response) => response.end());
    const url = closed.url;
    await closed.close();
    const staff = await staffOrganisation(t);
    const { webhook } = await addWebhook(staff, url, requestHook);
    await requestAccess(staff, 'grace@hopper.example');
    await runDeliveries('worker-refused');
    const [job] = await deliveryJobsOf(webhook.id);
    expect(job).toMatchObject({ state: 'failed', attempts: webhookMaxAttempts });
    expect(job?.lastError).toContain('The connection failed');
    expect((await webhookView(staff, webhook.id)).failureCount).toBe(1);
  });

  it('gives up on a receiver that stalls mid-response at the time limit, and delivers on the retry', async () => {
    const receiver = await startReceiver((count, response) => {
      if (count === 1) {
        // Headers and half a body, then silence.
        response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
        response.write('half');
        return;
      }
      response.end('ok');
    });
    try {
      const staff = await staffOrganisation(t);
      const { webhook } = await addWebhook(staff, receiver.url, requestHook);
      await requestAccess(staff, 'grace@hopper.example');
      await runDeliveries('worker-stall');
      expect(receiver.received).toHaveLength(2);
      const [job] = await deliveryJobsOf(webhook.id);
      expect(job).toMatchObject({ state: 'completed', attempts: 2 });
      const view = await webhookView(staff, webhook.id);
      expect(view).toMatchObject({ failureCount: 0 });
      expect(view.lastDeliveredAt).not.toBeNull();
    } finally {
      await receiver.close();
    }
  }, 60_000);
});

describe('one webhook, several kinds of event', () => {
  it('receives both the updates and the access events it chose, and only those', async () => {
    const receiver = await startReceiver((_count, response) => response.end('ok'));
    try {
      const staff = await staffOrganisation(t);
      await addWebhook(staff, receiver.url, {
        events: ['update.published', 'access.request.created'],
        categories: ['incidents'],
      });
      await publish(staff);
      await publish(staff, { subject: 'Not chosen', category: 'compliance' });
      await requestAccess(staff, 'grace@hopper.example');
      await runDeliveries('worker-both');
      const events = receiver.received.map((request) => request.headers['x-attest-event']).sort();
      expect(events).toEqual(['access.request.created', 'update.published']);
    } finally {
      await receiver.close();
    }
  });
});
