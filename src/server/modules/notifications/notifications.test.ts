import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NotificationPreferencesView, notificationMessages } from '../../../shared/notifications';
import { updateMessages } from '../../../shared/update-texts';
import { accounts, jobs, outboxMessages, staffDigestWindows } from '../../db/schema';
import { registerJobHandlers } from '../../jobs';
import { createDatabaseJobQueue } from '../../providers/jobs/database-queue';
import { createProduct, createStaffUser } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nextClient } from '../access/test-support';
import { staffOrganisation } from '../updates/test-support';
import { announceExpiries } from './announce-expiries';
import { sendDueDigests } from './staff-digest';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', OUTBOUND_ALLOW_LOOPBACK: 'true' });
});
afterAll(async () => t.close());

type Staff = Awaited<ReturnType<typeof staffOrganisation>>;
type Received = { headers: IncomingHttpHeaders; body: string };
const hourMs = 3_600_000;

async function requestAccess(slug: string, email: string, productId: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/statuspage/share/${slug}/request`,
    headers: { 'x-forwarded-for': nextClient() },
    payload: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      companyName: 'Engines',
      agree: true,
      productId,
    },
  });
  expect(response.json()).toMatchObject({ outcome: 'pending' });
}

async function savePreferences(staff: Staff, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/notification-preferences',
    cookies: staff.session.cookies,
    headers: staff.session.headers,
    payload,
  });
}

async function outboxTo(email: string, subjectLike: string) {
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.toAddress, email), like(outboxMessages.subject, subjectLike)));
}

describe('notification preferences', () => {
  it('answers invalid choices with a 400 naming the problem', async () => {
    const staff = await staffOrganisation(t);
    const badDelivery = await savePreferences(staff, { delivery: 'weekly', allProducts: true });
    expect(badDelivery.statusCode).toBe(400);
    expect(badDelivery.json().error.message).toContain(notificationMessages.deliveryInvalid);
    const noProducts = await savePreferences(staff, { delivery: 'each', allProducts: false, productIds: [] });
    expect(noProducts.statusCode).toBe(400);
    expect(noProducts.json().error.message).toContain(notificationMessages.productsRequired);
    const other = await staffOrganisation(t);
    const foreign = await savePreferences(staff, {
      delivery: 'daily',
      allProducts: false,
      productIds: [other.product.id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toMatchObject({
      message: notificationMessages.productUnknown,
      fields: { productIds: notificationMessages.productUnknown },
    });
    const unsigned = await t.app.inject({ url: '/api/notification-preferences' });
    expect(unsigned.statusCode).toBe(401);
  });

  it('mails each request only to those who asked for it, for their products', async () => {
    const owner = await staffOrganisation(t);
    const second = await createProduct(t.database.db, owner.organisation.id, { name: 'Payments' });
    const saved = await savePreferences(owner, {
      delivery: 'each',
      allProducts: false,
      productIds: [second.id],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<NotificationPreferencesView>()).toMatchObject({
      delivery: 'each',
      allProducts: false,
      productIds: [second.id],
    });
    const quiet = await createStaffUser(t.database.db, owner.organisation.id);
    const quietSession = await createTestSession(t.database.db, {
      organisationId: owner.organisation.id,
      staffUserId: quiet.id,
    });
    const none = await savePreferences(
      { ...owner, session: quietSession },
      { delivery: 'none', allProducts: true },
    );
    expect(none.statusCode).toBe(200);
    const everyone = await createStaffUser(t.database.db, owner.organisation.id);

    await requestAccess(owner.organisation.slug, 'ada@engines.example', owner.product.id);
    await requestAccess(owner.organisation.slug, 'bob@payments.example', second.id);
    const subject = 'New access request%';
    expect((await outboxTo(everyone.email, subject)).length).toBe(2);
    expect((await outboxTo(quiet.email, subject)).length).toBe(0);
    const ownerMails = await outboxTo(owner.staff.email, subject);
    expect(ownerMails.map((mail) => mail.text.includes('bob@payments.example'))).toEqual([true]);
    expect(ownerMails[0]!.text).toContain('/console/access-settings#notifications');
  });
});

describe('digests', () => {
  it('sends one digest per ended window listing what arrived, nothing when nothing did, never twice', async () => {
    const staff = await staffOrganisation(t);
    expect((await savePreferences(staff, { delivery: 'hourly', allProducts: true })).statusCode).toBe(200);
    await requestAccess(staff.organisation.slug, 'ada@engines.example', staff.product.id);
    await requestAccess(staff.organisation.slug, 'eve@analytical.example', staff.product.id);
    // A digest reader gets no per-request mail.
    expect((await outboxTo(staff.staff.email, 'New access request%')).length).toBe(0);

    const deps = { db: t.database.db, config: t.config, providers: t.providers };
    const nextHour = new Date(Date.now() + hourMs);
    // Two runners at once (two nodes, or a retry after a crash): one digest.
    await Promise.all([sendDueDigests(deps, nextHour), sendDueDigests(deps, nextHour)]);
    await sendDueDigests(deps, nextHour);
    const digests = await outboxTo(staff.staff.email, '%waiting for review%');
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.subject).toContain('2 access requests');
    expect(digest.text).toContain('ada@engines.example');
    expect(digest.text).toContain('eve@analytical.example');
    expect(digest.text).toContain('/console/access-requests');
    expect(digest.text).toContain('You receive this because you chose an hourly digest');
    expect(digest.text).toContain('/console/access-settings#notifications');
    expect(digest.html).toContain('Open the review queue');

    // The next window saw no request: recorded, nothing sent.
    await sendDueDigests(deps, new Date(nextHour.getTime() + hourMs));
    expect(await outboxTo(staff.staff.email, '%waiting for review%')).toHaveLength(1);
    const windows = await t.database.db
      .select()
      .from(staffDigestWindows)
      .where(eq(staffDigestWindows.staffUserId, staff.staff.id))
      .orderBy(staffDigestWindows.windowEnd);
    expect(windows.map((window) => window.requestCount)).toEqual([2, 0]);
    expect(windows[0]!.windowEnd.getTime() % hourMs).toBe(0);
  });

  it('a daily digest waits for the day to end and lists only requests still pending', async () => {
    const staff = await staffOrganisation(t);
    await savePreferences(staff, { delivery: 'daily', allProducts: true });
    await requestAccess(staff.organisation.slug, 'mary@somerville.example', staff.product.id);
    const deps = { db: t.database.db, config: t.config, providers: t.providers };
    const startOfDay = Math.floor(Date.now() / (24 * hourMs)) * 24 * hourMs;
    await sendDueDigests(deps, new Date(startOfDay + 24 * hourMs - 1));
    expect(await outboxTo(staff.staff.email, '%waiting for review%')).toHaveLength(0);
    await sendDueDigests(deps, new Date(startOfDay + 24 * hourMs));
    const [digest] = await outboxTo(staff.staff.email, '%waiting for review%');
    expect(digest?.subject).toContain('1 access request ');
    expect(digest?.text).toContain('daily digest');
  });
});
