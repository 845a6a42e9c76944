import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionLimits } from '../shared/subscriptions';
import { buildApp } from './app';
import { createLogger } from './logger';
import { createOrganisation } from './test/factories';
import { freePort } from './test/server-process';
import { startTcpProxy } from './test/tcp-proxy';
import { createTestApp, type TestApp } from './test/test-app';
import { testDatabaseKind } from './test/test-database';

// Redis runs on this machine (and in CI); each engine's run of this file gets its own database number.
const redisDatabase = testDatabaseKind === 'postgres' ? 15 : 14;
const redisUrl = `redis://127.0.0.1:6379/${redisDatabase}`;
const apps: TestApp[] = [];

beforeAll(async () => {
  const admin = new Redis(redisUrl);
  await admin.flushdb();
  await admin.quit();
});
afterAll(async () => {
  for (const app of apps) await app.close();
});

function subscribe(t: TestApp, slug: string, index: number) {
  return t.app.inject({
    method: 'POST',
    url: `/api/statuspage/share/${slug}/subscribe`,
    payload: { email: `reader-${index}@example.org` },
  });
}

describe('rate limits with REDIS_URL', () => {
  it('share one budget between two app nodes', async () => {
    const nodeA = await createTestApp({ REDIS_URL: redisUrl });
    const nodeB = await createTestApp({ REDIS_URL: redisUrl });
    apps.push(nodeA, nodeB);
    const { organisation: onA } = await createOrganisation(nodeA.database.db, { slug: 'shared-budget' });
    await createOrganisation(nodeB.database.db, { slug: onA.slug });
    const budget = subscriptionLimits.subscribeRequestsPerIpPerMinute;
    const statuses: number[] = [];
    for (let index = 0; index < budget; index++) {
      const node = index % 2 === 0 ? nodeA : nodeB;
      statuses.push((await subscribe(node, onA.slug, index)).statusCode);
    }
    expect(statuses.every((status) => status === 202)).toBe(true);
    // Each node alone has seen only half the budget; together they have spent it.
    expect((await subscribe(nodeB, onA.slug, budget)).statusCode).toBe(429);
    expect((await subscribe(nodeA, onA.slug, budget + 1)).statusCode).toBe(429);
  });

  it('lets requests through when Redis cannot be reached', async () => {
    const t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1/0' });
    apps.push(t);
    const { organisation } = await createOrganisation(t.database.db);
    const response = await subscribe(t, organisation.slug, 1);
    expect(response.statusCode).toBe(202);
  });
});

describe('rate limits while Redis is unreachable', () => {
  it('count per node from the start and say so in /readyz', async () => {
    const closedPort = await freePort();
    const t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${closedPort}/0` });
    apps.push(t);
    const { organisation } = await createOrganisation(t.database.db);
    const budget = subscriptionLimits.subscribeRequestsPerIpPerMinute;
    for (let index = 0; index < budget; index++) {
      expect((await subscribe(t, organisation.slug, index)).statusCode).toBe(202);
    }
    expect((await subscribe(t, organisation.slug, budget)).statusCode).toBe(429);
    const readiness = await t.app.inject({ url: '/readyz' });
    expect(readiness.statusCode).toBe(200);
    expect(readiness.json().rateLimits).toBe('per_node_fallback');
  }, 240_000);

  it('fall back when Redis goes away, warn once, and share counters again when it is back', async () => {
    const proxy = await startTcpProxy(6379);
    const t = await createTestApp();
    apps.push(t);
    const logLines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(...chunk.toString().trim().split('\n'));
        done();
      },
    });
    const config = { ...t.config, redisUrl: `redis://127.0.0.1:${proxy.port}/${redisDatabase}` };
    const app = await buildApp({ ...t, config, logger: createLogger('info', sink) });
    const readyz = async () => (await app.inject({ url: '/readyz' })).json().rateLimits;
    const waitFor = async (state: string) => {
      for (let attempt = 0; attempt < 200 && (await readyz()) !== state; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return readyz();
    };
    try {
      expect(await readyz()).toBe('redis');
      await proxy.cut();
      expect(await waitFor('per_node_fallback')).toBe('per_node_fallback');
      const { organisation } = await createOrganisation(t.database.db);
      const budget = subscriptionLimits.subscribeRequestsPerIpPerMinute;
      for (let index = 0; index < budget; index++) {
        const response = await app.inject({
          method: 'POST',
          url: `/api/statuspage/share/${organisation.slug}/subscribe`,
          payload: { email: `cut-${index}@example.org` },
        });
        expect(response.statusCode).toBe(202);
      }
      const over = await app.inject({
        method: 'POST',
        url: `/api/statuspage/share/${organisation.slug}/subscribe`,
        payload: { email: 'cut-over@example.org' },
      });
      expect(over.statusCode).toBe(429);
      await proxy.restore();
      expect(await waitFor('redis')).toBe('redis');
    } finally {
      await app.close();
      await proxy.close();
    }
    const messages = logLines.map((line) => JSON.parse(line).msg as string);
    expect(messages.filter((message) => message.includes('rate-limit Redis unreachable'))).toHaveLength(1);
    expect(messages.filter((message) => message.includes('rate-limit Redis is back'))).toHaveLength(1);
  }, 240_000);
});
