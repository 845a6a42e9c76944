import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  NotificationBarResponse,
  StaffTopicsResponse,
  StaffTopicView,
  VisitorUpdatesResponse,
} from '../../../shared/updates';
import { categoryLabels, updateCategories, updateMessages } from '../../../shared/updates';
import { jobs, topicUpdates } from '../../db/schema';
import { createAccountMember, createProduct } from '../../test/factories';
import { atomProblems, jsonFeedProblems } from '../../test/feed-validators';
import { createSignedInMember, createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fanOutQueue } from './queries';
import { addConfirmedSubscribers, staffOrganisation, topicInput } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Staff = Awaited<ReturnType<typeof staffOrganisation>>;

async function publish(staff: Staff, overrides: Parameters<typeof topicInput>[0] = {}) {
  const response = await staff.inject({
    method: 'POST',
    url: '/api/updates/topics',
    payload: topicInput(overrides),
  });
  expect(response.statusCode).toBe(201);
  return response.json<StaffTopicView>();
}

function visitorUpdates(slug: string, query = '', cookies?: Record<string, string>) {
  return t.app.inject({ url: `/api/statuspage/share/${slug}/compliance-update${query}`, cookies });
}

async function setCreatedAt(updateId: string, createdAt: Date) {
  await t.database.db.update(topicUpdates).set({ createdAt }).where(eq(topicUpdates.id, updateId));
}

