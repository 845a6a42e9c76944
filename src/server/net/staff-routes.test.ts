import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerMaxBytes } from '../../shared/console-admin';
import { products } from '../db/schema';
import { topicInput } from '../modules/updates/test-support';
import { createAccountMember, createOrganisation, createStaffUser } from '../test/factories';
import { createTestSession } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function signedIn() {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db);
  const staff = await createStaffUser(db, organisation.id);
  const session = await createTestSession(db, { organisationId: organisation.id, staffUserId: staff.id });
  const send = (
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = session.headers,
  ) =>
    t.app.inject({
      method,
      url,
      cookies: session.cookies,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { db, organisation, product, session, send };
}

// Staff reads of each module that registers through staffRoutes.
const staffReads = (productId: string) => [
  '/api/products',
  '/api/updates/topics',
  '/api/webhooks',
  `/api/integrations/statuspageio?productId=${productId}`,
];

describe('staffRoutes: console routes of products, updates and integrations', () => {
  it('keeps each route in the API description under its module tag and summary', async () => {
    const paths = (await t.app.inject({ url: '/api/docs' })).json().paths;
    expect(paths['/api/products'].post).toMatchObject({
      tags: ['products'],
      summary: 'Creates a product (unique slug)',
    });
    expect(paths['/api/webhooks/{webhookId}'].delete).toMatchObject({
      tags: ['webhooks'],
      summary: 'Deletes a webhook (statuspage:edit)',
    });
    expect(paths['/api/integrations/ssc/{domain}'].get).toMatchObject({
      tags: ['integrations'],
      summary: "SecurityScorecard's grade of a domain ('Get Grade')",
    });
  });

  it('answers 401 to visitors and account members', async () => {
    const { db, organisation, product } = await signedIn();
    const member = await createAccountMember(db, organisation.id);
    const memberSession = await createTestSession(db, {
      organisationId: organisation.id,
      accountMemberId: member.member.id,
    });
    for (const url of staffReads(product.id)) {
      const anonymous = await t.app.inject({ url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().error.code).toBe('unauthenticated');
      const asMember = await t.app.inject({ url, cookies: memberSession.cookies });
      expect(asMember.statusCode, url).toBe(401);
    }
  });

  it('refuses a cookie-authenticated write without the CSRF token, and nothing is written', async () => {
    const { db, send } = await signedIn();
    const before = await db.select().from(products);
    const refused = await send('POST', '/api/products', { name: 'Sneaky', slug: 'sneaky' }, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('csrf_failed');
    expect(await db.select().from(products)).toHaveLength(before.length);
  });

  it('validates with the shared schemas and names the field', async () => {
    const { send } = await signedIn();
    const missingSlug = await send('POST', '/api/products', { name: 'No slug' });
    expect(missingSlug.statusCode).toBe(400);
    expect(missingSlug.json().error).toMatchObject({ code: 'validation_failed' });
    expect(Object.keys(missingSlug.json().error.fields)).toEqual(['body.slug']);
    const badParam = await send('PATCH', '/api/webhooks/not-a-uuid', { active: false });
    expect(badParam.statusCode).toBe(400);
    expect(Object.keys(badParam.json().error.fields)).toContain('params.webhookId');
  });

  it('answers 200 with the response schema, 201 for creations and an empty 204 for deletions', async () => {
    const { send } = await signedIn();
    const list = await send('GET', '/api/products');
    expect(list.statusCode).toBe(200);
    expect(list.json().products).toHaveLength(1);
    const created = await send('POST', '/api/product-links', {
      name: 'Status',
      link: 'https://status.example',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Status', link: 'https://status.example' });
    const deleted = await send('DELETE', `/api/product-links/${created.json().id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    const topic = await send('POST', '/api/updates/topics', topicInput());
    expect(topic.statusCode, topic.body).toBe(201);
    const removed = await send('DELETE', `/api/updates/topics/${topic.json().id}`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
  });

  it('keeps per-route extras: the outbound rate limit and the banner body limit', async () => {
    const { product, session, send } = await signedIn();
    const tooLongDomain = `/api/integrations/ssc/${'a'.repeat(254)}`;
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await send('GET', tooLongDomain)).statusCode).toBe(400);
    }
    const limited = await send('GET', tooLongDomain);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');

    // Above the server's 1 MiB default, within the banner route's own limit: the verb answers.
    const putBanner = (bytes: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/products/${product.id}/banner`,
        cookies: session.cookies,
        headers: { ...session.headers, 'content-type': 'image/png' },
        payload: Buffer.alloc(bytes),
      });
    const notAnImage = await putBanner(1.5 * 1024 * 1024);
    expect(notAnImage.statusCode).toBe(400);
    expect(notAnImage.json().error.code).toBe('validation_failed');
    expect((await putBanner(2 * bannerMaxBytes + 1)).statusCode).toBe(413);
  });
});
