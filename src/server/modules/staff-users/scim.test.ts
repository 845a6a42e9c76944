// @postgres: provisioning locks the organisation and writes staff, sessions and audit rows in one transaction
import { and, eq } from 'drizzle-orm';
import SCIMMY from 'scimmy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IssuedScimToken, type ScimSettingsView, scimMessages } from '../../../shared/scim';
import { auditLog, organisationSso, sessions, staffUsers } from '../../db/schema';
import { createOrganisation, createStaffUser } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { declareScimResources, type ScimCall } from './scim';

const scimJson = 'application/scim+json';
const errorSchema = 'urn:ietf:params:scim:api:messages:2.0:Error';
const patchSchema = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const userSchema = 'urn:ietf:params:scim:schemas:core:2.0:User';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type ScimUser = {
  id: string;
  userName: string;
  active: boolean;
  name?: Record<string, string>;
  displayName?: string;
  externalId?: string;
  roles?: { value: string }[];
  meta: { location: string; resourceType: string };
};
type ListResponse = { totalResults: number; Resources: ScimUser[] };

/** An organisation with its owner signed in to the console and a SCIM token made by that owner. */
async function provisionedOrganisation() {
  const { organisation } = await createOrganisation(t.database.db);
  const owner = await createStaffUser(t.database.db, organisation.id, { role: 'owner' });
  const session = await createTestSession(t.database.db, {
    organisationId: organisation.id,
    staffUserId: owner.id,
  });
  const console = (method: 'GET' | 'POST' | 'DELETE', url: string) =>
    t.app.inject({ method, url, cookies: session.cookies, headers: session.headers });
  const issued = await console('POST', '/api/staff/scim/token');
  expect(issued.statusCode).toBe(201);
  const { token } = issued.json<IssuedScimToken>();
  const scim = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    bearer = token,
  ) =>
    t.app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: {
        authorization: `Bearer ${bearer}`,
        'user-agent': 'Okta SCIM Client 1.0.0',
        ...(body === undefined ? {} : { 'content-type': scimJson }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  return { organisation, owner, session, console, token, scim };
}

const newUser = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: [userSchema],
  userName,
  name: { givenName: 'Alice', familyName: 'Anders' },
  emails: [{ value: userName, type: 'work', primary: true }],
  active: true,
  externalId: `okta-${userName}`,
  ...extra,
});

async function auditOf(staffUserId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `staff_user:${staffUserId}`))
    .orderBy(auditLog.createdAt);
}

