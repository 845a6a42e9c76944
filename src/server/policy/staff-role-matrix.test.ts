import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { roleHas, type StaffPermission, StaffRole, staffRoleLabels } from '../../shared/permissions';
import { createOrganisation, createStaffUser } from '../test/factories';
import { createTestSession } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';
import { expectedStaffRoutePermissions } from './staff-route-permissions';

type Operation = { 'x-staff-permission'?: StaffPermission; security?: Record<string, string[]>[] };
type Document = { paths: Record<string, Record<string, Operation>> };

/** `/api/accounts/{id}` → `/api/accounts/<a uuid>`: a well-formed id nothing has, so no row is touched. */
function concreteUrl(path: string): string {
  return path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-00000000d0e5');
}

/**
 * The role matrix (issue 33 §3): every console route, called as every role. A role without the
 * route's permission gets 403 naming its role before anything is read or validated; a role with it
 * is never refused (whatever else the empty request earns: 400, 404, 409…) and never gets a 5xx.
 */
describe('every staff route as every role', () => {
  let t: TestApp;
  let document: Document;
  const staffOf = new Map<StaffRole, { id: string; organisationId: string }>();

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: 'a-metrics-token-for-the-role-matrix' });
    document = (await t.app.inject({ url: '/api/docs' })).json();
    const { organisation } = await createOrganisation(t.database.db);
    for (const role of StaffRole.options) {
      const user = await createStaffUser(t.database.db, organisation.id, { role });
      staffOf.set(role, { id: user.id, organisationId: organisation.id });
    }
  });
  afterAll(() => t?.close());

  const staffOperations = () =>
    Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(
          ([, operation]) =>
            operation.security?.length &&
            operation.security.every((requirement) => 'staffSession' in requirement),
        )
        .map(([method, operation]) => ({
          route: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          path,
          permission: operation['x-staff-permission'],
        })),
    );

  it('names one permission for every staff route, as the reviewed table says', () => {
    const declared = Object.fromEntries(
      staffOperations().map(({ route, permission }) => [route, permission]),
    );
    expect(Object.keys(declared).length).toBeGreaterThan(150);
    expect(declared).toEqual(expectedStaffRoutePermissions);
  });

  it('refuses each role what its permission set lacks, and lets it through otherwise', {
    timeout: 120_000,
  }, async () => {
    const wrong: string[] = [];
    const sessions = new Map<StaffRole, Awaited<ReturnType<typeof sessionOf>>>();
    const sessionOf = (staff: { id: string; organisationId: string }) =>
      createTestSession(t.database.db, { organisationId: staff.organisationId, staffUserId: staff.id });
    for (const { route, method, path, permission } of staffOperations()) {
      for (const role of StaffRole.options) {
        const staff = staffOf.get(role)!;
        // A fresh session for routes that may end the caller's sessions; one per role for the rest.
        const endsSessions = /sign-out|end-sessions|\/sessions\//.test(path);
        const session = endsSessions
          ? await sessionOf(staff)
          : (sessions.get(role) ?? (await sessionOf(staff)));
        if (!endsSessions) sessions.set(role, session);
        const response = await t.app.inject({
          method: method as 'GET',
          url: concreteUrl(path),
          cookies: session.cookies,
          headers: session.headers,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const allowed = permission !== undefined && roleHas(role, permission);
        const refusal = messages.roleForbidden(staffRoleLabels[role]);
        const body = response.body;
        if (!allowed && !(response.statusCode === 403 && body.includes(refusal))) {
          wrong.push(
            `${route} as ${role}: ${response.statusCode} ${body.slice(0, 120)} (expected the role refusal)`,
          );
        }
        if (allowed && ([401, 403].includes(response.statusCode) || response.statusCode >= 500)) {
          wrong.push(`${route} as ${role}: ${response.statusCode} ${body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
