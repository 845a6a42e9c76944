import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountMember, createOrganisation, createStaffUser } from '../test/factories';
import { createTestSession } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let urls: string[];
let member: Awaited<ReturnType<typeof createTestSession>>;
beforeAll(async () => {
  t = await createTestApp();
  const { organisation, product } = await createOrganisation(t.database.db);
  const { member: row } = await createAccountMember(t.database.db, organisation.id);
  member = await createTestSession(t.database.db, {
    organisationId: organisation.id,
    accountMemberId: row.id,
  });
  const base = `/api/statuspage/share/${organisation.slug}`;
  urls = [`${base}/view`, `${base}/view/${product.id}`, `${base}/kb/ais?productId=${product.id}`];
});
afterAll(async () => t.close());

describe('caching of answers that depend on the viewer', () => {
  it('marks every answer for a signed-in member private, no-store and varying by cookie', async () => {
    for (const url of urls) {
      const response = await t.app.inject({ url, cookies: member.cookies });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
      expect(response.headers.vary, url).toMatch(/\bCookie\b/);
    }
  });

  it('leaves the anonymous answer shareable, varying by cookie', async () => {
    for (const url of urls) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(String(response.headers['cache-control'] ?? ''), url).not.toMatch(/private|no-store/);
      expect(response.headers.vary, url).toMatch(/\bCookie\b/);
    }
  });

  it('marks staff answers private, no-store, even where the route says only no-store', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const user = await createStaffUser(t.database.db, organisation.id);
    const staff = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      staffUserId: user.id,
    });
    for (const url of ['/api/auth/session', '/api/staff/organisation']) {
      const response = await t.app.inject({ url, cookies: staff.cookies });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
    }
  });
});
