// @postgres: channels are chosen by jsonb containment in the fan-out's query, as e-mail subscribers are
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChannelList, channelLimits, channelMessages } from '../../../shared/channels';
import { channelDeliveries, channelSubscriptions } from '../../db/schema';
import { runJobsUntilIdle } from '../../test/run-jobs';
import { createTestApp, type TestApp } from '../../test/test-app';
import { staffOrganisation, topicInput } from '../updates/test-support';
import { channelDeliveryQueue } from './channels';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_LOOPBACK: 'true' });
});
afterAll(async () => t.close());

type Staff = Awaited<ReturnType<typeof staffOrganisation>>;

/** A chat service's incoming webhook on 127.0.0.1 that records every post; `answer` picks each status. */
function startSink(answer: (count: number) => number | 'stall' = () => 200) {
  const received: unknown[] = [];
  const server = createServer((request, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      const status = answer(received.length);
      if (status === 'stall') {
        // Headers and half a body, then silence: only the request's time limit ends it.
        response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
        response.write('half');
        return;
      }
      response.statusCode = status;
      response.end('ok');
    });
  });
  return new Promise<{ url: string; received: unknown[]; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/services/T000/B000/secret`,
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

/** Runs fan-outs and channel posts on a worker with millisecond backoff until none is left. */
const runJobs = () => runJobsUntilIdle(t, ['updates.fan-out', channelDeliveryQueue], 'channels');

// Each post from an address of its own: the per-address limits are not what these tests are about.
let posts = 0;
const formPost = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: `192.0.2.${(posts++ % 250) + 1}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
const location = (response: { headers: Record<string, unknown> }) =>
  new URL(String(response.headers.location), 'http://attest.test');
const everyKind = {
  category_compliance: 'on',
  category_vulnerabilities: 'on',
  category_incidents: 'on',
  category_subprocessors: 'on',
  category_general: 'on',
};

/** The visitor's form, then the link the confirmation message carries, opened and posted. */
async function subscribeAndConfirm(
  staff: Staff,
  sinkUrl: string,
  kind: 'slack' | 'teams',
  kinds: Record<string, string>,
) {
  const slug = staff.organisation.slug;
  const asked = await formPost(`/${slug}/subscribe/channel`, { choices: '1', kind, url: sinkUrl, ...kinds });
  expect(location(asked).searchParams.get('done')).toBe('sent');
  await runJobs();
  const [row] = await t.database.db
    .select()
    .from(channelSubscriptions)
    .where(eq(channelSubscriptions.organisationId, staff.organisation.id));
  expect(row?.status).toBe('pending');
  expect(row?.urlSealed).not.toContain('127.0.0.1');
  return row!;
}

function confirmLinkIn(message: unknown): string {
  const text = JSON.stringify(message);
  const link = /http:\/\/attest\.test(\/[^"|\s\\]+\/subscription\/channel\/confirm\?token=[^"|\s\\>]+)/.exec(
    text,
  );
  expect(link).not.toBeNull();
  return link![1]!;
}

async function publish(staff: Staff, subject: string, category: 'incidents' | 'general') {
  const response = await staff.inject({
    method: 'POST',
    url: '/api/updates/topics',
    payload: topicInput({
      subject,
      category,
      channels: { statusPage: true, email: { enabled: true, subscribers: true, audience: [] } },
    }),
  });
  expect(response.statusCode).toBe(201);
  await runJobs();
}

describe('chat channels as subscribers', () => {
  it('confirms a Slack channel from the message posted to it, then posts only the kinds it chose', async () => {
    const staff = await staffOrganisation(t);
    const sink = await startSink();
    try {
      await subscribeAndConfirm(staff, sink.url, 'slack', { category_incidents: 'on' });
      expect(sink.received).toHaveLength(1);
      const confirmPath = confirmLinkIn(sink.received[0]);
      // Nothing is posted before a member of the channel confirms; opening the link changes nothing.
      await publish(staff, 'Before confirming', 'incidents');
      expect(sink.received).toHaveLength(1);
      const page = await t.app.inject({ url: confirmPath });
      expect(page.body).toContain('127.0.0.1');
      const token = new URL(confirmPath, 'http://attest.test').searchParams.get('token')!;
      const confirmed = await formPost(`/${staff.organisation.slug}/subscription/channel/confirm`, { token });
      expect(location(confirmed).pathname).toBe(`/${staff.organisation.slug}/subscription/channel`);
      expect(location(confirmed).searchParams.get('done')).toBe('confirmed');

      // Asking again for a confirmed channel changes nothing and posts nothing.
      const again = await formPost(`/${staff.organisation.slug}/subscribe/channel`, {
        choices: '1',
        kind: 'slack',
        url: sink.url,
        ...everyKind,
      });
      expect(location(again).searchParams.get('done')).toBe('sent');
      await runJobs();
      expect(sink.received).toHaveLength(1);

      await publish(staff, 'Login outage resolved', 'incidents');
      await publish(staff, 'Office move', 'general');
      expect(sink.received).toHaveLength(2);
      const posted = sink.received[1] as { text: string };
      expect(posted.text).toContain('*Login outage resolved*');
      expect(posted.text).toContain('_Incidents update from');
      expect(posted.text).toMatch(
        /<http:\/\/attest\.test\/[^|]+\/subscription\/channel\?token=[^|]+\|Change what this channel receives, or stop>/,
      );

      // The manage link in the message: stop posting, and the next incident is not posted.
      const manage = /<(http:\/\/attest\.test[^|]+\/subscription\/channel\?token=[^|]+)\|/.exec(
        posted.text,
      )![1]!;
      const manageToken = new URL(manage).searchParams.get('token')!;
      const shown = await t.app.inject({ url: new URL(manage).pathname + new URL(manage).search });
      expect(shown.body).toContain('Incidents');
      const stopped = await formPost(`/${staff.organisation.slug}/subscription/channel`, {
        token: manageToken,
        intent: 'stop',
      });
      expect(location(stopped).searchParams.get('done')).toBe('stopped');
      await publish(staff, 'Second incident', 'incidents');
      expect(sink.received).toHaveLength(2);
    } finally {
      await sink.close();
    }
  });

  it('posts a Teams Adaptive Card, and refuses addresses the outbound gate would not reach', async () => {
    const staff = await staffOrganisation(t);
    const sink = await startSink();
    const slug = staff.organisation.slug;
    try {
      await subscribeAndConfirm(staff, sink.url, 'teams', everyKind);
      const card = sink.received[0] as {
        attachments: Array<{ contentType: string; content: { actions: Array<{ url: string }> } }>;
      };
      expect(card.attachments[0]?.contentType).toBe('application/vnd.microsoft.card.adaptive');
      expect(card.attachments[0]?.content.actions[0]?.url).toContain('/subscription/channel/confirm?token=');
    } finally {
      await sink.close();
    }
    for (const [url, refusal] of [
      ['http://hooks.example.com/services/x', 'urlNotHttps'],
      ['https://10.1.2.3/services/x', 'urlRefused'],
      ['https://169.254.169.254/latest', 'urlRefused'],
      ['not a url', 'urlInvalid'],
      ['', 'urlRequired'],
    ] as const) {
      const refused = await formPost(`/${slug}/subscribe/channel`, {
        choices: '1',
        kind: 'slack',
        url,
        ...everyKind,
      });
      expect(location(refused).searchParams.get('error'), url).toBe(refusal);
    }
    const page = await t.app.inject({ url: `/${slug}/subscribe/channel?error=urlRefused` });
    expect(page.body).toContain(channelMessages.urlRefused);
  });

  it('retries a channel that fails, quarantines each message that never got through, then pauses the channel', async () => {
    const staff = await staffOrganisation(t);
    let isHealthy = true;
    const sink = await startSink(() => (isHealthy ? 200 : 500));
    try {
      const row = await subscribeAndConfirm(staff, sink.url, 'slack', everyKind);
      const token = new URL(confirmLinkIn(sink.received[0]), 'http://attest.test').searchParams.get('token')!;
      await formPost(`/${staff.organisation.slug}/subscription/channel/confirm`, { token });
      isHealthy = false;
      for (let index = 0; index < channelLimits.quarantineAfterFailures; index++)
        await publish(staff, `Failing ${index}`, 'general');
      // Each message was tried every time the queue allows, then set aside.
      expect(sink.received).toHaveLength(
        1 + channelLimits.quarantineAfterFailures * channelLimits.deliveryAttempts,
      );
      const deliveries = await t.database.db
        .select()
        .from(channelDeliveries)
        .where(eq(channelDeliveries.channelId, row.id));
      expect(deliveries.filter((delivery) => delivery.status === 'quarantined')).toHaveLength(3);
      const listed = (await staff.inject({ url: '/api/subscribers/channels' })).json<ChannelList>();
      expect(listed.channels[0]).toMatchObject({ status: 'quarantined', consecutiveFailures: 3 });
      expect(listed.channels[0]?.lastError).toContain('HTTP 500');

      // Paused, it gets nothing; staff resume it once the service is back, and the next update arrives.
      isHealthy = true;
      const before = sink.received.length;
      await publish(staff, 'While paused', 'general');
      expect(sink.received).toHaveLength(before);
      const resumed = await staff.inject({
        method: 'POST',
        url: `/api/subscribers/channels/${row.id}/resume`,
      });
      expect(resumed.statusCode).toBe(204);
      await publish(staff, 'After resuming', 'general');
      expect(sink.received).toHaveLength(before + 1);
      expect(JSON.stringify(sink.received.at(-1))).toContain('After resuming');
    } finally {
      await sink.close();
    }
  });

  it('gives up on a channel that stalls mid-answer at the time limit, and posts on the retry', async () => {
    const staff = await staffOrganisation(t);
    const sink = await startSink((count) => (count === 2 ? 'stall' : 200));
    try {
      const row = await subscribeAndConfirm(staff, sink.url, 'slack', everyKind);
      const token = new URL(confirmLinkIn(sink.received[0]), 'http://attest.test').searchParams.get('token')!;
      await formPost(`/${staff.organisation.slug}/subscription/channel/confirm`, { token });
      await publish(staff, 'After a stall', 'general');
      expect(sink.received).toHaveLength(3);
      const [delivery] = await t.database.db
        .select()
        .from(channelDeliveries)
        .where(
          and(
            eq(channelDeliveries.channelId, row.id),
            eq(channelDeliveries.status, 'sent'),
            isNotNull(channelDeliveries.updateId),
          ),
        );
      expect(delivery?.content.title).toBe('After a stall');
    } finally {
      await sink.close();
    }
  }, 60_000);

  it('quarantines messages to an address that refuses connections', async () => {
    const staff = await staffOrganisation(t);
    const sink = await startSink();
    const row = await subscribeAndConfirm(staff, sink.url, 'slack', everyKind);
    const token = new URL(confirmLinkIn(sink.received[0]), 'http://attest.test').searchParams.get('token')!;
    await formPost(`/${staff.organisation.slug}/subscription/channel/confirm`, { token });
    await sink.close();
    await publish(staff, 'Nobody listens', 'general');
    const [delivery] = await t.database.db
      .select()
      .from(channelDeliveries)
      .where(and(eq(channelDeliveries.channelId, row.id), eq(channelDeliveries.status, 'quarantined')));
    expect(delivery?.lastError).toMatch(/ECONNREFUSED|connect|network/i);
  });
});
