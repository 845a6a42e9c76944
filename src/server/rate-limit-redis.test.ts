import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionLimits } from '../shared/subscriptions';
import { createOrganisation } from './test/factories';
import { createTestApp, type TestApp } from './test/test-app';
import { testDatabaseKind } from './test/test-database';

// Redis runs on this machine (and in CI); each engine's run of this file gets its own database number.
const redisUrl = `redis://127.0.0.1:6379/${testDatabaseKind === 'postgres' ? 15 : 14}`;
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
