import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionChoiceMessages as texts } from '../../../shared/subscriptions';
import { products as productsTable, subscribers } from '../../db/schema';
import { createOrganisation, createProduct } from '../../test/factories';
import { createSignedInMember } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signConfirmationToken, signUnsubscribeToken } from './subscription-tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function subscribed(email = 'ada@customer.example', status: 'confirmed' | 'pending' = 'confirmed') {
  const { organisation } = await createOrganisation(t.database.db);
  await t.database.db
    .insert(subscribers)
    .values({ organisationId: organisation.id, email, source: 'subscribe_button', status });
  const token = await signUnsubscribeToken(t.database.db, organisation, email);
  const row = async () =>
    (
      await t.database.db
        .select()
        .from(subscribers)
        .where(and(eq(subscribers.organisationId, organisation.id), eq(subscribers.email, email)))
    )[0]!;
  const page = (query = '', method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({
      method,
      url: `/${organisation.slug}/subscription?token=${encodeURIComponent(token)}${query}`,
    });
  const post = (fields: Record<string, string>, withToken = token) =>
    t.app.inject({
      method: 'POST',
      url: `/${organisation.slug}/subscription`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ token: withToken, ...fields }),
    });
  return { organisation, token, row, page, post };
}

const followed = (location: string) => new URL(location, 'http://attest.test').searchParams;

