import net, { type AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMessages } from '../../shared/access';
import { webhookMessages } from '../../shared/webhooks';
import { accessSettings, webhooks } from '../db/schema';
import { postForm } from '../modules/access/test-support';
import { createIntegrationClients } from '../modules/integrations/integration-clients';
import { staffOrganisation, topicInput } from '../modules/updates/test-support';
import { createOrganisation } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Every server-side request to a user-given address, made by the real code paths of a default app
 * (no OUTBOUND_ALLOW_LOOPBACK), against listeners on 127.0.0.1 and ::1 that must never see a connection.
 */

type Canary = { connections: number; close: () => Promise<void> };

async function listenCanary(host: string, port: number): Promise<Canary & { port: number }> {
  const canary = { connections: 0 };
  const server = net.createServer((socket) => {
    canary.connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return Object.assign(canary, {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

let t: TestApp;
let canaries: Canary[] = [];
let port = 0;
const connections = () => canaries.reduce((sum, canary) => sum + canary.connections, 0);

beforeAll(async () => {
  // TRUST_PROXY: postForm gives each call its own client address, so rate limits stay out of the way.
  t = await createTestApp({ TRUST_PROXY: 'true' });
  const v4 = await listenCanary('127.0.0.1', 0);
  port = v4.port;
  canaries = [v4];
  // The same port on ::1 catches the IPv6 spellings; a machine without IPv6 loopback cannot reach it anyway.
  const v6 = await listenCanary('::1', port).catch(() => null);
  if (v6) canaries.push(v6);
});
afterAll(async () => {
  await Promise.all(canaries.map((canary) => canary.close()));
  await t?.close();
});

/** Loopback and internal spellings; PORT is the canaries' port. */
const templates = [
  'https://127.0.0.1:PORT/',
  'https://localhost:PORT/',
  'https://localhost.:PORT/',
  'https://api.localhost:PORT/',
  'https://[::1]:PORT/',
  'https://0x7f000001:PORT/',
  'https://2130706433:PORT/',
  'https://0177.0.0.1:PORT/',
  'https://127.1:PORT/',
  'https://0.0.0.0:PORT/',
  'https://[::]:PORT/',
  'https://[::ffff:127.0.0.1]:PORT/',
  'https://[::ffff:7f00:1]:PORT/',
  'https://[::127.0.0.1]:PORT/',
  'https://[64:ff9b::7f00:1]:PORT/',
  'https://[2002:7f00:1::]:PORT/',
  'http://127.0.0.1:PORT/',
  'http://[::ffff:127.0.0.1]:PORT/',
  'https://169.254.169.254/latest/meta-data',
  'https://10.0.0.5/internal',
  'https://100.64.0.1/',
  'https://192.168.1.1/',
  'https://[fc00::1]/',
  'https://[fe80::1]/',
  'https://[ff02::1]/',
  'https://255.255.255.255/',
];
const table = () => templates.map((template) => template.replace('PORT', String(port)));

describe('the outbound gate holds for every caller', () => {
  it('webhooks: refused when saved, and a stored one is never delivered', async () => {
    const staff = await staffOrganisation(t);
    for (const url of table()) {
      const saved = await staff.inject({
        method: 'POST',
        url: '/api/webhooks',
        payload: { url, events: ['update.published'], categories: ['incidents'] },
      });
      expect(saved.statusCode, url).toBe(400);
      expect(saved.json().error.fields.url, url).toBe(webhookMessages.urlNotAllowed);
    }
    // Rows written before the gate existed (or by an import) are checked again when delivered.
    const stored = await t.database.db
      .insert(webhooks)
      .values(
        table().map((url) => ({
          organisationId: staff.organisation.id,
          url,
          secret: 'x'.repeat(32),
          events: ['update.published'],
          categories: ['incidents'],
        })),
      )
      .returning({ id: webhooks.id });
    const published = await staff.inject({
      method: 'POST',
      url: '/api/updates/topics',
      payload: topicInput({ subject: 'Incident resolved', category: 'incidents' }),
    });
    expect(published.statusCode).toBe(201);
    await t.providers.jobs.drain();
    const after = await t.database.db
      .select({
        url: webhooks.url,
        failureCount: webhooks.failureCount,
        lastDeliveredAt: webhooks.lastDeliveredAt,
      })
      .from(webhooks)
      .where(
        inArray(
          webhooks.id,
          stored.map((row) => row.id),
        ),
      );
    expect(after).toHaveLength(table().length);
    for (const row of after) {
      expect(row.lastDeliveredAt, row.url).toBeNull();
      // Refused for good on the first attempt: no retries against an internal address.
      expect(row.failureCount, row.url).toBe(1);
    }
    expect(connections()).toBe(0);
  });

  it('bring-your-own identity: an anonymous RS256 token never makes the server fetch an internal JWKS', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    await t.database.db.insert(accessSettings).values({ organisationId: organisation.id });
    const { privateKey } = await generateKeyPair('RS256');
    for (const url of table()) {
      await t.database.db
        .update(accessSettings)
        .set({ byoidJwksUrl: `${url}jwks.json` })
        .where(eq(accessSettings.organisationId, organisation.id));
      const token = await new SignJWT({ email: 'eve@attacker.example' })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      const response = await postForm(t.app, `/api/statuspage/share/${organisation.slug}/byoid`, {
        byoidJwt: token,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.cookies).toHaveLength(0);
      expect(response.body).toContain(accessMessages.byoidTokenInvalid.replace("'", '&#39;').slice(0, 30));
    }
    expect(connections()).toBe(0);
  });

  it('status page, HackerOne and scorecard: refused as private, never connected', async () => {
    for (const url of table()) {
      const base = url.replace(/\/$/, '');
      const clients = createIntegrationClients({
        bugBountyApiUrl: base,
        bugBountyApiToken: 'identifier:token',
        statusPageApiUrl: undefined,
        scorecardApiUrl: base,
        scorecardApiToken: 'token',
      });
      expect(await clients.statuspage.summary(base), url).toEqual({
        ok: false,
        reason: 'private',
      });
      expect(await clients.hackerone.programStatistics('acme'), url).toEqual({
        ok: false,
        reason: 'unknown',
      });
      expect((await clients.scorecard.grade('acme.com')).ok, url).toBe(false);
    }
    expect(connections()).toBe(0);
  });

  it('webhooks: a public name that does not resolve today is saved, to be checked at each delivery', async () => {
    const staff = await staffOrganisation(t);
    // .invalid never resolves (RFC 6761), like a receiver whose DNS is not published yet.
    const saved = await staff.inject({
      method: 'POST',
      url: '/api/webhooks',
      payload: {
        url: 'https://hooks.example.invalid/attest',
        events: ['update.published'],
        categories: ['incidents'],
      },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().webhook.url).toBe('https://hooks.example.invalid/attest');
  });

  it('a public-looking name that resolves to loopback is refused too', async () => {
    const resolve = async () => [{ address: '127.0.0.1', family: 4 as const }];
    const clients = createIntegrationClients(
      {
        bugBountyApiUrl: `https://api.attacker.example:${port}`,
        bugBountyApiToken: 'identifier:token',
        statusPageApiUrl: undefined,
        scorecardApiUrl: `https://api.attacker.example:${port}`,
        scorecardApiToken: 'token',
      },
      { resolve },
    );
    expect(await clients.statuspage.summary(`https://status.attacker.example:${port}`)).toEqual({
      ok: false,
      reason: 'private',
    });
    expect(await clients.hackerone.programStatistics('acme')).toEqual({ ok: false, reason: 'unknown' });
    expect(connections()).toBe(0);
  });
});
