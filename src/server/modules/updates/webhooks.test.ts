import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookCreated, WebhookList, WebhookPayload } from '../../../shared/updates';
import { signWebhookBody } from '../../core/signed-webhook';
import { jobs } from '../../db/schema';
import { registerJobHandlers } from '../../jobs';
import { createDatabaseJobQueue } from '../../providers/jobs/database-queue';
import { createTestApp, type TestApp } from '../../test/test-app';
import { webhookMaxAttempts } from './publish-update';
import { webhookQueue } from './queries';
import { staffOrganisation, topicInput } from './test-support';

type Received = { headers: IncomingHttpHeaders; body: string };

/** An HTTP receiver on 127.0.0.1 that answers each request with the next status of `statuses` (then the last). */
function startReceiver(statuses: number[]) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = statuses[Math.min(received.length, statuses.length) - 1]!;
      response.end('ok');
    });
  });
  return new Promise<{ url: string; received: Received[]; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/attest`,
        received,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_LOOPBACK: 'true' });
});
afterAll(async () => t.close());

/** The node's queue with backoff shortened from seconds to milliseconds. */
function fastWorker(workerId: string) {
  const queue = createDatabaseJobQueue({
    db: t.database.db,
    workerId,
    pollIntervalMs: 20,
    retryBaseMs: 5,
    retryMaxMs: 50,
  });
  registerJobHandlers({ ...t, providers: { ...t.providers, jobs: queue } });
  return queue;
}

async function runWebhookJobsToEnd(workerId: string) {
  const worker = fastWorker(workerId);
  worker.start();
  try {
    // One statement: a job between attempts is always either queued or active.
    await expect
      .poll(
        async () =>
          (
            await t.database.db
              .select({ id: jobs.id })
              .from(jobs)
              .where(and(eq(jobs.queue, webhookQueue), inArray(jobs.state, ['queued', 'active'])))
          ).length,
        { timeout: 60_000, interval: 50 },
      )
      .toBe(0);
  } finally {
    await worker.stop();
  }
}

async function addWebhook(staff: Awaited<ReturnType<typeof staffOrganisation>>, url: string) {
  const response = await staff.inject({
    method: 'POST',
    url: '/api/webhooks',
    payload: { url, categories: ['incidents', 'compliance'] },
  });
  expect(response.statusCode).toBe(201);
  return response.json<WebhookCreated>();
}

async function publish(staff: Awaited<ReturnType<typeof staffOrganisation>>, overrides = {}) {
  const response = await staff.inject({
    method: 'POST',
    url: '/api/updates/topics',
    payload: topicInput({ subject: 'Incident resolved', category: 'incidents', ...overrides }),
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; updates: Array<{ id: string }> }>();
}

async function webhookView(staff: Awaited<ReturnType<typeof staffOrganisation>>, id: string) {
  const list = (await staff.inject({ url: '/api/webhooks' })).json<WebhookList>();
  return list.webhooks.find((hook) => hook.id === id)!;
}

describe('webhooks', () => {
  it('retries a failing receiver, then delivers a signed payload the receiver can verify', async () => {
    const receiver = await startReceiver([500, 503, 200]);
    try {
      const staff = await staffOrganisation(t);
      const { webhook, secret } = await addWebhook(staff, receiver.url);
      expect(secret.length).toBeGreaterThanOrEqual(32);
      // Not its category, private, or hidden: none of these reaches the receiver.
      await publish(staff, { subject: 'Other category', category: 'vulnerabilities' });
      await publish(staff, {
        subject: 'Members only',
        channels: { statusPage: true, statusPageAudience: 'private' },
      });
      const topic = await publish(staff);
      await runWebhookJobsToEnd('worker-webhooks');

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
      const payload = JSON.parse(last.body) as WebhookPayload;
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

  it('counts a failure when every attempt fails, and keeps the job failed', async () => {
    const receiver = await startReceiver([500]);
    try {
      const staff = await staffOrganisation(t);
      const { webhook } = await addWebhook(staff, receiver.url);
      await publish(staff);
      await runWebhookJobsToEnd('worker-webhooks-failing');

      expect(receiver.received).toHaveLength(webhookMaxAttempts);
      const view = await webhookView(staff, webhook.id);
      expect(view.failureCount).toBe(1);
      expect(view.lastDeliveredAt).toBeNull();
      const [job] = await t.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.queue, webhookQueue))
        .orderBy(jobs.id)
        .then((rows) =>
          rows.filter((row) => (row.payload as { webhookId: string }).webhookId === webhook.id),
        );
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
      await runWebhookJobsToEnd('worker-webhooks-off');
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