describe('the preference page of an update mail', () => {
  it('shows the choice on GET and changes nothing, as mail scanners open every link', async () => {
    const { row, page } = await subscribed();
    const before = await row();
    for (const method of ['GET', 'HEAD'] as const) {
      const shown = await page('', method);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['cache-control']).toBe('no-store');
      if (method === 'GET') {
        expect(shown.body).toContain('ada@customer.example');
        expect(shown.body).toMatch(/<input type="checkbox"[^>]* name="category_incidents" checked=""/);
        expect(shown.body).toContain('value="pause"');
        expect(shown.body).not.toContain('<script');
      }
    }
    expect(await row()).toEqual(before);
  });

  it('saves the kinds followed, refuses none, pauses, resumes, unsubscribes and subscribes again', async () => {
    const { row, page, post } = await subscribed();
    const saved = await post({ intent: 'save', category_incidents: 'on', category_subprocessors: 'on' });
    expect(saved.statusCode).toBe(303);
    expect(followed(saved.headers.location!).get('done')).toBe('saved');
    expect((await row()).categories).toEqual(['incidents', 'subprocessors']);
    const after = await page('&done=saved');
    expect(after.body).toContain(texts.saved);
    expect(after.body).toContain('Incidents · Subprocessors');
    expect(after.body).toMatch(/name="category_compliance"(?! checked)/);

    const none = await post({ intent: 'save' });
    expect(followed(none.headers.location!).get('error')).toBe('chooseOne');
    expect((await row()).categories).toEqual(['incidents', 'subprocessors']);
    expect((await page('&error=chooseOne')).body).toContain(texts.chooseOne);

    const everything = Object.fromEntries(
      ['compliance', 'vulnerabilities', 'incidents', 'subprocessors', 'general'].map((c) => [
        `category_${c}`,
        'on',
      ]),
    );
    await post({ intent: 'save', ...everything });
    expect((await row()).categories).toBeNull();

    await post({ intent: 'pause' });
    expect((await row()).pausedAt).not.toBeNull();
    expect((await page()).body).toContain('Resume updates');
    await post({ intent: 'resume' });
    expect((await row()).pausedAt).toBeNull();

    await post({ intent: 'unsubscribe' });
    expect((await row()).status).toBe('unsubscribed');
    const gone = await page('&done=unsubscribe');
    expect(gone.body).toContain(texts.unsubscribed);
    expect(gone.body).toContain('Subscribe again');
    expect(followed((await post({ intent: 'resubscribe' })).headers.location!).get('error')).toBe(
      'chooseOne',
    );
    await post({ intent: 'resubscribe', ...everything });
    expect((await row()).status).toBe('confirmed');
  });

  it('refuses a link that is not valid, or of another organisation, without changing anything', async () => {
    const first = await subscribed();
    const second = await subscribed();
    const invalid = await first
      .page()
      .then(() => t.app.inject({ url: `/${first.organisation.slug}/subscription?token=not-a-token` }));
    expect(invalid.body).toContain(texts.linkInvalid);
    for (const token of ['not-a-token', second.token]) {
      const refused = await first.post({ intent: 'unsubscribe' }, token);
      expect(followed(refused.headers.location!).get('error')).toBe('linkInvalid');
    }
    expect((await first.row()).status).toBe('confirmed');
    expect((await second.row()).status).toBe('confirmed');
  });

  it('lets the confirmation page choose the kinds, and asks again when none is ticked', async () => {
    const { organisation, row } = await subscribed('new@customer.example', 'pending');
    const token = await signConfirmationToken(t.database.db, organisation, 'new@customer.example');
    const shown = await t.app.inject({ url: `/${organisation.slug}/subscribe/confirm?token=${token}` });
    expect(shown.body).toMatch(/name="category_general" checked=""/);
    const confirm = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/${organisation.slug}/subscribe/confirm`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({ token, choices: '1', ...fields }),
      });
    const none = await confirm({});
    expect(followed(none.headers.location!).get('error')).toBe('chooseOne');
    expect((await row()).status).toBe('pending');
    const chosen = await confirm({ category_vulnerabilities: 'on', category_incidents: 'on' });
    expect(chosen.headers.location).toBe(`/${organisation.slug}?subscribeStatus=Confirmed`);
    expect(await row()).toMatchObject({ status: 'confirmed', categories: ['vulnerabilities', 'incidents'] });
  });

  it('offers the shown products once there are two, keeps every-product as null and refuses none', async () => {
    const { organisation, row, page, post } = await subscribed();
    const db = t.database.db;
    // One product: nothing to choose, and the page says nothing about products.
    expect((await page()).body).not.toContain(texts.productsLegend);
    const hr = await createProduct(db, organisation.id, { name: 'Acme HR', slug: 'hr' });
    const hidden = await createProduct(db, organisation.id, { name: 'Beta', slug: 'beta', isShown: false });
    const shown = await page();
    expect(shown.body).toContain(texts.productsLegend);
    expect(shown.body).toMatch(new RegExp(`name="product_${hr.id}" checked=""`));
    expect(shown.body).not.toContain(`product_${hidden.id}`);
    // Feeds of the whole trust center and of each shown product are linked for feed readers.
    expect(shown.body).toContain(texts.feedsHeading);
    expect(shown.body).toContain(`href="/${organisation.slug}/updates.atom?product=hr"`);
    expect(shown.body).toContain(`href="/${organisation.slug}/updates.json?product=hr"`);
    expect(shown.body).toContain(`href="/${organisation.slug}/updates.json?category=incidents"`);

    const onlyHr = await post({ intent: 'save', category_incidents: 'on', [`product_${hr.id}`]: 'on' });
    expect(followed(onlyHr.headers.location!).get('done')).toBe('saved');
    expect(await row()).toMatchObject({ categories: ['incidents'], products: [hr.id] });
    expect((await page()).body).toContain('Incidents · Acme HR');

    const noProduct = await post({ intent: 'save', category_incidents: 'on' });
    expect(followed(noProduct.headers.location!).get('error')).toBe('chooseProduct');
    expect((await row()).products).toEqual([hr.id]);
    expect((await page('&error=chooseProduct')).body).toContain(texts.chooseProduct);

    // Ticking every shown product (a box for a hidden one is ignored) follows every product, later ones too.
    const products = await db.select().from(productsTable);
    const every = Object.fromEntries(
      products
        .filter((product) => product.organisationId === organisation.id)
        .map((product) => [`product_${product.id}`, 'on']),
    );
    await post({ intent: 'save', category_incidents: 'on', ...every });
    expect((await row()).products).toBeNull();
  });

  it('opens a signed-in member’s own page from the account menu, where they subscribe at once', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const { member, session } = await createSignedInMember(t.database.db, organisation.id);
    const anonymous = await t.app.inject({ url: `/${organisation.slug}/subscription/mine` });
    expect(anonymous.headers.location).toBe(`/${organisation.slug}?loginRequest=true`);
    const mine = await t.app.inject({
      url: `/${organisation.slug}/subscription/mine`,
      cookies: session.cookies,
    });
    expect(mine.statusCode).toBe(303);
    const token = followed(mine.headers.location!).get('token')!;
    const shown = await t.app.inject({ url: mine.headers.location! });
    expect(shown.body).toContain(`updates are not sent to ${member.email}`);
    expect(shown.body).toContain('value="resubscribe"');
    const subscribed = await t.app.inject({
      method: 'POST',
      url: `/${organisation.slug}/subscription`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ token, intent: 'resubscribe', category_incidents: 'on' }),
    });
    expect(followed(subscribed.headers.location!).get('done')).toBe('resubscribe');
    const [row] = await t.database.db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.organisationId, organisation.id), eq(subscribers.email, member.email)));
    expect(row).toMatchObject({ status: 'confirmed', categories: ['incidents'], source: 'preference_page' });
  });
});
