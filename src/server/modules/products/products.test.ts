import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProductCatalogue, type ProductView, productMessages } from '../../../shared/console-admin';
import type { StaffRole } from '../../../shared/permissions';
import type { PortalView } from '../../../shared/portal';
import { assets, auditLog, cards, organisations } from '../../db/schema';
import { createOrganisation, createProductLink, createStaffUser } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function setup(role?: StaffRole) {
  const { organisation, product } = await createOrganisation(t.database.db);
  const staff = await createStaffUser(t.database.db, organisation.id, role ? { role } : {});
  const session = await createTestSession(t.database.db, {
    organisationId: organisation.id,
    staffUserId: staff.id,
  });
  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      cookies: session.cookies,
      headers: session.headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  return { organisation, product, staff, session, inject };
}

const revisionOf = async (organisationId: string) =>
  (
    await t.database.db
      .select({ revision: organisations.revision })
      .from(organisations)
      .where(eq(organisations.id, organisationId))
  )[0]!.revision;

const publicView = async (slug: string) =>
  (await t.app.inject({ url: `/api/statuspage/share/${slug}/view` })).json<PortalView>();

describe('products API', () => {
  it('creates a product with cards, validates and de-duplicates the slug, and refreshes the portal', async () => {
    const { organisation, inject } = await setup();
    const before = await revisionOf(organisation.id);
    const created = await inject('POST', '/api/products', { name: 'Mobile app', slug: 'mobile-app' });
    expect(created.statusCode).toBe(201);
    const product = created.json<ProductView>();
    expect(product).toMatchObject({
      name: 'Mobile app',
      slug: 'mobile-app',
      isShown: true,
      isDefault: false,
      position: 1,
    });
    expect(await revisionOf(organisation.id)).toBeGreaterThan(before);
    expect(
      (await t.database.db.select().from(cards).where(eq(cards.productId, product.id))).length,
    ).toBeGreaterThan(0);
    expect((await publicView(organisation.slug)).products.map((p) => p.productName)).toContain('Mobile app');

    const taken = await inject('POST', '/api/products', { name: 'Again', slug: 'mobile-app' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ slug: productMessages.slugTaken });
    for (const slug of ['Mobile', 'with space', '-edge', 'a'.repeat(64), '']) {
      expect((await inject('POST', '/api/products', { name: 'Bad', slug })).statusCode).toBe(400);
    }
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `product:${product.id}`));
    expect(audit).toMatchObject({ action: 'product.created' });
  });

  it('renames, hides (not the default), sets the default and orders products', async () => {
    const { organisation, product: platform, inject } = await setup();
    const mobile = (
      await inject('POST', '/api/products', { name: 'Mobile', slug: 'mobile' })
    ).json<ProductView>();
    const renamed = await inject('PATCH', `/api/products/${mobile.id}`, {
      name: 'Mobile apps',
      slug: 'apps',
    });
    expect(renamed.json()).toMatchObject({ name: 'Mobile apps', slug: 'apps' });
    expect((await inject('PATCH', `/api/products/${mobile.id}`, { slug: 'platform' })).statusCode).toBe(409);

    const hideDefault = await inject('PATCH', `/api/products/${platform.id}`, { isShown: false });
    expect(hideDefault.statusCode).toBe(400);
    expect(hideDefault.json().error.message).toBe(productMessages.hideDefault);

    expect((await inject('PATCH', `/api/products/${mobile.id}`, { isShown: false })).json().isShown).toBe(
      false,
    );
    expect((await publicView(organisation.slug)).products.map((p) => p.productName)).not.toContain(
      'Mobile apps',
    );
    expect((await inject('POST', `/api/products/${mobile.id}/default`)).statusCode).toBe(400);
    await inject('PATCH', `/api/products/${mobile.id}`, { isShown: true });
    const made = await inject('POST', `/api/products/${mobile.id}/default`);
    expect(made.json().isDefault).toBe(true);

    const ordered = await inject('PUT', '/api/products/order', { ids: [mobile.id, platform.id] });
    expect(ordered.json<ProductView[]>().map((p) => [p.name, p.isDefault])).toEqual([
      ['Mobile apps', true],
      [platform.name, false],
    ]);
    expect((await inject('PUT', '/api/products/order', { ids: [mobile.id] })).statusCode).toBe(400);
    expect((await inject('PUT', '/api/products/order', { ids: [mobile.id, mobile.id] })).statusCode).toBe(
      400,
    );
    const catalogue = (await inject('GET', '/api/products')).json<ProductCatalogue>();
    expect(catalogue.products.filter((p) => p.isDefault)).toHaveLength(1);
    const log = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.organisationId, organisation.id));
    expect(log.map((row) => row.action)).toEqual(
      expect.arrayContaining(['product.updated', 'product.default_set', 'product.reordered']),
    );
  });

  it('sets and removes a banner image (assets:edit), refusing other types and script', async () => {
    const { product, inject, session, organisation } = await setup();
    const put = (body: Buffer | string, type: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/products/${product.id}/banner`,
        cookies: session.cookies,
        headers: { ...session.headers, 'content-type': type },
        payload: body,
      });
    const set = await put(png, 'image/png');
    expect(set.statusCode).toBe(200);
    const bannerUrl = set.json<ProductView>().bannerUrl!;
    expect(bannerUrl).toMatch(new RegExp(`^/api/share/${organisation.id}/assets/`));
    const image = await t.app.inject({ url: bannerUrl });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(png)).toBe(true);
    expect(
      (await put('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'))
        .statusCode,
    ).toBe(400);
    expect((await put('GIF89a', 'image/gif')).statusCode).toBe(400);
    const removed = await inject('DELETE', `/api/products/${product.id}/banner`);
    expect(removed.json().bannerUrl).toBeNull();
    expect(
      await t.database.db.select().from(assets).where(eq(assets.organisationId, organisation.id)),
    ).toHaveLength(0);

    const noAssets = await setup('reviewer');
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${noAssets.product.id}/banner`,
      cookies: noAssets.session.cookies,
      headers: { ...noAssets.session.headers, 'content-type': 'image/png' },
      payload: png,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('manages product links: create, validate URL, hide, order, delete', async () => {
    const { organisation, inject } = await setup();
    const status = (
      await inject('POST', '/api/product-links', { name: 'Status', link: 'https://status.example.com' })
    ).json();
    const docs = (
      await inject('POST', '/api/product-links', { name: 'Docs', link: 'docs.example.com/security' })
    ).json();
    expect(docs.position).toBe(1);
    for (const link of ['javascript:alert(1)', 'not a url', '']) {
      expect((await inject('POST', '/api/product-links', { name: 'Bad', link })).statusCode).toBe(400);
    }
    await inject('PATCH', `/api/product-links/${status.id}`, { isShown: false });
    expect((await publicView(organisation.slug)).productLinks.map((link) => link.name)).toEqual(['Docs']);
    const ordered = await inject('PUT', '/api/product-links/order', { ids: [docs.id, status.id] });
    expect(ordered.json().map((link: { name: string }) => link.name)).toEqual(['Docs', 'Status']);
    expect((await inject('DELETE', `/api/product-links/${status.id}`)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/product-links/${status.id}`)).statusCode).toBe(404);
    const foreign = await createProductLink(
      t.database.db,
      (await createOrganisation(t.database.db)).organisation.id,
    );
    expect((await inject('PATCH', `/api/product-links/${foreign.id}`, { name: 'Mine' })).statusCode).toBe(
      404,
    );
  });

  it('needs statuspage:edit to write, any staff to read', async () => {
    const { product, inject } = await setup('viewer');
    expect((await inject('GET', '/api/products')).statusCode).toBe(200);
    expect((await inject('POST', '/api/products', { name: 'X', slug: 'x' })).statusCode).toBe(403);
    expect((await inject('PATCH', `/api/products/${product.id}`, { name: 'X' })).statusCode).toBe(403);
    expect(
      (await inject('POST', '/api/product-links', { name: 'X', link: 'https://x.example' })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/products' })).statusCode).toBe(401);
  });
});
