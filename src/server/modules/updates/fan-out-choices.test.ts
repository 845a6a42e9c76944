// @postgres: the choice is decided in the fan-out's query (jsonb containment), which both engines must agree on
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpdateCategory } from '../../../shared/update-texts';
import { outboxMessages, subscribers, updateDeliveries } from '../../db/schema';
import { createProduct } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fanOutUpdate } from './fan-out';
import { staffOrganisation, topicInput } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = {
  email: string;
  categories?: UpdateCategory[] | null;
  products?: string[] | null;
  paused?: boolean;
  status?: 'confirmed' | 'unsubscribed';
};

async function subscribe(organisationId: string, people: Person[]) {
  await t.database.db.insert(subscribers).values(
    people.map((person) => ({
      organisationId,
      email: person.email,
      source: 'subscribe_button',
      status: person.status ?? ('confirmed' as const),
      confirmedAt: new Date(),
      categories: person.categories ?? null,
      products: person.products ?? null,
      pausedAt: person.paused ? new Date() : null,
    })),
  );
}

async function publish(
  staff: Awaited<ReturnType<typeof staffOrganisation>>,
  category: UpdateCategory,
  listed: string[] = [],
  productId: string | null = null,
) {
  const response = await staff.inject({
    method: 'POST',
    url: '/api/updates/topics',
    payload: topicInput({
      subject: `A ${category} update`,
      category,
      productId,
      channels: { statusPage: true, email: { enabled: true, subscribers: true, audience: listed } },
    }),
  });
  expect(response.statusCode).toBe(201);
  const updateId = response.json<{ updates: Array<{ id: string }> }>().updates[0]!.id;
  // Run here rather than waiting for the job queue; a second run (the queue's) mails nobody twice.
  await fanOutUpdate({ db: t.database.db, config: t.config, providers: t.providers }, updateId);
  const rows = await t.database.db
    .select({ email: updateDeliveries.email, text: outboxMessages.text })
    .from(updateDeliveries)
    .innerJoin(outboxMessages, eq(outboxMessages.id, updateDeliveries.outboxMessageId))
    .where(eq(updateDeliveries.updateId, updateId));
  return new Map(rows.map((row) => [row.email, row.text]));
}

