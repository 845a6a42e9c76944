import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

const token = 'metrics-token-for-tests-0123456789';
let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: token });
  off = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await off.close();
});

function sample(text: string, line: RegExp): number {
  const match = text.split('\n').find((candidate) => line.test(candidate));
  return match ? Number(match.split(' ').at(-1)) : Number.NaN;
}

describe('/metrics', () => {
  it('is absent without METRICS_TOKEN and refused without the right token', async () => {
    expect((await off.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('reports requests by route pattern, cache lookups, queue and outbox figures, event-loop lag', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    for (let index = 0; index < 3; index++) {
      expect(
        (await t.app.inject({ url: `/api/statuspage/share/${organisation.slug}/view` })).statusCode,
      ).toBe(200);
    }
    await t.app.inject({ url: '/api/no-such-route' });
    const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    const text = response.body;
    expect(
      sample(
        text,
        /^attest_http_requests_total\{route="\/api\/statuspage\/share\/:org\/view",method="GET",status="200"\}/,
      ),
    ).toBe(3);
    expect(text).not.toContain(organisation.slug);
    expect(
      sample(
        text,
        /^attest_http_request_duration_seconds_count\{route="\/api\/statuspage\/share\/:org\/view"/,
      ),
    ).toBe(3);
    expect(sample(text, /^attest_portal_cache_lookups_total\{result="hit"\}/)).toBeGreaterThan(0);
    expect(sample(text, /^attest_portal_cache_lookups_total\{result="miss"\}/)).toBeGreaterThan(0);
    expect(text).toMatch(/^attest_outbox_messages\{state="pending"\} \d+$/m);
    expect(text).toMatch(/^attest_nodejs_eventloop_lag_seconds \d/m);
    expect(text).toContain('attest_jobs_queued');
    expect(text).toContain('attest_jobs_oldest_runnable_age_seconds');
    expect(sample(text, /^attest_rate_limits_per_node_fallback /)).toBe(0);
  });
});
