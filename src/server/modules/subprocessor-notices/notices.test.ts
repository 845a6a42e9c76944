// @postgres: the kept list's insert-if-absent and the objection upsert run on a unique key both engines must honour alike
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecialisedView } from '../../../shared/specialised-cards';
import { type NoticesOverview, type NoticeView, noticeMessages } from '../../../shared/subprocessor-notices';
import {
  organisations,
  outboxMessages,
  products,
  subprocessorNotices,
  subscribers,
  topics,
} from '../../db/schema';
import { createOrganisation, createStaffUser } from '../../test/factories';
import { createSignedInMember, createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});
const query = (location: string) => new URL(location, 'http://attest.test').searchParams;

async function setUp() {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db);
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
  const subprocessorsUrl = `/api/trust-center/products/${product.id}/subprocessors`;
  const addSubprocessor = async (name: string, purpose: string, location: string) => {
    const response = await send('POST', subprocessorsUrl, {
      company: { source: 'custom', name },
      purpose,
      location,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ subprocessor: { id: string } }>().subprocessor.id;
  };
  const overview = async () =>
    (await send('GET', `/api/subprocessor-notices?productId=${product.id}`)).json<NoticesOverview>();
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const publish = (effectiveOn = inDays(30), extra: Record<string, unknown> = {}) =>
    send('POST', '/api/subprocessor-notices', {
      productId: product.id,
      effectiveOn,
      emailSubscribers: false,
      ...extra,
    });
  const mailsTo = (email: string) =>
    db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.organisationId, organisation.id), eq(outboxMessages.toAddress, email)));
  return {
    db,
    organisation,
    product,
    send,
    subprocessorsUrl,
    addSubprocessor,
    overview,
    inDays,
    publish,
    mailsTo,
  };
}