describe('SCIM tokens in the console', () => {
  it('shows a token once, keeps only its hint, and a new one replaces the old at once', async () => {
    const { console, token, scim } = await provisionedOrganisation();
    expect(token).toMatch(/^attest_scim_/);
    const settings = (await console('GET', '/api/staff/scim')).json<ScimSettingsView>();
    expect(settings).toMatchObject({ isEnabled: true, tokenHint: token.slice(-4), lastUsedAt: null });
    expect(settings.baseUrl).toMatch(/\/scim\/v2$/);
    expect(JSON.stringify(settings)).not.toContain(token);

    expect((await scim('GET', '/Users')).statusCode).toBe(200);
    expect((await console('GET', '/api/staff/scim')).json<ScimSettingsView>().lastUsedAt).not.toBeNull();

    const replacement = (await console('POST', '/api/staff/scim/token')).json<IssuedScimToken>().token;
    const old = await scim('GET', '/Users');
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ schemas: [errorSchema], status: '401', detail: scimMessages.tokenInvalid });
    expect((await scim('GET', '/Users', undefined, replacement)).statusCode).toBe(200);

    const revoked = await console('DELETE', '/api/staff/scim/token');
    expect(revoked.json<ScimSettingsView>()).toMatchObject({ isEnabled: false, tokenHint: null });
    expect((await scim('GET', '/Users', undefined, replacement)).statusCode).toBe(401);
  });

  it('lets only owners see or make the token', async () => {
    const { organisation } = await provisionedOrganisation();
    const admin = await createStaffUser(t.database.db, organisation.id, { role: 'admin' });
    const session = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      staffUserId: admin.id,
    });
    for (const [method, url] of [
      ['GET', '/api/staff/scim'],
      ['POST', '/api/staff/scim/token'],
      ['DELETE', '/api/staff/scim/token'],
    ] as const) {
      const refused = await t.app.inject({ method, url, cookies: session.cookies, headers: session.headers });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('SCIM 2.0 provisioning', () => {
  it('refuses calls without a token, or with another kind of token, in SCIM’s error format', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/scim/v2/Users' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['content-type']).toContain(scimJson);
    expect(missing.headers['www-authenticate']).toContain('Bearer');
    expect(missing.json()).toEqual({
      schemas: [errorSchema],
      status: '401',
      detail: scimMessages.tokenMissing,
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: 'Bearer attest_scim_not-a-real-one', 'content-type': scimJson },
      payload: JSON.stringify(newUser('mallory@example.com')),
    });
    expect(forged.statusCode).toBe(401);
    expect(
      await t.database.db.select().from(staffUsers).where(eq(staffUsers.email, 'mallory@example.com')),
    ).toEqual([]);
  });

  it('describes itself: ServiceProviderConfig, ResourceTypes and Schemas', async () => {
    const { scim } = await provisionedOrganisation();
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      bulk: { supported: false },
      changePassword: { supported: false },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken' })],
    });
    const types = (await scim('GET', '/ResourceTypes')).json<{
      Resources: { name: string; endpoint: string }[];
    }>();
    expect(types.Resources.map(({ name, endpoint }) => ({ name, endpoint }))).toEqual([
      { name: 'User', endpoint: '/Users' },
    ]);
    const schema = await scim('GET', `/Schemas/${userSchema}`);
    expect(schema.json()).toMatchObject({ id: userSchema, name: 'User' });
    const groups = await scim('GET', '/Groups');
    expect(groups.statusCode).toBe(404);
    expect(groups.json()).toMatchObject({ schemas: [errorSchema], detail: scimMessages.notSupported });
  });

  it('creates a person with the newcomer role, finds them by userName in any case, and audits it', async () => {
    const { organisation, scim } = await provisionedOrganisation();
    const created = await scim('POST', '/Users', newUser('Alice.Anders@Example.com'));
    expect(created.statusCode).toBe(201);
    const alice = created.json<ScimUser>();
    expect(alice).toMatchObject({
      userName: 'alice.anders@example.com',
      active: true,
      externalId: 'okta-Alice.Anders@Example.com',
      name: { givenName: 'Alice', familyName: 'Anders' },
      roles: [{ value: 'viewer' }],
      meta: { resourceType: 'User' },
    });
    expect(alice.meta.location).toBe(`${t.config.publicUrl}/scim/v2/Users/${alice.id}`);
    expect(created.headers.location).toBe(alice.meta.location);
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, alice.id));
    expect(row).toMatchObject({ organisationId: organisation.id, name: 'Alice Anders', role: 'viewer' });

    const found = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "ALICE.ANDERS@example.com"')}`,
    );
    expect(found.json<ListResponse>()).toMatchObject({ totalResults: 1, Resources: [{ id: alice.id }] });
    const none = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "bob@example.com"')}`);
    expect(none.json<ListResponse>()).toMatchObject({ totalResults: 0, Resources: [] });
    const byExternalId = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('externalId eq "okta-Alice.Anders@Example.com"')}`,
    );
    expect(byExternalId.json<ListResponse>().totalResults).toBe(1);
    const malformed = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq')}`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ schemas: [errorSchema], status: '400' });

    const [entry] = await auditOf(alice.id);
    expect(entry).toMatchObject({ action: 'staff_user.created', actorStaffUserId: null });
    expect(entry!.data).toMatchObject({
      via: 'scim',
      userAgent: 'Okta SCIM Client 1.0.0',
      after: { email: 'alice.anders@example.com', role: 'viewer' },
    });
    expect(entry!.data.ipAddress).toBeTruthy();

    const again = await scim('POST', '/Users', newUser('alice.anders@example.com'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ scimType: 'uniqueness', detail: scimMessages.userNameTaken });
  });

  it('gives newcomers the role single sign-on gives them, or the role the provider sends', async () => {
    const { organisation, scim } = await provisionedOrganisation();
    await t.database.db.insert(organisationSso).values({
      organisationId: organisation.id,
      issuerUrl: 'https://login.example.com',
      clientId: 'attest',
      clientSecretCiphertext: 'sealed',
      allowedDomains: ['example.com'],
      newStaffRole: 'editor',
    });
    const editor = await scim('POST', '/Users', newUser('erin@example.com'));
    expect(editor.json<ScimUser>().roles).toEqual([expect.objectContaining({ value: 'editor' })]);
    const reviewer = await scim(
      'POST',
      '/Users',
      newUser('rita@example.com', { roles: [{ value: 'Reviewer' }] }),
    );
    expect(reviewer.json<ScimUser>().roles).toEqual([expect.objectContaining({ value: 'reviewer' })]);
    const owner = await scim('POST', '/Users', newUser('oscar@example.com', { roles: [{ value: 'owner' }] }));
    expect(owner.statusCode).toBe(400);
    expect(owner.json()).toMatchObject({ scimType: 'mutability', detail: scimMessages.ownerRole });
    const unknown = await scim(
      'POST',
      '/Users',
      newUser('uma@example.com', { roles: [{ value: 'superuser' }] }),
    );
    expect(unknown.json()).toMatchObject({ status: '400', detail: scimMessages.unknownRole('superuser') });
    const password = await scim(
      'POST',
      '/Users',
      newUser('pat@example.com', { password: 'hunter2-hunter2' }),
    );
    expect(password.json()).toMatchObject({ status: '400', detail: scimMessages.passwordRefused });
    const notEmail = await scim('POST', '/Users', newUser('just-a-name'));
    expect(notEmail.json()).toMatchObject({ status: '400', detail: scimMessages.userNameNotEmail });
    for (const email of ['oscar@example.com', 'uma@example.com', 'pat@example.com']) {
      expect(await t.database.db.select().from(staffUsers).where(eq(staffUsers.email, email))).toEqual([]);
    }
  });

  it('deactivates a leaver with Entra ID’s PATCH: their sessions end at once, on the record', async () => {
    const { organisation, scim } = await provisionedOrganisation();
    const leaver = (await scim('POST', '/Users', newUser('leo@example.com'))).json<ScimUser>();
    const session = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      staffUserId: leaver.id,
    });
    const before = await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: session.cookies });
    expect(before.statusCode).toBe(200);

    const patched = await scim('PATCH', `/Users/${leaver.id}`, {
      schemas: [patchSchema],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<ScimUser>().active).toBe(false);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.staffUserId, leaver.id))).toEqual(
      [],
    );
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: session.cookies });
    expect(after.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'leo@example.com', password: 'whatever-they-had' },
    });
    expect(signIn.statusCode).not.toBe(200);
    const changes = (await auditOf(leaver.id)).filter(({ action }) => action.startsWith('staff_user.'));
    expect(changes.map(({ action }) => action)).toEqual(['staff_user.created', 'staff_user.disabled']);
    expect(changes[1]!.data).toMatchObject({ via: 'scim', after: { isDisabled: true } });

    const back = await scim('PATCH', `/Users/${leaver.id}`, {
      schemas: [patchSchema],
      Operations: [{ op: 'replace', value: { active: true, 'name.givenName': 'Leonie' } }],
    });
    expect(back.json<ScimUser>()).toMatchObject({ active: true, name: { givenName: 'Leonie' } });
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, leaver.id));
    expect(row).toMatchObject({ isDisabled: false, name: 'Leonie Anders' });
  });

  it('replaces a person with PUT, changing role but never making or unmaking an owner', async () => {
    const { owner, scim } = await provisionedOrganisation();
    const person = (await scim('POST', '/Users', newUser('pia@example.com'))).json<ScimUser>();
    const replaced = await scim(
      'PUT',
      `/Users/${person.id}`,
      newUser('pia@example.com', { displayName: 'Pia P.', roles: [{ value: 'editor', primary: true }] }),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<ScimUser>()).toMatchObject({ displayName: 'Pia P.', roles: [{ value: 'editor' }] });
    const promoted = await scim(
      'PUT',
      `/Users/${person.id}`,
      newUser('pia@example.com', { roles: [{ value: 'owner' }] }),
    );
    expect(promoted.json()).toMatchObject({ status: '400', scimType: 'mutability' });
    const demoted = await scim(
      'PUT',
      `/Users/${owner.id}`,
      newUser(owner.email, { roles: [{ value: 'viewer' }] }),
    );
    expect(demoted.json()).toMatchObject({ status: '400', detail: scimMessages.ownerRole });
    // An owner's own role sent back unchanged (as a PATCH of another attribute does) is fine.
    const renamed = await scim('PATCH', `/Users/${owner.id}`, {
      schemas: [patchSchema],
      Operations: [{ op: 'replace', path: 'displayName', value: 'Olive Owner' }],
    });
    expect(renamed.json<ScimUser>()).toMatchObject({
      displayName: 'Olive Owner',
      roles: [{ value: 'owner' }],
    });
  });

  it('keeps the last active owner, and deletes others as disabled people SCIM no longer sees', async () => {
    const { organisation, owner, scim } = await provisionedOrganisation();
    const lastOwner = await scim('DELETE', `/Users/${owner.id}`);
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json()).toMatchObject({ detail: scimMessages.lastOwner });
    const deactivate = await scim('PATCH', `/Users/${owner.id}`, {
      schemas: [patchSchema],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(deactivate.statusCode).toBe(409);
    const [kept] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, owner.id));
    expect(kept).toMatchObject({ isDisabled: false, scimRemovedAt: null });

    const person = (await scim('POST', '/Users', newUser('dora@example.com'))).json<ScimUser>();
    const deleted = await scim('DELETE', `/Users/${person.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await scim('GET', `/Users/${person.id}`)).statusCode).toBe(404);
    expect(
      (await scim('PATCH', `/Users/${person.id}`, { schemas: [patchSchema], Operations: [] })).statusCode,
    ).toBe(400);
    expect((await scim('GET', '/Users')).json<ListResponse>().Resources.map(({ id }) => id)).toEqual([
      owner.id,
    ]);
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, person.id));
    expect(row).toMatchObject({ organisationId: organisation.id, isDisabled: true });
    expect(row!.scimRemovedAt).not.toBeNull();

    const restored = await scim('POST', '/Users', newUser('dora@example.com'));
    expect(restored.statusCode).toBe(201);
    expect(restored.json<ScimUser>()).toMatchObject({ id: person.id, active: true });
    expect((await auditOf(person.id)).map(({ action }) => action)).toEqual([
      'staff_user.created',
      'staff_user.removed',
      'staff_user.restored',
    ]);
  });

  it('shows provisioned people in the console, and one enabled there again is seen by SCIM again', async () => {
    const { console, session, scim } = await provisionedOrganisation();
    const person = (await scim('POST', '/Users', newUser('carl@example.com'))).json<ScimUser>();
    const listed = async () =>
      (await console('GET', '/api/staff-users'))
        .json<{ users: Array<{ id: string; isProvisioned: boolean; isDisabled: boolean }> }>()
        .users.find((user) => user.id === person.id);
    expect(await listed()).toMatchObject({ isProvisioned: true, isDisabled: false });
    expect((await scim('DELETE', `/Users/${person.id}`)).statusCode).toBe(204);
    expect(await listed()).toMatchObject({ isProvisioned: false, isDisabled: true });
    const enabled = await t.app.inject({
      method: 'PATCH',
      url: `/api/staff-users/${person.id}`,
      cookies: session.cookies,
      headers: session.headers,
      payload: { isDisabled: false },
    });
    expect(enabled.statusCode).toBe(200);
    expect((await scim('GET', `/Users/${person.id}`)).json<ScimUser>()).toMatchObject({ active: true });
  });

  it('never shows or touches another organisation’s staff', async () => {
    const first = await provisionedOrganisation();
    const second = await provisionedOrganisation();
    const theirs = (await second.scim('POST', '/Users', newUser('theirs@example.com'))).json<ScimUser>();
    expect((await first.scim('GET', `/Users/${theirs.id}`)).statusCode).toBe(404);
    expect((await first.scim('DELETE', `/Users/${theirs.id}`)).statusCode).toBe(404);
    const listed = (await first.scim('GET', '/Users')).json<ListResponse>();
    expect(listed.Resources.map(({ id }) => id)).toEqual([first.owner.id]);
    const [row] = await t.database.db
      .select()
      .from(staffUsers)
      .where(and(eq(staffUsers.id, theirs.id), eq(staffUsers.isDisabled, false)));
    expect(row).toBeDefined();
  });

  it('pages a list with startIndex and count', async () => {
    const { scim } = await provisionedOrganisation();
    for (const name of ['a', 'b', 'c']) await scim('POST', '/Users', newUser(`${name}@example.com`));
    const page = (await scim('GET', '/Users?startIndex=2&count=2')).json<
      ListResponse & { startIndex: number }
    >();
    expect(page).toMatchObject({ totalResults: 4, startIndex: 2, itemsPerPage: 2 });
    expect(page.Resources.map(({ userName }) => userName)).toEqual(['a@example.com', 'b@example.com']);
    expect((await scim('GET', '/Users?count=lots')).json()).toMatchObject({
      status: '400',
      scimType: 'invalidValue',
    });
  });
});

describe('a fault under SCIM', () => {
  it('answers 500 with no detail of ours and keeps the error for the log', async () => {
    declareScimResources();
    const lost = new Error('connection to 10.0.0.5:5432 refused');
    const db = {
      select: () => {
        throw lost;
      },
    } as unknown as ScimCall['db'];
    const call: ScimCall = {
      db,
      organisationId: crypto.randomUUID(),
      client: { ipAddress: null, userAgent: null },
    };
    const failure = await new SCIMMY.Resources.User().read(call).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SCIMMY.Types.Error);
    expect(failure).toMatchObject({ status: 500, message: scimMessages.serverFault });
    expect(call.fault).toBe(lost);
  });
});
