import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsDashboard } from '../../../shared/analytics';
import { cardMessages } from '../../../shared/cards';
import { analyticsEvents, items } from '../../db/schema';
import { createItem, createOrganisation, createStaffUser } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Spec 2 §7: analytics events on an item's access-level and restricted-level change, by staff. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const today = new Date().toISOString().slice(0, 10);

async function setUp(options: { planFeatures?: Record<string, boolean> } = {}) {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db, {
    planFeatures: options.planFeatures ?? {},
  });
  const staff = await createStaffUser(db, organisation.id, { name: 'Erin Editor' });
  const session = await createTestSession(db, { organisationId: organisation.id, staffUserId: staff.id });
  const saveItems = (itemPatches: Record<string, unknown>[]) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/trust-center/products/${product.id}/cards/Reports`,
      payload: { items: itemPatches },
      cookies: session.cookies,
      headers: session.headers,
    });
  const item = (title: string, access: { isPublic: boolean; isHidden?: boolean }) =>
    createItem(db, product, { cardKind: 'Reports', title, isHidden: false, ...access });
  const events = () =>
    db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.organisationId, organisation.id))
      .orderBy(analyticsEvents.name);
  const readItem = async (id: string) => (await db.select().from(items).where(eq(items.id, id)))[0]!;
  const dashboard = async () => {
    const response = await t.app.inject({
      url: `/api/analytics?from=${today}&to=${today}`,
      cookies: session.cookies,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AnalyticsDashboard>();
  };
  return { organisation, staff, session, saveItems, item, events, readItem, dashboard };
}

describe('access-level analytics of item saves', () => {
  it('records an access-level change with the item, the staff user, and the old and new level', async () => {
    const s = await setUp();
    const report = await s.item('SOC 2 Type II report', { isPublic: true });
    const response = await s.saveItems([{ itemUid: report.id, publicAccess: false }]);
    expect(response.statusCode, response.body).toBe(200);
    const [event, ...others] = await s.events();
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      name: 'access_level_changed',
      source: 'server',
      viewerMode: 'main',
      staffUserId: s.staff.id,
      visitorId: null,
      accountId: null,
      itemId: report.id,
      subject: 'SOC 2 Type II report',
      props: { from: 'public', to: 'restricted' },
    });
  });

  it('records a restricted-level change alone when a restricted item is hidden, and both when it is made public', async () => {
    const s = await setUp();
    const report = await s.item('Penetration test report', { isPublic: false });
    expect((await s.saveItems([{ itemUid: report.id, hidden: true }])).statusCode).toBe(200);
    expect((await s.events()).map((event) => [event.name, event.props])).toEqual([
      ['restricted_level_changed', { from: 'visible', to: 'hidden' }],
    ]);
    // The editor clears the hidden flag when an item becomes public (card-form.ts): both levels change.
    const published = await s.saveItems([{ itemUid: report.id, publicAccess: true, hidden: false }]);
    expect(published.statusCode).toBe(200);
    const changes = (await s.events()).map((event) => [event.name, event.itemId, event.props]);
    expect(changes).toHaveLength(3);
    expect(changes).toEqual(
      expect.arrayContaining([
        ['access_level_changed', report.id, { from: 'restricted', to: 'public' }],
        ['restricted_level_changed', report.id, { from: 'visible', to: 'hidden' }],
        ['restricted_level_changed', report.id, { from: 'hidden', to: 'visible' }],
      ]),
    );
  });

  it('records one event per changed item of a save, named by the title saved with it', async () => {
    const s = await setUp();
    const first = await s.item('Bridge letter', { isPublic: true });
    const second = await s.item('ISO certificate', { isPublic: true });
    const untouched = await s.item('SOC 3 report', { isPublic: true });
    const response = await s.saveItems([
      { itemUid: first.id, publicAccess: false, hidden: true, title: 'Bridge letter 2026' },
      { itemUid: second.id, publicAccess: false },
      { itemUid: untouched.id, explanation: 'General use.' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(
      (await s.events()).map((event) => [event.name, event.itemId, event.subject, event.props]).sort(),
    ).toEqual(
      [
        ['access_level_changed', first.id, 'Bridge letter 2026', { from: 'public', to: 'restricted' }],
        ['restricted_level_changed', first.id, 'Bridge letter 2026', { from: 'visible', to: 'hidden' }],
        ['access_level_changed', second.id, 'ISO certificate', { from: 'public', to: 'restricted' }],
      ].sort(),
    );
  });

  it('records nothing when the levels are sent unchanged or only other fields change', async () => {
    const s = await setUp();
    const open = await s.item('SOC 3 report', { isPublic: true });
    const restricted = await s.item('SOC 1 report', { isPublic: false });
    const hidden = await s.item('PCI AoC', { isPublic: false, isHidden: true });
    const response = await s.saveItems([
      { itemUid: open.id, publicAccess: true, hidden: false, explanation: 'Summary.' },
      { itemUid: restricted.id, publicAccess: false, hidden: false },
      { itemUid: hidden.id, publicAccess: false, hidden: true, enabledState: 'WorkInProgress' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect((await s.readItem(open.id)).explanation).toBe('Summary.');
    expect(await s.events()).toEqual([]);
  });

  it('records nothing for a hidden flag on a public item: nobody sees a difference', async () => {
    const s = await setUp();
    const open = await s.item('SOC 3 report', { isPublic: true });
    expect((await s.saveItems([{ itemUid: open.id, hidden: true }])).statusCode).toBe(200);
    expect((await s.readItem(open.id)).isHidden).toBe(true);
    expect(await s.events()).toEqual([]);
  });

  it('records nothing when the save is refused, by validation or by the plan', async () => {
    const s = await setUp();
    const report = await s.item('SOC 2 Type II report', { isPublic: true });
    const other = await s.item('SOC 1 report', { isPublic: true });
    const refused = await s.saveItems([
      { itemUid: report.id, publicAccess: false },
      { itemUid: other.id, href: 'not a link' },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ 'body.items.1.href': cardMessages.invalidUrl });
    // Refused inside the transaction, after the items were read: nothing of the save remains.
    const repeated = await s.saveItems([
      { itemUid: report.id, publicAccess: false },
      { itemUid: report.id, explanation: 'Again' },
    ]);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error.fields).toEqual({ 'items.1.itemUid': cardMessages.duplicateItems });
    const malformed = await s.saveItems([{ itemUid: report.id, publicAccess: 'no' }]);
    expect(malformed.statusCode).toBe(400);
    expect((await s.readItem(report.id)).isPublic).toBe(true);
    expect(await s.events()).toEqual([]);

    const withoutPlan = await setUp({ planFeatures: { restrictedFiles: false } });
    const restricted = await withoutPlan.item('PCI AoC', { isPublic: false });
    const forbidden = await withoutPlan.saveItems([{ itemUid: restricted.id, hidden: true }]);
    expect(forbidden.statusCode).toBe(403);
    expect(await withoutPlan.events()).toEqual([]);
  });

  it('shows the changes in the dashboard’s event counts and the events export, though staff made them', async () => {
    const s = await setUp();
    const first = await s.item('SOC 2 Type II report', { isPublic: true });
    const second = await s.item('Penetration test report', { isPublic: false });
    await s.saveItems([{ itemUid: first.id, publicAccess: false }]);
    await s.saveItems([{ itemUid: second.id, publicAccess: true }]);
    await s.saveItems([{ itemUid: first.id, hidden: true }]);
    await t.database.db.insert(analyticsEvents).values({
      organisationId: s.organisation.id,
      name: 'item_clicked',
      source: 'client',
      viewerMode: 'main',
      itemId: first.id,
    });
    const { eventCounts } = await s.dashboard();
    expect(eventCounts).toContainEqual({ name: 'access_level_changed', count: 2 });
    expect(eventCounts).toContainEqual({ name: 'restricted_level_changed', count: 1 });
    // Staff's own client events stay out of every report, as before.
    expect(eventCounts.map((row) => row.name)).not.toContain('item_clicked');

    const csv = await t.app.inject({
      url: `/api/analytics/export?from=${today}&to=${today}`,
      cookies: s.session.cookies,
    });
    const rows = csv.body.split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(1 + 3);
    expect(rows.filter((row) => row.includes('"access_level_changed","server","main"'))).toHaveLength(2);
    const restrictedRow = rows.find((row) => row.includes('"restricted_level_changed"'));
    expect(restrictedRow).toContain(`"${first.id}","SOC 2 Type II report"`);
    expect(restrictedRow).toContain('""from"":""visible""');
    expect(restrictedRow).toContain('""to"":""hidden""');
  });

  it('never takes these events from a client', async () => {
    const s = await setUp();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/statuspage/share/${s.organisation.slug}/events`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        visitorId: 'visitor-0123456789abcdef',
        events: [{ name: 'access_level_changed', props: { from: 'public', to: 'restricted' } }],
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(await s.events()).toEqual([]);
  });
});
