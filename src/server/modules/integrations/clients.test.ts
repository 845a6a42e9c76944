import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationsConfig } from '../../config';
import { createIntegrationClients } from './integration-clients';
import { LiveCache } from './live-cache';
import { startFakeIntegrationServer } from './test-support/fake-integration-server';

let fake: Awaited<ReturnType<typeof startFakeIntegrationServer>>;
let canary: net.Server;
let canaryPort = 0;
let canaryConnections = 0;

beforeAll(async () => {
  fake = await startFakeIntegrationServer();
  canary = net.createServer((socket) => {
    canaryConnections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  canaryPort = (canary.address() as AddressInfo).port;
});
afterAll(async () => {
  await fake.close();
  await new Promise<void>((resolve) => canary.close(() => resolve()));
});

const configFor = (url: string, overrides: Partial<IntegrationsConfig> = {}): IntegrationsConfig => ({
  bugBountyApiUrl: url,
  bugBountyApiToken: 'identifier:token',
  statusPageApiUrl: url,
  scorecardApiUrl: url,
  scorecardApiToken: undefined,
  ...overrides,
});

describe('clients against the fake services', () => {
  const clients = () =>
    createIntegrationClients(configFor(fake.url), { allowLoopback: true, timeoutMs: 300 });

  it('HackerOne: statistics, not found, unknown and temporary failures', async () => {
    const { hackerone } = clients();
    expect(await hackerone.programStatistics('acme')).toEqual({
      ok: true,
      data: {
        reportsResolved: 248,
        lastReportedResolved: '2025-05-02T10:00:00.000Z',
        averageTimeToFirstResponse: 5.2,
        averageTimeToTriage: 30,
        averageBounty: 750,
      },
    });
    expect(await hackerone.programStatistics('missing')).toEqual({ ok: false, reason: 'not_found' });
    expect(await hackerone.programStatistics('garbage')).toEqual({ ok: false, reason: 'unknown' });
    expect(await hackerone.programStatistics('broken')).toEqual({ ok: false, reason: 'temporary' });
    expect(await hackerone.programStatistics('slow')).toEqual({ ok: false, reason: 'temporary' });
  });

  it('Statuspage: indicators from the v2 summary, garbage and slow pages', async () => {
    const { statuspage } = clients();
    const indicator = async (page: string) => {
      const result = await statuspage.summary(`https://status.acme.com/${page}`);
      return result.ok ? result.data.indicator : result.reason;
    };
    expect(await indicator('calm')).toBe('none');
    expect(await indicator('quiet')).toBe('operational');
    expect(await indicator('minor')).toBe('minor');
    expect(await indicator('major')).toBe('major');
    expect(await indicator('critical')).toBe('critical');
    expect(await indicator('maintenance')).toBe('maintenance');
    expect(await indicator('planned')).toBe('maintenance');
    expect(await indicator('garbage')).toBe('invalid');
    expect(await indicator('missing')).toBe('invalid');
    expect(await indicator('broken')).toBe('temporary');
    expect(await indicator('slow')).toBe('temporary');
  });

  it('SecurityScorecard: grade, bad domain, not calculated, bad network', async () => {
    const { scorecard } = clients();
    expect(await scorecard.grade('acme.com')).toEqual({ ok: true, grade: 'B' });
    expect(await scorecard.grade('missing.com')).toEqual({ ok: false, reason: 'bad_domain' });
    expect(await scorecard.grade('unscored.com')).toEqual({ ok: false, reason: 'scorecard_not_calculated' });
    expect(await scorecard.grade('broken.com')).toEqual({ ok: false, reason: 'bad_network' });
    expect(await scorecard.grade('slow.com')).toEqual({ ok: false, reason: 'bad_network' });
  });

  it('a status page whose name resolves to a private address is refused without connecting', async () => {
    const resolve = async () => [{ address: '127.0.0.1', family: 4 as const }];
    const { statuspage } = createIntegrationClients(configFor(fake.url, { statusPageApiUrl: undefined }), {
      resolve,
      timeoutMs: 1000,
    });
    expect(await statuspage.summary(`https://status.acme.com:${canaryPort}`)).toEqual({
      ok: false,
      reason: 'private',
    });
    expect(await statuspage.summary(`https://[::ffff:127.0.0.1]:${canaryPort}`)).toEqual({
      ok: false,
      reason: 'private',
    });
    expect(canaryConnections).toBe(0);
  });
});

describe('live cache', () => {
  it('answers repeated and concurrent reads with one call until the entry expires', async () => {
    let now = 0;
    const cache = new LiveCache({ successMs: 1000, failureMs: 100 }, 10, () => now);
    let calls = 0;
    const load = async () => {
      calls++;
      return { ok: true as const, data: calls };
    };
    const [first, second] = await Promise.all([cache.get('org:a', load), cache.get('org:a', load)]);
    expect(first).toEqual({ ok: true, data: 1 });
    expect(second).toEqual({ ok: true, data: 1 });
    now = 999;
    expect(await cache.get('org:a', load)).toEqual({ ok: true, data: 1 });
    now = 1000;
    expect(await cache.get('org:a', load)).toEqual({ ok: true, data: 2 });
    cache.forget('org:a');
    expect(await cache.get('org:a', load)).toEqual({ ok: true, data: 3 });
    expect(calls).toBe(3);
  });
});