describe('staff publishing API', () => {
  it('creates a topic with its first update and lists it with the subscriber count', async () => {
    const staff = await staffOrganisation(t);
    await addConfirmedSubscribers(t, staff.organisation.id, 3, 'count');
    const topic = await publish(staff, { isPinned: true });
    expect(topic).toMatchObject({
      subject: 'SOC 2 Type II report renewed',
      category: 'compliance',
      isPinned: true,
      isHidden: false,
    });
    expect(topic.updates).toHaveLength(1);
    expect(topic.updates[0]!.html).toContain('<strong>SOC 2</strong>');
    expect(topic.updates[0]!.channels).toEqual({
      statusPage: true,
      statusPageAudience: 'public',
      email: { enabled: false, subscribers: false, audience: [] },
    });
    const list = await staff.inject({ url: '/api/updates/topics' });
    expect(list.statusCode).toBe(200);
    const body = list.json<StaffTopicsResponse>();
    expect(body.emailSubscriberCount).toBe(3);
    expect(body.topics.map((entry) => entry.id)).toEqual([topic.id]);
  });

  it('answers every validation rule of spec 3 §5 with its message', async () => {
    const staff = await staffOrganisation(t);
    const cases: Array<[unknown, string, string]> = [
      [{ ...topicInput(), subject: '  ' }, 'subject', updateMessages.subjectRequired],
      [{ ...topicInput(), subject: 'x'.repeat(10_000) }, 'subject', updateMessages.subjectTooLong],
      [{ ...topicInput(), category: undefined }, 'category', updateMessages.categoryRequired],
      [{ ...topicInput(), category: 'marketing' }, 'category', updateMessages.categoryInvalid],
      [{ ...topicInput(), message: '' }, 'message', updateMessages.messageRequired],
      [{ ...topicInput(), message: 'x'.repeat(20_001) }, 'message', updateMessages.messageTooLong],
      [{ ...topicInput(), channels: { statusPage: false } }, 'channels', updateMessages.channelRequired],
      [
        {
          ...topicInput(),
          channels: { statusPage: false, email: { enabled: true, subscribers: false, audience: [] } },
        },
        'channels.email.audience',
        updateMessages.emailAudienceRequired,
      ],
      [
        {
          ...topicInput(),
          channels: { statusPage: true, email: { enabled: true, audience: ['not-an-email'] } },
        },
        'channels.email.audience.0',
        updateMessages.emailInvalid('not-an-email'),
      ],
      [
        {
          ...topicInput(),
          channels: { statusPage: true, email: { enabled: true, audience: ['a@b.example', 'A@B.example'] } },
        },
        'channels.email.audience.1',
        updateMessages.emailDuplicate('a@b.example'),
      ],
      [
        {
          ...topicInput(),
          channels: {
            statusPage: true,
            statusPageAudience: 'private',
            email: { enabled: true, subscribers: true },
          },
        },
        'channels.email.subscribers',
        updateMessages.privateToSubscribers,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await staff.inject({ method: 'POST', url: '/api/updates/topics', payload });
      expect(response.statusCode, field).toBe(400);
      const error = response.json<{ error: { code: string; fields?: Record<string, string> } }>().error;
      expect(error.code).toBe('validation_failed');
      expect(error.fields?.[`body.${field}`], JSON.stringify(error)).toBe(message);
    }
    expect((await staff.inject({ url: '/api/updates/topics' })).json<StaffTopicsResponse>().topics).toEqual(
      [],
    );
  });

  it('refuses staff without statuspage:edit, visitors and another organisation', async () => {
    const reader = await staffOrganisation(t, 'viewer');
    expect(
      (await reader.inject({ method: 'POST', url: '/api/updates/topics', payload: topicInput() })).statusCode,
    ).toBe(403);
    expect((await reader.inject({ url: '/api/updates/topics' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/updates/topics' })).statusCode).toBe(401);
    const owner = await staffOrganisation(t);
    const topic = await publish(owner);
    const other = await staffOrganisation(t);
    const edit = await other.inject({
      method: 'PATCH',
      url: `/api/updates/topics/${topic.id}`,
      payload: { isHidden: true },
    });
    expect(edit.statusCode).toBe(404);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/updates/topics',
      cookies: owner.session.cookies,
      payload: topicInput(),
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('adds updates, edits, pins, hides and deletes', async () => {
    const staff = await staffOrganisation(t);
    const topic = await publish(staff);
    const added = await staff.inject({
      method: 'POST',
      url: `/api/updates/topics/${topic.id}/updates`,
      payload: { message: 'Bridge letter added.', channels: { statusPage: true } },
    });
    expect(added.statusCode).toBe(201);
    const withTwo = added.json<StaffTopicView>();
    expect(withTwo.updates.map((update) => update.message)).toEqual([
      'Bridge letter added.',
      'Our **SOC 2** report for 2025 is available.',
    ]);
    const edited = await staff.inject({
      method: 'PATCH',
      url: `/api/updates/topics/${topic.id}`,
      payload: { subject: 'SOC 2 renewed', category: 'general', isPinned: true, isHidden: true },
    });
    expect(edited.json<StaffTopicView>()).toMatchObject({
      subject: 'SOC 2 renewed',
      category: 'general',
      isPinned: true,
      isHidden: true,
    });
    const emptyEdit = await staff.inject({
      method: 'PATCH',
      url: `/api/updates/topics/${topic.id}`,
      payload: {},
    });
    expect(emptyEdit.statusCode).toBe(400);
    const updateEdit = await staff.inject({
      method: 'PATCH',
      url: `/api/updates/topics/${topic.id}/updates/${withTwo.updates[0]!.id}`,
      payload: { message: 'Bridge letter *added*.', statusPageAudience: 'private' },
    });
    expect(updateEdit.json<StaffTopicView>().updates[0]).toMatchObject({
      html: '<p>Bridge letter <em>added</em>.</p>\n',
      channels: { statusPageAudience: 'private' },
    });
    const removed = await staff.inject({
      method: 'DELETE',
      url: `/api/updates/topics/${topic.id}/updates/${withTwo.updates[0]!.id}`,
    });
    expect(removed.json<StaffTopicView>().updates).toHaveLength(1);
    const last = await staff.inject({
      method: 'DELETE',
      url: `/api/updates/topics/${topic.id}/updates/${withTwo.updates[1]!.id}`,
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe(updateMessages.lastUpdate);
    expect(
      (await staff.inject({ method: 'DELETE', url: `/api/updates/topics/${topic.id}` })).statusCode,
    ).toBe(204);
    expect((await staff.inject({ url: '/api/updates/topics' })).json<StaffTopicsResponse>().topics).toEqual(
      [],
    );
  });

  it('publishes with the e-mail channel by enqueueing one fan-out job, whatever the subscriber count', async () => {
    const staff = await staffOrganisation(t);
    await addConfirmedSubscribers(t, staff.organisation.id, 120, 'many');
    const topic = await publish(staff, {
      channels: { statusPage: true, email: { enabled: true, subscribers: true } },
    });
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.queue, fanOutQueue));
    const mine = queued.filter((job) => job.payload.updateId === topic.updates[0]!.id);
    expect(mine).toHaveLength(1);
    expect(topic.updates[0]!.delivery).toEqual({ queued: 0, sent: 0, failed: 0, isFanningOut: true });
    await t.providers.jobs.drain();
    const list = (await staff.inject({ url: '/api/updates/topics' })).json<StaffTopicsResponse>();
    expect(list.topics[0]!.updates[0]!.delivery).toEqual({
      queued: 0,
      sent: 120,
      failed: 0,
      isFanningOut: false,
    });
  });
});

describe('hostile Markdown', () => {
  it('never returns script, event handlers or javascript: links, to staff or visitors', async () => {
    const staff = await staffOrganisation(t);
    const message = [
      '<script>alert(1)</script>',
      '[click](javascript:alert(2)) [again](JaVaScRiPt:alert(3)) [data](data:text/html;base64,PHNjcmlwdD4=)',
      '<img src="https://x.example/a.png" onerror="alert(4)"> <a href="#" onclick="alert(5)">x</a>',
      '<iframe src="https://evil.example"></iframe><svg onload="alert(6)"></svg><style>body{}</style>',
      '<form action="https://evil.example"><input name="p"></form>',
      '[fine](https://example.com/report)',
    ].join('\n\n');
    await publish(staff, { message });
    const staffHtml = (await staff.inject({ url: '/api/updates/topics' })).json<StaffTopicsResponse>()
      .topics[0]!.updates[0]!.html;
    const visitorHtml = (await visitorUpdates(staff.organisation.slug)).json<VisitorUpdatesResponse>()
      .topics[0]!.updates[0]!.html;
    const atom = (await t.app.inject({ url: `/${staff.organisation.slug}/updates.atom` })).body;
    for (const html of [staffHtml, visitorHtml]) {
      expect(html).not.toMatch(/<script|<iframe|<svg|<style|<form|<input|javascript:|data:text|\son\w+=/i);
      expect(html).toContain(
        '<a href="https://example.com/report" rel="noopener noreferrer nofollow" target="_blank">fine</a>',
      );
      expect(html).toContain('<img src="https://x.example/a.png">');
    }
    expect(atom).not.toMatch(/&lt;script|javascript:|onerror/i);
  });
});

describe('visitor updates card', () => {
  it('shows visible topics only, pinned first then newest, 5 per page, with totals', async () => {
    const staff = await staffOrganisation(t);
    const published: StaffTopicView[] = [];
    for (let index = 0; index < 7; index++)
      published.push(await publish(staff, { subject: `Topic ${index}` }));
    for (const [index, topic] of published.entries()) {
      await setCreatedAt(topic.updates[0]!.id, new Date(Date.UTC(2025, 0, 1 + index)));
    }
    await staff.inject({
      method: 'PATCH',
      url: `/api/updates/topics/${published[1]!.id}`,
      payload: { isPinned: true },
    });
    await staff.inject({
      method: 'PATCH',
      url: `/api/updates/topics/${published[6]!.id}`,
      payload: { isHidden: true },
    });
    const first = (await visitorUpdates(staff.organisation.slug)).json<VisitorUpdatesResponse>();
    expect(first).toMatchObject({ page: 1, pageSize: 5, totalTopics: 6, totalPages: 2 });
    expect(first.topics.map((topic) => topic.subject)).toEqual([
      'Topic 1',
      'Topic 5',
      'Topic 4',
      'Topic 3',
      'Topic 2',
    ]);
    expect(first.topics[0]!.isPinned).toBe(true);
    const second = (await visitorUpdates(staff.organisation.slug, '?page=2')).json<VisitorUpdatesResponse>();
    expect(second.topics.map((topic) => topic.subject)).toEqual(['Topic 0']);
    const jump = (
      await visitorUpdates(staff.organisation.slug, `?topicId=${published[0]!.id}`)
    ).json<VisitorUpdatesResponse>();
    expect(jump.page).toBe(2);
    const main = (
      await visitorUpdates(staff.organisation.slug, '', staff.session.cookies)
    ).json<VisitorUpdatesResponse>();
    expect(main.totalTopics).toBe(7);
    // Staff see what visitors do not, marked: the hidden topic carries isHidden, the others none.
    const mainHidden = main.topics.filter((topic) => topic.isHidden).map((topic) => topic.subject);
    expect(mainHidden).toEqual(['Topic 6']);
    expect([...first.topics, ...second.topics].some((topic) => 'isHidden' in topic)).toBe(false);
    const byCategory = (
      await visitorUpdates(staff.organisation.slug, '?category=incidents')
    ).json<VisitorUpdatesResponse>();
    expect(byCategory.totalTopics).toBe(0);
    expect((await visitorUpdates(staff.organisation.slug, '?category=marketing')).statusCode).toBe(400);
  });

  it('shows private-audience updates to account members, Preview as account and Main only, never mixing cached answers', async () => {
    const staff = await staffOrganisation(t);
    await publish(staff, { subject: 'Public note' });
    await publish(staff, {
      subject: 'Private pen test summary',
      channels: { statusPage: true, statusPageAudience: 'private' },
    });
    const email = await publish(staff, {
      subject: 'Mail only',
      channels: { statusPage: false, email: { enabled: true, audience: ['cfo@customer.example'] } },
    });
    const subjects = (response: { json: <T>() => T }) =>
      response
        .json<VisitorUpdatesResponse>()
        .topics.map((topic) => topic.subject)
        .sort();
    const slug = staff.organisation.slug;

    expect(subjects(await visitorUpdates(slug))).toEqual(['Public note']);
    const { account, member } = await createAccountMember(t.database.db, staff.organisation.id);
    const memberSession = await createTestSession(t.database.db, {
      organisationId: staff.organisation.id,
      accountMemberId: member.id,
    });
    expect(subjects(await visitorUpdates(slug, '', memberSession.cookies))).toEqual([
      'Private pen test summary',
      'Public note',
    ]);
    // The public answer was cached before; the member's answer did not replace it.
    expect(subjects(await visitorUpdates(slug))).toEqual(['Public note']);
    expect(subjects(await visitorUpdates(slug, `?accountId=${account.id}`, staff.session.cookies))).toEqual([
      'Private pen test summary',
      'Public note',
    ]);
    expect(subjects(await visitorUpdates(slug, '?preview=public', staff.session.cookies))).toEqual([
      'Public note',
    ]);
    expect(subjects(await visitorUpdates(slug, '', staff.session.cookies))).toEqual([
      'Mail only',
      'Private pen test summary',
      'Public note',
    ]);

    const { member: pendingMember } = await createAccountMember(t.database.db, staff.organisation.id, {
      reviewStatus: 'pending',
    });
    const pendingSession = await createTestSession(t.database.db, {
      organisationId: staff.organisation.id,
      accountMemberId: pendingMember.id,
    });
    expect(subjects(await visitorUpdates(slug, '', pendingSession.cookies))).toEqual(['Public note']);
    expect(email.updates[0]!.channels.statusPage).toBe(false);
    const publicResponse = await visitorUpdates(slug);
    expect(publicResponse.headers['cache-control']).toContain('public');
    expect((await visitorUpdates(slug, '', memberSession.cookies)).headers['cache-control']).toBe(
      'private, no-store',
    );
  });

  it('shows a new update to a public visitor at once (the cache follows the revision)', async () => {
    const staff = await staffOrganisation(t);
    await publish(staff, { subject: 'First' });
    expect((await visitorUpdates(staff.organisation.slug)).json<VisitorUpdatesResponse>().totalTopics).toBe(
      1,
    );
    const second = await publish(staff, { subject: 'Second' });
    expect((await visitorUpdates(staff.organisation.slug)).json<VisitorUpdatesResponse>().totalTopics).toBe(
      2,
    );
    await staff.inject({
      method: 'PATCH',
      url: `/api/updates/topics/${second.id}`,
      payload: { isHidden: true },
    });
    expect((await visitorUpdates(staff.organisation.slug)).json<VisitorUpdatesResponse>().totalTopics).toBe(
      1,
    );
  });
});

describe('notification bar', () => {
  it('names the newest visible update of the last 24 hours, or nothing', async () => {
    const staff = await staffOrganisation(t);
    const latest = (query = '', cookies?: Record<string, string>) =>
      t.app
        .inject({
          url: `/api/statuspage/share/${staff.organisation.slug}/compliance-update/latest${query}`,
          cookies,
        })
        .then((response) => response.json<NotificationBarResponse>().latest);
    const old = await publish(staff, { subject: 'Old news' });
    await setCreatedAt(old.updates[0]!.id, new Date(Date.now() - 25 * 3600 * 1000));
    await staff.inject({
      method: 'PATCH',
      url: `/api/updates/topics/${old.id}`,
      payload: { isPinned: true },
    });
    expect(await latest()).toBeNull();
    const fresh = await publish(staff, { subject: 'Fresh news' });
    expect(await latest()).toMatchObject({
      topicId: fresh.id,
      subject: 'Fresh news',
      updateId: fresh.updates[0]!.id,
    });
    await publish(staff, {
      subject: 'Private fresh',
      channels: { statusPage: true, statusPageAudience: 'private' },
    });
    expect((await latest())?.subject).toBe('Fresh news');
    expect((await latest('', staff.session.cookies))?.subject).toBe('Private fresh');
    // Members share one answer per access shape; it never reaches the public, nor the reverse.
    const memberCookies = async (reviewStatus: 'approved' | 'pending') =>
      (await createSignedInMember(t.database.db, staff.organisation.id, { reviewStatus })).session.cookies;
    const [first, second, pending] = [
      await memberCookies('approved'),
      await memberCookies('approved'),
      await memberCookies('pending'),
    ];
    expect((await latest('', first))?.subject).toBe('Private fresh');
    expect((await latest())?.subject).toBe('Fresh news');
    expect((await latest('', pending))?.subject).toBe('Fresh news');
    expect((await latest('', second))?.subject).toBe('Private fresh');
  });
});

describe('feeds', () => {
  it('serves Atom and JSON Feed of public visible updates, per category', async () => {
    const staff = await staffOrganisation(t);
    await publish(staff, { subject: 'Pen test done', category: 'vulnerabilities' });
    await publish(staff, { subject: 'New subprocessor', category: 'subprocessors' });
    await publish(staff, {
      subject: 'Secret',
      channels: { statusPage: true, statusPageAudience: 'private' },
    });
    const hidden = await publish(staff, { subject: 'Hidden' });
    await staff.inject({
      method: 'PATCH',
      url: `/api/updates/topics/${hidden.id}`,
      payload: { isHidden: true },
    });
    const slug = staff.organisation.slug;

    // Even staff get the public feed: a feed reader shares what it fetched.
    const atom = await t.app.inject({ url: `/${slug}/updates.atom`, cookies: staff.session.cookies });
    expect(atom.statusCode).toBe(200);
    expect(atom.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(await atomProblems(atom.body)).toEqual([]);
    const { DOMParser } = new (await import('jsdom')).JSDOM('').window;
    const xml = new DOMParser().parseFromString(atom.body, 'application/xml');
    expect(xml.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(xml.documentElement.namespaceURI).toBe('http://www.w3.org/2005/Atom');
    expect(xml.documentElement.tagName).toBe('feed');
    const entries = [...xml.getElementsByTagName('entry')];
    expect(entries.map((entry) => entry.getElementsByTagName('title')[0]?.textContent).sort()).toEqual([
      'New subprocessor',
      'Pen test done',
    ]);
    for (const entry of entries) {
      expect(entry.getElementsByTagName('id')[0]?.textContent).toMatch(/^urn:uuid:/);
      expect(entry.getElementsByTagName('updated')[0]?.textContent).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(entry.getElementsByTagName('link')[0]?.getAttribute('href')).toContain(`/${slug}?tcuUid=`);
    }

    const json = await t.app.inject({ url: `/${slug}/updates.json?category=subprocessors` });
    expect(json.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const feed = json.json<{
      version: string;
      title: string;
      items: Array<{ id: string; title: string; content_html: string; url: string }>;
    }>();
    expect(feed.version).toBe('https://jsonfeed.org/version/1');
    expect(jsonFeedProblems(feed)).toEqual([]);
    expect(feed.items.map((item) => item.title)).toEqual(['New subprocessor']);
    expect(feed.items[0]!.content_html).toContain('<strong>SOC 2</strong>');
    expect((await t.app.inject({ url: `/${slug}/updates.json?category=nope` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/no-such-org/updates.atom' })).statusCode).toBe(404);
  });

  it('links the feeds from the portal page head: every update, the product on screen and each kind', async () => {
    const staff = await staffOrganisation(t);
    const hr = await createProduct(t.database.db, staff.organisation.id, { name: 'Acme HR', slug: 'hr' });
    await publish(staff, { subject: 'Linked from the head', productId: hr.id });
    const slug = staff.organisation.slug;
    const html = (await t.app.inject({ url: `/${slug}?product=hr` })).body;
    const head = html.slice(0, html.indexOf('</head>'));
    const links = [
      ...head.matchAll(/<link rel="alternate" type="([^"]+)" title="([^"]+)" href="([^"]+)">/g),
    ].map(([, type, title, href]) => ({ type, title, href }));
    const name = staff.organisation.name;
    const atom = 'application/atom+xml';
    const json = 'application/feed+json';
    expect(links).toEqual([
      { type: atom, title: `${name} updates (Atom)`, href: `http://attest.test/${slug}/updates.atom` },
      { type: json, title: `${name} updates (JSON Feed)`, href: `http://attest.test/${slug}/updates.json` },
      {
        type: atom,
        title: `${name} updates: Acme HR (Atom)`,
        href: `http://attest.test/${slug}/updates.atom?product=hr`,
      },
      {
        type: json,
        title: `${name} updates: Acme HR (JSON Feed)`,
        href: `http://attest.test/${slug}/updates.json?product=hr`,
      },
      ...updateCategories.map((category) => ({
        type: atom,
        title: `${name} updates: ${categoryLabels[category]} (Atom)`,
        href: `http://attest.test/${slug}/updates.atom?category=${category}`,
      })),
    ]);
    for (const link of links) {
      const url = new URL(link.href!);
      const response = await t.app.inject({ url: `${url.pathname}${url.search}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(`${link.type}; charset=utf-8`);
      if (link.type === atom) expect(await atomProblems(response.body)).toEqual([]);
      else expect(jsonFeedProblems(response.json())).toEqual([]);
      if (!url.search.includes('category=') || url.search.includes('compliance'))
        expect(response.body).toContain('Linked from the head');
    }
  });

  it('narrows a product’s feed to its topics and the organisation-wide ones, valid Atom and JSON Feed', async () => {
    const staff = await staffOrganisation(t);
    const db = t.database.db;
    const payroll = await createProduct(db, staff.organisation.id, { name: 'Acme Payroll', slug: 'payroll' });
    const hr = await createProduct(db, staff.organisation.id, { name: 'Acme HR', slug: 'hr' });
    const hidden = await createProduct(db, staff.organisation.id, {
      name: 'Beta',
      slug: 'beta',
      isShown: false,
    });
    await publish(staff, { subject: 'Payslip exports slow', category: 'incidents', productId: payroll.id });
    await publish(staff, { subject: 'HR app outage', category: 'incidents', productId: hr.id });
    await publish(staff, { subject: 'New ISO certificate' });
    const slug = staff.organisation.slug;

    const atom = await t.app.inject({ url: `/${slug}/updates.atom?product=payroll` });
    expect(atom.statusCode).toBe(200);
    expect(await atomProblems(atom.body)).toEqual([]);
    expect(atom.body).toContain('Payslip exports slow');
    expect(atom.body).toContain('New ISO certificate');
    expect(atom.body).not.toContain('HR app outage');
    expect(atom.body).toContain('Trust Center updates (Acme Payroll)</title>');

    const json = await t.app.inject({ url: `/${slug}/updates.json?product=hr&category=incidents` });
    const feed = json.json<{ title: string; feed_url: string; items: Array<{ title: string }> }>();
    expect(jsonFeedProblems(feed)).toEqual([]);
    expect(feed.items.map((item) => item.title)).toEqual(['HR app outage']);
    expect(feed.title).toContain('(Acme HR, Incidents)');
    expect(feed.feed_url).toBe(`http://attest.test/${slug}/updates.json?category=incidents&product=hr`);

    // A product not shown to visitors has no feed, and neither has a product of another name.
    for (const product of [hidden.slug, 'no-such-product']) {
      const missing = await t.app.inject({ url: `/${slug}/updates.atom?product=${product}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ error: { message: updateMessages.productUnknown } });
    }
    // The whole trust center's feed has every topic, and the validators catch a broken feed.
    const all = await t.app.inject({ url: `/${slug}/updates.atom` });
    for (const subject of ['Payslip exports slow', 'HR app outage', 'New ISO certificate'])
      expect(all.body).toContain(subject);
    expect(
      await atomProblems(all.body.replace(/<updated>[^<]*<\/updated>/, '<updated>soon</updated>')),
    ).not.toEqual([]);
    expect(jsonFeedProblems({ ...feed, items: [{ title: 'no id' }] })).not.toEqual([]);
  });

  it('lets staff give a topic a product of their own organisation only, and shows visitors its name', async () => {
    const staff = await staffOrganisation(t);
    const other = await staffOrganisation(t);
    const db = t.database.db;
    const hr = await createProduct(db, staff.organisation.id, { name: 'Acme HR', slug: 'hr' });
    const foreign = await createProduct(db, other.organisation.id, { name: 'Theirs', slug: 'theirs' });
    const refused = await staff.inject({
      method: 'POST',
      url: '/api/updates/topics',
      payload: topicInput({ productId: foreign.id }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { message: updateMessages.productUnknown } });
    const topic = await publish(staff, { subject: 'For HR' });
    expect(topic.productId).toBeNull();
    const edited = await staff.inject({
      method: 'PATCH',
      url: `/api/updates/topics/${topic.id}`,
      payload: { productId: hr.id },
    });
    expect(edited.json<StaffTopicView>().productId).toBe(hr.id);
    const listed = await staff.inject({ url: '/api/updates/topics' });
    expect(listed.json<{ products: Array<{ name: string }> }>().products.map((p) => p.name)).toContain(
      'Acme HR',
    );

    const onHrPage = await visitorUpdates(staff.organisation.slug, '?product=hr');
    expect(onHrPage.json<VisitorUpdatesResponse>().topics.map((t) => [t.subject, t.productName])).toEqual([
      ['For HR', 'Acme HR'],
    ]);
    const onDefaultPage = await visitorUpdates(staff.organisation.slug, `?product=${staff.product.slug}`);
    expect(onDefaultPage.json<VisitorUpdatesResponse>().topics).toEqual([]);
  });
});
