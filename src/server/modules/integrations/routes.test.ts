import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardMessages } from '../../../shared/cards';
import { hackerOneHost } from '../../../shared/integrations';
import { gradeMessages } from '../../../shared/security-grade-catalogue';
import { type SpecialisedView, specialisedMessages } from '../../../shared/specialised-cards';
import { integrationConnections, items } from '../../db/schema';
import { createOrganisation, createStaffUser, findCatalogueItem } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startFakeIntegrationServer } from './test-support/fake-integration-server';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeIntegrationServer>>;
beforeAll(async () => {
  fake = await startFakeIntegrationServer();
  t = await createTestApp({
    BUG_BOUNTY_API_URL: fake.url,
    STATUS_PAGE_API_URL: fake.url,
    SCORECARD_API_URL: fake.url,
    OUTBOUND_ALLOW_LOOPBACK: 'true',
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function setUp(options: { integrations?: boolean } = {}) {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db, {
    planFeatures: options.integrations === undefined ? {} : { integrations: options.integrations },
  });
  const staff = await createStaffUser(db, organisation.id);
  const session = await createTestSession(db, { organisationId: organisation.id, staffUserId: staff.id });
  const send = (method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      payload: payload as never,
      cookies: session.cookies,
      headers: session.headers,
    });
  const share = `/api/statuspage/share/${organisation.slug}`;
  const publicView = async () => {
    const response = await t.app.inject({ url: `${share}/view` });
    expect(response.statusCode).toBe(200);
    return (response.json() as { specialised: SpecialisedView }).specialised;
  };
  const live = (kind: 'hackerone' | 'statuspageio') =>
    t.app.inject({ url: `${share}/${kind}?productId=${product.id}` });
  const enable = async (key: string, values: Partial<typeof items.$inferInsert> = {}) => {
    const item = await findCatalogueItem(db, product.id, key);
    await db
      .update(items)
      .set({ enabledState: 'Enabled', isPublic: true, ...values })
      .where(eq(items.id, item.id));
    return item;
  };
  return { db, organisation, product, send, publicView, live, enable };
}

const errorOf = (response: { json: () => unknown }) =>
  (response.json() as { error: { code: string; message: string } }).error;

describe('bug-bounty program (HackerOne)', () => {
  it('checks the link, maps NOT_FOUND and UNKNOWN, connects, shows live statistics, disconnects', async () => {
    const s = await setUp();
    const bugBounty = await s.enable('application-security.bug-bounty');
    const connect = (page: string) =>
      s.send('POST', '/api/integrations/hackerone/connect', { productId: s.product.id, page });

    for (const page of [
      'https://hackerone.com/acme?type=team',
      'https://evil.example/acme',
      'https://hackerone.com/',
      'https://hackerone.com/acme/reports',
      'http://hackerone.com/acme',
      '',
    ]) {
      const refused = await connect(page);
      expect(refused.statusCode, page).toBe(400);
      expect(errorOf(refused).message).toBe(specialisedMessages.hackeroneInvalidLink(hackerOneHost));
    }
    expect(errorOf(await connect('https://hackerone.com/missing')).message).toBe(
      specialisedMessages.hackeroneNotFound,
    );
    expect(errorOf(await connect('hackerone.com/broken')).message).toBe(specialisedMessages.hackeroneUnknown);
    expect(errorOf(await connect('https://hackerone.com/garbage')).message).toBe(
      specialisedMessages.hackeroneUnknown,
    );
    expect(await s.publicView().then((view) => view.integrations)).toEqual([]);

    const connected = await connect('https://www.hackerone.com/Acme/');
    expect(connected.statusCode).toBe(200);
    expect(connected.json()).toMatchObject({
      allowed: true,
      connection: { link: 'https://hackerone.com/acme', showInCard: true },
      data: {
        enabled: true,
        programStatistics: { reportsResolved: 248, lastReportedResolved: '2025-05-02T10:00:00.000Z' },
        responseEfficiency: { averageTimeToFirstResponse: 5.2, averageTimeToTriage: 30, averageBounty: 750 },
      },
      error: null,
    });
    expect((await s.publicView()).integrations).toEqual([
      { kind: 'hackerone', showInCard: true, itemUid: bugBounty.id },
    ]);

    // Visitors read the cached answer: no further call to the service.
    const callsBefore = fake.requests.length;
    const visitor = await s.live('hackerone');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({ programStatistics: { reportsResolved: 248 } });
    expect(fake.requests.length).toBe(callsBefore);

    const state = await s.send('GET', `/api/integrations/hackerone?productId=${s.product.id}`);
    expect(state.json()).toMatchObject({ connection: { link: 'https://hackerone.com/acme' }, error: null });

    const disconnected = await s.send('DELETE', `/api/integrations/hackerone?productId=${s.product.id}`);
    expect(disconnected.json()).toEqual({ disconnected: true });
    expect((await s.publicView()).integrations).toEqual([]);
    expect((await s.live('hackerone')).statusCode).toBe(404);
    expect((await s.send('GET', `/api/integrations/hackerone?productId=${s.product.id}`)).json()).toEqual({
      allowed: true,
      connection: null,
      data: null,
      error: null,
    });
  });

  it('hides the live data when the service fails, while the page still renders', async () => {
    const s = await setUp();
    await s.enable('application-security.bug-bounty');
    await s.db.insert(integrationConnections).values({
      organisationId: s.organisation.id,
      productId: s.product.id,
      kind: 'hackerone',
      link: 'https://hackerone.com/broken',
      externalId: 'broken',
    });
    expect((await s.publicView()).integrations).toHaveLength(1);
    const visitor = await s.live('hackerone');
    expect(visitor.statusCode).toBe(503);
    expect(errorOf(visitor).message).toBe(specialisedMessages.temporaryError('HackerOne'));
    const state = await s.send('GET', `/api/integrations/hackerone?productId=${s.product.id}`);
    expect(state.json()).toMatchObject({
      connection: { link: 'https://hackerone.com/broken' },
      data: null,
      error: specialisedMessages.temporaryError('HackerOne'),
    });
  });

  it('shows nothing to visitors who may not read the program item', async () => {
    const s = await setUp();
    await s.enable('application-security.bug-bounty', { isPublic: false });
    const connected = await s.send('POST', '/api/integrations/hackerone/connect', {
      productId: s.product.id,
      page: 'https://hackerone.com/acme',
    });
    expect(connected.statusCode).toBe(200);
    expect((await s.publicView()).integrations).toEqual([]);
    const visitor = await s.live('hackerone');
    expect(visitor.statusCode).toBe(404);
    expect(JSON.stringify(visitor.json())).not.toContain('248');
  });
});

describe('status page (Statuspage)', () => {
  it('connects, shows each indicator, honours the switch, refuses bad pages', async () => {
    const s = await setUp();
    const monitoring = await s.enable('infrastructure.status-monitoring');
    const connect = (link: string) =>
      s.send('POST', '/api/integrations/statuspageio/connect', { productId: s.product.id, link });

    for (const link of ['https://status.acme.com/?x=1', 'ftp://status.acme.com', 'https://localhost', '']) {
      expect(errorOf(await connect(link)).message, link).toBe(specialisedMessages.statuspageInvalid);
    }
    for (const link of ['https://status.acme.com/garbage', 'https://status.acme.com/missing']) {
      expect(errorOf(await connect(link)).message, link).toBe(specialisedMessages.statuspageInvalid);
    }

    const expected = [
      ['https://status.acme.com/quiet', 'operational'],
      ['https://status.acme.com/calm', 'none'],
      ['https://status.acme.com/minor', 'minor'],
      ['https://status.acme.com/major', 'major'],
      ['https://status.acme.com/critical', 'critical'],
      ['https://status.acme.com/maintenance', 'maintenance'],
      ['https://status.acme.com/planned', 'maintenance'],
    ] as const;
    for (const [link, indicator] of expected) {
      const connected = await connect(link);
      expect(connected.statusCode, link).toBe(200);
      expect(connected.json().data.indicator, link).toBe(indicator);
      expect((await s.live('statuspageio')).json().indicator, link).toBe(indicator);
    }
    expect((await s.publicView()).integrations).toEqual([
      { kind: 'statuspage', showInCard: true, itemUid: monitoring.id },
    ]);

    const hidden = await s.send('PATCH', '/api/integrations/statuspageio', {
      productId: s.product.id,
      showInCard: false,
    });
    expect(hidden.json()).toEqual({ showInCard: false });
    expect((await s.publicView()).integrations).toEqual([]);
    expect((await s.live('statuspageio')).statusCode).toBe(404);
    // Staff still see the connection and its switch.
    const state = await s.send('GET', `/api/integrations/statuspageio?productId=${s.product.id}`);
    expect(state.json()).toMatchObject({
      connection: { showInCard: false },
      data: { indicator: 'maintenance' },
    });

    await s.send('DELETE', `/api/integrations/statuspageio?productId=${s.product.id}`);
    const afterDisconnect = await s.send('PATCH', '/api/integrations/statuspageio', {
      productId: s.product.id,
      showInCard: true,
    });
    expect(afterDisconnect.statusCode).toBe(404);
    expect(errorOf(afterDisconnect).message).toBe(specialisedMessages.notConnected);
  });

  it('a status page that never answers leaves the page rendering and the widget hidden', async () => {
    const s = await setUp();
    await s.enable('infrastructure.status-monitoring');
    await s.db.insert(integrationConnections).values({
      organisationId: s.organisation.id,
      productId: s.product.id,
      kind: 'statuspage',
      link: 'https://status.acme.com/slow',
      externalId: 'https://status.acme.com/slow',
    });
    expect((await s.publicView()).integrations).toHaveLength(1);
    const visitor = await s.live('statuspageio');
    expect(visitor.statusCode).toBe(503);
    expect(errorOf(visitor).message).toBe(specialisedMessages.temporaryError('Statuspage'));
  }, 15_000);
});

describe('plan gate and permissions', () => {
  it('refuses connecting without the plan feature, and hides existing connections from visitors', async () => {
    const s = await setUp({ integrations: false });
    await s.enable('infrastructure.status-monitoring');
    const refused = await s.send('POST', '/api/integrations/statuspageio/connect', {
      productId: s.product.id,
      link: 'https://status.acme.com/quiet',
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(cardMessages.upgradePlan);
    expect(
      (await s.send('GET', `/api/integrations/statuspageio?productId=${s.product.id}`)).json().allowed,
    ).toBe(false);
    await s.db.insert(integrationConnections).values({
      organisationId: s.organisation.id,
      productId: s.product.id,
      kind: 'statuspage',
      link: 'https://status.acme.com/quiet',
      externalId: 'https://status.acme.com/quiet',
    });
    expect((await s.publicView()).integrations).toEqual([]);
    expect((await s.live('statuspageio')).statusCode).toBe(404);
    // Disconnecting stays possible after a downgrade.
    const disconnected = await s.send('DELETE', `/api/integrations/statuspageio?productId=${s.product.id}`);
    expect(disconnected.json()).toEqual({ disconnected: true });
  });

  it('refuses visitors and other organisations on the staff calls', async () => {
    const s = await setUp();
    const other = await setUp();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/hackerone/connect',
      payload: { productId: s.product.id, page: 'https://hackerone.com/acme' },
    });
    expect([401, 403]).toContain(anonymous.statusCode);
    const crossOrganisation = await other.send('POST', '/api/integrations/hackerone/connect', {
      productId: s.product.id,
      page: 'https://hackerone.com/acme',
    });
    expect(crossOrganisation.statusCode).toBe(404);
    const grade = await t.app.inject({ url: '/api/integrations/ssc/acme.com' });
    expect([401, 403]).toContain(grade.statusCode);
  });
});

describe('security scorecard grade', () => {
  it("answers a grade or the spec's bad_domain, scorecard_not_calculated and bad_network texts", async () => {
    const s = await setUp();
    const grade = (domain: string) => s.send('GET', `/api/integrations/ssc/${encodeURIComponent(domain)}`);
    expect((await grade('acme.com')).json()).toEqual({ grade: 'B' });
    for (const [domain, status, message] of [
      ['not a domain', 400, gradeMessages.badDomain],
      ['www.acme.com', 400, gradeMessages.badDomain],
      ['missing.com', 400, gradeMessages.badDomain],
      ['unscored.com', 404, gradeMessages.notCalculated],
      ['broken.com', 503, gradeMessages.badNetwork],
      ['garbage.com', 503, gradeMessages.badNetwork],
    ] as const) {
      const response = await grade(domain);
      expect(response.statusCode, domain).toBe(status);
      expect(errorOf(response).message, domain).toBe(message);
    }
  });
});
