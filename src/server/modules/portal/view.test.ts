// @postgres: the portal view's queries, the read every visitor makes
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import {
  createAccountMember,
  createOrganisation,
  createPermissionProfile,
  createProduct,
  createProductLink,
  createStaffUser,
} from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET {base}/view', () => {
  it('returns the page model of the default product to a public visitor', async () => {
    const { organisation, product } = await createOrganisation(t.database.db, {
      name: 'Globex',
      websiteUrl: 'globex.example',
      customisation: { portalTitle: 'Security Portal' },
    });
    await createProductLink(t.database.db, organisation.id, {
      name: 'Status',
      link: 'status.globex.example',
    });
    const response = await t.app.inject({ url: `/api/statuspage/share/${organisation.slug}/view` });
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view.organisation.name).toBe('Globex');
    expect(view.organisation.websiteUrl).toBe('https://globex.example');
    expect(view.customisation.portalTitle).toBe('Security Portal');
    expect(view.customisation.showPortalTitle).toBe(true);
    expect(view.product.productId).toBe(product.id);
    expect(view.productLinks).toEqual([{ name: 'Status', link: 'https://status.globex.example' }]);
    expect(view.viewer).toEqual({ mode: 'public', staff: null, member: null, preview: null });
  });

  it('returns a chosen product by id and 404 for an unknown or hidden one', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const second = await createProduct(t.database.db, organisation.id, { name: 'Mobile', slug: 'mobile' });
    const hidden = await createProduct(t.database.db, organisation.id, {
      name: 'Secret',
      slug: 'secret',
      isShown: false,
    });
    const base = `/api/statuspage/share/${organisation.slug}/view`;

    const chosen = await t.app.inject({ url: `${base}/${second.id}` });
    expect(chosen.json().product.productName).toBe('Mobile');
    expect(chosen.json().products.map((p: { productName: string }) => p.productName)).not.toContain('Secret');

    for (const id of [hidden.id, '00000000-0000-4000-8000-000000000000']) {
      const missing = await t.app.inject({ url: `${base}/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('product_not_found');
    }
  });

  it('answers unknown organisations with 404 and malformed values with 400 naming the field', async () => {
    const unknown = await t.app.inject({ url: '/api/statuspage/share/no-such-org/view' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: { code: 'organisation_not_found', message: 'Organisation not found' },
    });

    const { organisation } = await createOrganisation(t.database.db);
    const badId = await t.app.inject({ url: `/api/statuspage/share/${organisation.slug}/view/not-a-uuid` });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.code).toBe('validation_failed');
    expect(Object.keys(badId.json().error.fields)).toContain('params.productId');

    const oversized = await t.app.inject({
      url: `/api/statuspage/share/${organisation.slug}/view?accountId=${'a'.repeat(5000)}`,
    });
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json().error.fields).toHaveProperty(['querystring.accountId']);

    const badSlug = await t.app.inject({ url: '/api/statuspage/share/Not_A_Slug/view' });
    expect(badSlug.statusCode).toBe(400);
  });

  it("refuses staff a preview as an unknown or another organisation's account or profile (400 naming it)", async () => {
    const db = t.database.db;
    const { organisation } = await createOrganisation(db);
    const { organisation: other } = await createOrganisation(db);
    const { account } = await createAccountMember(db, organisation.id);
    const { account: foreignAccount } = await createAccountMember(db, other.id);
    const profile = await createPermissionProfile(db, organisation.id, { itemIds: [] });
    const foreignProfile = await createPermissionProfile(db, other.id, { itemIds: [] });
    const staff = await createStaffUser(db, organisation.id);
    const { cookies } = await createTestSession(db, {
      organisationId: organisation.id,
      staffUserId: staff.id,
    });
    const view = (query: string, withCookies = cookies) =>
      t.app.inject({ url: `/api/statuspage/share/${organisation.slug}/view?${query}`, cookies: withCookies });

    const known = await view(`accountId=${account.id}&permissionProfileId=${profile.id}`);
    expect(known.statusCode).toBe(200);
    expect(known.json().viewer.preview).toMatchObject({
      accountName: account.name,
      permissionProfileName: profile.name,
    });

    const refusals = [
      [`accountId=00000000-0000-4000-8000-000000000000`, 'accountId', messages.previewAccountNotFound],
      [`accountId=${foreignAccount.id}`, 'accountId', messages.previewAccountNotFound],
      [`permissionProfileId=${foreignProfile.id}`, 'permissionProfileId', messages.previewProfileNotFound],
    ] as const;
    for (const [query, field, message] of refusals) {
      const response = await view(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toMatchObject({ message, fields: { [field]: message } });
    }
    // A visitor's ?accountId= is no preview at all: it is ignored, as before.
    const visitor = await view(`accountId=${foreignAccount.id}`, {});
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().viewer.mode).toBe('public');
  });

  it('sends security headers and never leaks internals on unknown routes', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
  });

  it('serves health, readiness and the OpenAPI document', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks).toEqual({ database: 'ok', queue: 'ok' });
    const docs = await t.app.inject({ url: '/api/docs' });
    expect(docs.json().openapi).toMatch(/^3\./);
    expect(Object.keys(docs.json().paths)).toContain('/api/statuspage/share/{org}/view/{productId}');
  });
});
