import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { registerJobHandlers } from '../jobs';
import { rowsOf } from '../modules/search/sql-helpers';
import { createProviders } from '../providers/create-providers';
import { openDatabaseAtVersion, readJournal } from '../test/database-at-version';
import type { DatabaseHandle } from './client';
import { jobs, webhooks } from './schema';

/**
 * Migration 0017 (one webhook system): the release before it kept update webhooks and access webhooks
 * in two tables with two delivery queues. Its rows and its queued deliveries survive the move.
 */
const organisationId = '00000000-0000-4000-8000-000000000001';
const updateHookId = '00000000-0000-4000-8000-000000000002';
const accessHookId = '00000000-0000-4000-8000-000000000003';
const accessBody = {
  event: 'access.revoked',
  deliveryId: 'delivery-1',
  occurredAt: '2026-11-01T10:00:00.000Z',
  organisation: { slug: 'acme', name: 'Acme' },
  request: null,
  account: {
    id: 'account-1',
    name: 'Globex',
    domain: 'globex.example',
    status: 'revoked',
    accessExpiresAt: null,
  },
};

const received: string[] = [];
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push(Buffer.concat(chunks).toString('utf8'));
    response.end('ok');
  });
});
let receiverUrl: string;
let database: DatabaseHandle;
let workDirectory: string;
let close: () => Promise<void>;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const migrationsBefore = (await readJournal()).entries.findIndex(
    (entry) => entry.tag === '0017_one_webhook_system',
  );
  expect(migrationsBefore).toBeGreaterThan(0);
  const opened = await openDatabaseAtVersion({
    migrations: migrationsBefore,
    seed: async (query) => {
      await query(`insert into organisations (id, slug, name) values ($1, 'acme', 'Acme')`, [organisationId]);
      await query(
        `insert into webhooks (id, organisation_id, url, secret, categories, failure_count)
         values ($1, $2, $3, 'update-secret', '["incidents"]', 2)`,
        [updateHookId, organisationId, `${receiverUrl}/updates`],
      );
      await query(
        `insert into access_webhooks (id, organisation_id, url, secret, events, is_active)
         values ($1, $2, $3, 'access-secret', '["access.revoked","access.expired"]', true)`,
        [accessHookId, organisationId, `${receiverUrl}/access`],
      );
      await query(`insert into jobs (queue, payload) values ('access.webhook', $1)`, [
        JSON.stringify({ webhookId: accessHookId, body: accessBody }),
      ]);
      // An update deleted before its delivery ran: the job completes and sends nothing.
      await query(`insert into jobs (queue, payload) values ('updates.webhook', $1)`, [
        JSON.stringify({
          webhookId: updateHookId,
          updateId: '00000000-0000-4000-8000-0000000000ff',
          deliveryId: 'delivery-2',
        }),
      ]);
    },
  });
  ({ database, workDirectory, close } = opened);
}, 120_000);

afterAll(async () => {
  await close?.();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('migration 0017: one webhook system', () => {
  it('keeps both kinds of webhook in one table, each with its events, secret and history', async () => {
    const rows = await database.db.select().from(webhooks).orderBy(asc(webhooks.id));
    expect(rows).toMatchObject([
      {
        id: updateHookId,
        events: ['update.published'],
        categories: ['incidents'],
        secret: 'update-secret',
        failureCount: 2,
      },
      {
        id: accessHookId,
        events: ['access.revoked', 'access.expired'],
        categories: [],
        secret: 'access-secret',
        isActive: true,
      },
    ]);
    // Kept for nodes of the release before during a rolling upgrade; the next release drops it.
    const tables = rowsOf<{ name: string }>(
      await database.db.execute(
        sql`select table_name as name from information_schema.tables where table_name = 'access_webhooks'`,
      ),
    );
    expect(tables).toEqual([{ name: 'access_webhooks' }]);
  });

  it('gives a webhook added by a node of the release before the event it meant', async () => {
    const [added] = rowsOf<{ events: string[] }>(
      await database.db.execute(
        sql`insert into webhooks (organisation_id, url, secret, categories)
            values (${organisationId}, 'https://hooks.example/old-node', 's', '["general"]') returning events`,
      ),
    );
    expect(added?.events).toEqual(['update.published']);
    await database.db.execute(sql`delete from webhooks where url = 'https://hooks.example/old-node'`);
  });

  it('moves queued deliveries to the one queue, where they run, and runs what an old node still queues', async () => {
    const queued = await database.db.select({ queue: jobs.queue }).from(jobs);
    expect(queued.map((job) => job.queue)).toEqual(['webhooks.deliver', 'webhooks.deliver']);
    // A node of the release before, still serving during a rolling upgrade, queues on its old queue.
    const lateBody = { ...accessBody, deliveryId: 'delivery-3' };
    await database.db
      .insert(jobs)
      .values({ queue: 'access.webhook', payload: { webhookId: accessHookId, body: lateBody } });
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://attest.test',
      DATA_DIR: `${workDirectory}/app`,
      OUTBOUND_ALLOW_LOOPBACK: 'true',
    });
    const providers = await createProviders(config, database);
    try {
      registerJobHandlers({ config, database, providers });
      await providers.jobs.drain();
      const states = await database.db.select({ state: jobs.state, lastError: jobs.lastError }).from(jobs);
      expect(states).toEqual([
        { state: 'completed', lastError: null },
        { state: 'completed', lastError: null },
        { state: 'completed', lastError: null },
      ]);
      const deliveries = received.map((body) => JSON.parse(body) as typeof accessBody);
      expect(deliveries.sort((a, b) => a.deliveryId.localeCompare(b.deliveryId))).toEqual([
        accessBody,
        lateBody,
      ]);
    } finally {
      await providers.jobs.stop();
      await providers.mail.close();
      await providers.cache.close();
      await providers.storage.close();
    }
  });
});