describe('subprocessor change notices', () => {
  it('drafts the notice from the difference, publishes it with its date and shows it on the card until then', async () => {
    const s = await setUp();
    const aws = await s.addSubprocessor('Amazon Web Services', 'Hosting', 'Ireland');
    const zendesk = await s.addSubprocessor('Zendesk', 'Support', 'United States');
    // The first notice announces the list as it was built; the next ones only what changed.
    expect((await s.publish()).statusCode).toBe(201);
    expect((await s.overview()).draft.changes).toEqual([]);
    expect((await s.publish()).json()).toMatchObject({
      error: { message: noticeMessages.nothingToAnnounce },
    });

    await s.addSubprocessor('Snowflake', 'Analytics', 'United States');
    await s.send('PATCH', `${s.subprocessorsUrl}/${aws}`, {
      company: { source: 'custom', name: 'Amazon Web Services' },
      purpose: 'Hosting',
      location: 'Germany',
    });
    await s.send('DELETE', `${s.subprocessorsUrl}/${zendesk}`);
    // Added and removed again before any notice: nothing to say about it.
    const temporary = await s.addSubprocessor('Temporary', 'Tests', '');
    await s.send('DELETE', `${s.subprocessorsUrl}/${temporary}`);

    const draft = await s.overview();
    expect(draft.settings.noticeDays).toBe(30);
    expect(draft.draft.defaultEffectiveOn).toBe(s.inDays(30));
    expect(draft.draft.changes.map((change) => change.kind).sort()).toEqual(['added', 'changed', 'removed']);

    expect((await s.publish(s.inDays(-1))).json()).toMatchObject({
      error: { message: noticeMessages.effectiveInPast },
    });
    const published = await s.publish(s.inDays(45), { intro: 'We are moving hosting to Frankfurt.' });
    expect(published.statusCode).toBe(201);
    const notice = published.json<NoticeView>();
    expect(notice.isWindowOpen).toBe(true);
    expect((await s.overview()).draft.changes).toEqual([]);

    const [topic] = await s.db.select().from(topics).where(eq(topics.id, notice.topicId!));
    expect(topic).toMatchObject({ category: 'subprocessors', productId: s.product.id });
    const feed = (await t.app.inject({ url: `/${s.organisation.slug}/updates.json?category=subprocessors` }))
      .body;
    expect(feed).toContain('Added Snowflake (Analytics, United States)');
    expect(feed).toContain('Changed Amazon Web Services: location now “Germany”');
    expect(feed).toContain('Removed Zendesk (Support, United States)');
    expect(feed).toContain(`/${s.organisation.slug}/subprocessor-notices/${notice.id}`);

    const view = await t.app.inject({ url: `/api/statuspage/share/${s.organisation.slug}/view` });
    const upcoming = view.json<{ specialised: SpecialisedView }>().specialised.upcomingSubprocessorChanges;
    // Soonest first: the first notice (30 days) before this one (45 days).
    expect(upcoming?.map((entry) => entry.effectiveAt.slice(0, 10))).toEqual([s.inDays(30), s.inDays(45)]);
    expect(upcoming?.[1]?.lines).toContain('Added Snowflake (Analytics, United States)');
    // Once in effect, the card no longer announces them.
    await s.db
      .update(subprocessorNotices)
      .set({ effectiveAt: new Date(Date.now() - 1000) })
      .where(eq(subprocessorNotices.organisationId, s.organisation.id));
    // A change of the list publishes a new revision, as the view's cache needs (it also lives seconds at most).
    await s.addSubprocessor('Okta', 'Sign-in', '');
    await s.send('PUT', '/api/subprocessor-notices/settings', { noticeDays: 14 });
    const after = await t.app.inject({ url: `/api/statuspage/share/${s.organisation.slug}/view` });
    expect(after.json<{ specialised: SpecialisedView }>().specialised.upcomingSubprocessorChanges).toEqual(
      [],
    );
    expect((await s.overview()).settings.noticeDays).toBe(14);
    const refused = await s.send('PUT', '/api/subprocessor-notices/settings', { noticeDays: 1000 });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(noticeMessages.noticeDaysInvalid);
  });

  it('takes objections from members and mailed-link subscribers until the effective date, and staff answer', async () => {
    const s = await setUp();
    await s.addSubprocessor('Snowflake', 'Analytics', 'United States');
    const notice = (await s.publish(s.inDays(30))).json<NoticeView>();
    const [change] = notice.changes;
    const pagePath = `/${s.organisation.slug}/subprocessor-notices/${notice.id}`;

    // A visitor reads the changes and may ask for a link; nobody learns whether the address subscribes.
    const anonymous = await t.app.inject({ url: pagePath });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).toContain('Added Snowflake (Analytics, United States)');
    expect(anonymous.body).toContain('name="email"');
    expect(anonymous.body).not.toContain('name="changeKey"');
    await s.db.insert(subscribers).values({
      organisationId: s.organisation.id,
      email: 'dpo@customer.example',
      source: 'subscribe_button',
      status: 'confirmed',
      confirmedAt: new Date(),
    });
    for (const email of ['dpo@customer.example', 'stranger@else.example']) {
      const asked = await t.app.inject({ method: 'POST', url: `${pagePath}/link`, ...form({ email }) });
      expect(asked.statusCode).toBe(303);
      expect(query(asked.headers.location!).get('done')).toBe('linkSent');
    }
    expect(await s.mailsTo('stranger@else.example')).toEqual([]);
    const [mail] = await s.mailsTo('dpo@customer.example');
    const link = mail!.text.match(/http:\/\/\S+\/subprocessor-notices\/\S+\?token=\S+/)![0];
    const token = new URL(link).searchParams.get('token')!;

    const withLink = await t.app.inject({ url: new URL(link).pathname + new URL(link).search });
    expect(withLink.body).toContain('dpo@customer.example');
    expect(withLink.body).toContain(`value="${change!.key}"`);
    const objected = await t.app.inject({
      method: 'POST',
      url: `${pagePath}/object`,
      ...form({ token, changeKey: change!.key, reason: 'Our data must stay in the EU.' }),
    });
    expect(query(objected.headers.location!).get('done')).toBe('objected');
    const bad = await t.app.inject({
      method: 'POST',
      url: `${pagePath}/object`,
      ...form({ token, changeKey: 'x' }),
    });
    expect(query(bad.headers.location!).get('error')).toBe('chooseChange');
    expect((await t.app.inject({ url: bad.headers.location! })).body).toContain(noticeMessages.chooseChange);
    const forged = await t.app.inject({
      method: 'POST',
      url: `${pagePath}/object`,
      ...form({ token: 'forged', changeKey: change!.key }),
    });
    expect(query(forged.headers.location!).get('error')).toBe('signIn');

    // A signed-in member's page carries its own token: the post needs no cookie (no CSRF to forge).
    const { member, session } = await createSignedInMember(s.db, s.organisation.id);
    const memberPage = await t.app.inject({ url: pagePath, cookies: session.cookies });
    const memberToken = memberPage.body.match(/name="token" value="([^"]+)"/)![1]!;
    await t.app.inject({
      method: 'POST',
      url: `${pagePath}/object`,
      ...form({ token: memberToken.replaceAll('&amp;', '&'), changeKey: change!.key }),
    });

    const listed = (await s.overview()).notices.find((entry) => entry.id === notice.id)!;
    expect(listed.objections.map((objection) => objection.email).sort()).toEqual(
      ['dpo@customer.example', member.email.toLowerCase()].sort(),
    );
    const dpo = listed.objections.find((objection) => objection.email === 'dpo@customer.example')!;
    expect(dpo).toMatchObject({
      reason: 'Our data must stay in the EU.',
      change: 'Added Snowflake (Analytics, United States)',
    });

    const answered = await s.send(
      'POST',
      `/api/subprocessor-notices/${notice.id}/objections/${dpo.id}/answer`,
      {
        answer: 'Snowflake runs in Frankfurt for EU customers.',
      },
    );
    expect(answered.json()).toMatchObject({ answer: 'Snowflake runs in Frankfurt for EU customers.' });
    const mails = await s.mailsTo('dpo@customer.example');
    expect(mails.map((entry) => entry.text).join('\n')).toContain(
      'Snowflake runs in Frankfurt for EU customers.',
    );

    const csv = await s.send('GET', `/api/subprocessor-notices/${notice.id}/export.csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain('"dpo@customer.example","mailed_link"');
    expect(csv.body).toContain('"Our data must stay in the EU."');
    const json = (await s.send('GET', `/api/subprocessor-notices/${notice.id}/export.json`)).json();
    expect(json.notice.changes[0].description).toBe('Added Snowflake (Analytics, United States)');
    expect(json.objections).toHaveLength(2);

    // The window closes at the effective date: the page says so and a late objection is refused.
    await s.db
      .update(subprocessorNotices)
      .set({ effectiveAt: new Date(Date.now() - 1000) })
      .where(eq(subprocessorNotices.id, notice.id));
    const late = await t.app.inject({
      method: 'POST',
      url: `${pagePath}/object`,
      ...form({ token, changeKey: change!.key }),
    });
    expect(query(late.headers.location!).get('error')).toBe('closed');
    const closed = await t.app.inject({ url: pagePath, cookies: session.cookies });
    expect(closed.body).toContain('The objection window closed on');
    expect(closed.body).not.toContain('name="changeKey"');
  });

  it('keeps a hidden product’s notices from visitors, and another organisation’s from staff', async () => {
    const s = await setUp();
    const other = await setUp();
    await s.addSubprocessor('Snowflake', 'Analytics', '');
    const notice = (await s.publish()).json<NoticeView>();
    await s.db.update(products).set({ isShown: false }).where(eq(products.id, s.product.id));
    const pagePath = `/${s.organisation.slug}/subprocessor-notices/${notice.id}`;
    expect((await t.app.inject({ url: pagePath })).statusCode).toBe(404);
    expect((await other.send('GET', `/api/subprocessor-notices/${notice.id}/export.json`)).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ url: `/${other.organisation.slug}/subprocessor-notices/${notice.id}` }))
        .statusCode,
    ).toBe(404);
  });
});
