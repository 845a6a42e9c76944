import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createOrganisation, createStaffUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInForSession } from '../staff/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function staff(permissions?: Parameters<typeof createStaffUser>[2]) {
  const { organisation } = await createOrganisation(t.database.db);
  const user = await createStaffUser(t.database.db, organisation.id, permissions);
  const session = await signInForSession(t.app, user.email);
  const call = (method: 'GET' | 'PATCH', payload?: object) =>
    t.app.inject({
      method,
      url: '/api/staff/plan-features',
      cookies: session.cookies,
      headers: session.headers,
      payload,
    });
  return { organisation, call };
}

describe('plan features of a self-hosted instance', () => {
  it('starts with everything on, switches one feature with an audit row, and the portal sees it', async () => {
    const { organisation, call } = await staff();
    expect((await call('GET')).json()).toEqual({
      replaceIcons: true,
      cardTitleRenaming: true,
      sectionCustomization: true,
      restrictedFiles: true,
      trustCenterAi: true,
      integrations: true,
      bridgeLetters: true,
    });
    const response = await call('PATCH', { trustCenterAi: false, replaceIcons: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      trustCenterAi: false,
      replaceIcons: false,
      restrictedFiles: true,
    });
    const view = await t.app.inject({ url: `/api/statuspage/share/${organisation.slug}/view` });
    expect(view.json().planFeatures).toMatchObject({ trustCenterAi: false, replaceIcons: false });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.organisationId, organisation.id),
          eq(auditLog.action, 'organisation.plan_features_updated'),
        ),
      );
    expect(audit).toMatchObject({
      action: 'organisation.plan_features_updated',
      data: {
        changes: {
          'planFeatures.trustCenterAi': { from: true, to: false },
          'planFeatures.replaceIcons': { from: true, to: false },
        },
      },
    });
  });

  it('refuses unknown features and staff without statuspage:edit', async () => {
    const { call } = await staff();
    const unknown = await call('PATCH', { unlimitedEverything: true });
    expect(unknown.statusCode).toBe(400);
    const reader = await staff({ role: 'viewer' });
    expect((await reader.call('PATCH', { replaceIcons: false })).statusCode).toBe(403);
  });
});