describe('fan-out by each subscriber’s choice', () => {
  it('mails an update only to those who follow its kind and have not paused, and says why', async () => {
    const staff = await staffOrganisation(t);
    await subscribe(staff.organisation.id, [
      { email: 'everything@customer.example' },
      { email: 'incidents@customer.example', categories: ['incidents'] },
      { email: 'both@customer.example', categories: ['compliance', 'incidents'] },
      { email: 'compliance@customer.example', categories: ['compliance'] },
      { email: 'paused@customer.example', paused: true },
      { email: 'paused-incidents@customer.example', categories: ['incidents'], paused: true },
      { email: 'gone@customer.example', status: 'unsubscribed' },
    ]);

    const incident = await publish(staff, 'incidents', ['named@customer.example']);
    expect([...incident.keys()].sort()).toEqual([
      'both@customer.example',
      'everything@customer.example',
      'incidents@customer.example',
      'named@customer.example',
    ]);
    expect(incident.get('incidents@customer.example')).toContain('You follow: Incidents.');
    expect(incident.get('both@customer.example')).toContain('You follow: Compliance · Incidents.');
    expect(incident.get('everything@customer.example')).toContain('You follow: all updates.');
    // Staff named this address on the update: its choice is not asked, and the mail says so.
    expect(incident.get('named@customer.example')).toContain('you were named as a recipient of this update');
    for (const text of incident.values()) {
      expect(text).toMatch(/Change what you receive: http:\/\/\S+\/subscription\?token=\S+/);
    }

    const compliance = await publish(staff, 'compliance');
    expect([...compliance.keys()].sort()).toEqual([
      'both@customer.example',
      'compliance@customer.example',
      'everything@customer.example',
    ]);
    const general = await publish(staff, 'general');
    expect([...general.keys()]).toEqual(['everything@customer.example']);
  });

  it('mails a product’s update only to those who follow that product or every product', async () => {
    const staff = await staffOrganisation(t);
    const db = t.database.db;
    const payroll = await createProduct(db, staff.organisation.id, { name: 'Acme Payroll', slug: 'payroll' });
    const hr = await createProduct(db, staff.organisation.id, { name: 'Acme HR', slug: 'hr' });
    await subscribe(staff.organisation.id, [
      { email: 'everything@customer.example' },
      { email: 'payroll@customer.example', products: [payroll.id] },
      { email: 'hr-incidents@customer.example', categories: ['incidents'], products: [hr.id] },
      { email: 'payroll-incidents@customer.example', categories: ['incidents'], products: [payroll.id] },
      { email: 'both-products@customer.example', products: [payroll.id, hr.id] },
    ]);

    const payrollIncident = await publish(staff, 'incidents', [], payroll.id);
    expect([...payrollIncident.keys()].sort()).toEqual([
      'both-products@customer.example',
      'everything@customer.example',
      'payroll-incidents@customer.example',
      'payroll@customer.example',
    ]);
    expect(payrollIncident.get('payroll-incidents@customer.example')).toContain(
      'You follow: Incidents · Acme Payroll.',
    );
    expect(payrollIncident.get('everything@customer.example')).toContain('You follow: all updates.');
    const hrCompliance = await publish(staff, 'compliance', [], hr.id);
    expect([...hrCompliance.keys()].sort()).toEqual([
      'both-products@customer.example',
      'everything@customer.example',
    ]);
    // An update of the whole organisation reaches every product's followers of its kind.
    const orgIncident = await publish(staff, 'incidents');
    expect([...orgIncident.keys()].sort()).toEqual([
      'both-products@customer.example',
      'everything@customer.example',
      'hr-incidents@customer.example',
      'payroll-incidents@customer.example',
      'payroll@customer.example',
    ]);

    const list = await staff.inject({ url: '/api/subscribers' });
    const row = list
      .json<{ subscribers: Array<{ email: string; productNames: string[] | null }> }>()
      .subscribers.find((subscriber) => subscriber.email === 'hr-incidents@customer.example');
    expect(row?.productNames).toEqual(['Acme HR']);
    const csv = (await staff.inject({ url: '/api/subscribers/export.csv' })).body.split('\r\n');
    expect(csv.find((line) => line.startsWith('"both-products@'))).toContain('"all","Acme Payroll; Acme HR"');
  });

  it('shows staff each choice, how many each kind reaches, and exports them', async () => {
    const staff = await staffOrganisation(t);
    await subscribe(staff.organisation.id, [
      { email: 'everything@customer.example' },
      { email: 'incidents@customer.example', categories: ['incidents'] },
      { email: 'paused@customer.example', categories: ['compliance'], paused: true },
      { email: 'gone@customer.example', status: 'unsubscribed' },
    ]);
    const list = await staff.inject({ url: '/api/subscribers' });
    expect(list.json()).toMatchObject({
      reach: { compliance: 1, vulnerabilities: 1, incidents: 2, subprocessors: 1, general: 1 },
      paused: 1,
    });
    const incidents = list
      .json<{ subscribers: Array<{ email: string; categories: string[] | null; pausedAt: string | null }> }>()
      .subscribers.find((row) => row.email === 'incidents@customer.example');
    expect(incidents).toMatchObject({ categories: ['incidents'], pausedAt: null });
    // The reach is what a fan-out really does.
    expect((await publish(staff, 'incidents')).size).toBe(2);

    const csv = await staff.inject({ url: '/api/subscribers/export.csv' });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"email","status","follows","products","paused_at","source","subscribed_at","confirmed_at","unsubscribed_at"',
    );
    expect(lines.find((line) => line.startsWith('"incidents@'))).toContain(
      '"confirmed","incidents","all",""',
    );
    expect(lines.find((line) => line.startsWith('"everything@'))).toContain('"confirmed","all","all",""');
    expect(lines.find((line) => line.startsWith('"paused@'))).toMatch(/"compliance","all","\d{4}-/);
  });
});
