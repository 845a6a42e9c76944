import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuditLogPage,
  type CreatedStaffUser,
  type StaffUserList,
  staffUserMessages,
} from '../../../shared/console-admin';
import { messages } from '../../../shared/messages';
import { type StaffRole, staffRoleLabels } from '../../../shared/permissions';
import type { StaffSessionList } from '../../../shared/staff-security';
import { findOrganisationById } from '../../core/organisations';
import { auditLog, sessions, staffUsers } from '../../db/schema';
import { buildViewer, viewerStaffOf } from '../../policy/viewer';
import { createAccountMember, createOrganisation, createStaffUser } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { updateStaffUser } from './update-staff-user';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function signedIn(organisationId: string, role?: StaffRole, name?: string) {
  const staff = await createStaffUser(t.database.db, organisationId, {
    ...(role ? { role } : {}),
    ...(name ? { name } : {}),
  });
  const session = await createTestSession(t.database.db, { organisationId, staffUserId: staff.id });
  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      cookies: session.cookies,
      headers: session.headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  return { staff, session, inject };
}

describe('staff users API', () => {
  it('creates a user with a role and a temporary password that signs in, and audits it', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const admin = await signedIn(organisation.id, 'admin');
    const created = await admin.inject('POST', '/api/staff-users', {
      name: 'Nora New',
      email: 'Nora@Example.com',
      role: 'reviewer',
    });
    expect(created.statusCode).toBe(201);
    const body = created.json<CreatedStaffUser>();
    expect(body.user).toMatchObject({
      name: 'Nora New',
      email: 'nora@example.com',
      role: 'reviewer',
      permissions: ['console:read', 'files:view', 'access:review'],
      isDisabled: false,
    });
    expect(body.temporaryPassword.length).toBeGreaterThanOrEqual(20);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'nora@example.com', password: body.temporaryPassword },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().staff.role).toBe('reviewer');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `staff_user:${body.user.id}`));
    expect(audit).toMatchObject({ action: 'staff_user.created', actorStaffUserId: admin.staff.id });
    expect(audit!.data).toMatchObject({ after: { role: 'reviewer' } });
    expect(JSON.stringify(audit!.data)).not.toContain(body.temporaryPassword);

    const again = await admin.inject('POST', '/api/staff-users', {
      name: 'X',
      email: 'nora@example.com',
      role: 'viewer',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ email: staffUserMessages.emailTaken });
    const invalid = await admin.inject('POST', '/api/staff-users', {
      name: 'Y',
      email: 'y@example.com',
      role: 'root',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toHaveProperty(['body.role']);
  });

  it('lists users of the own organisation only; writes need an owner or admin', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const other = await createOrganisation(t.database.db);
    const outsider = await createStaffUser(t.database.db, other.organisation.id);
    const viewer = await signedIn(organisation.id, 'viewer');
    const list = await viewer.inject('GET', '/api/staff-users');
    expect(list.json<StaffUserList>().users.map((user) => user.id)).toEqual([viewer.staff.id]);
    for (const role of ['viewer', 'editor', 'reviewer'] as const) {
      const someone = role === 'viewer' ? viewer : await signedIn(organisation.id, role);
      const create = await someone.inject('POST', '/api/staff-users', {
        name: 'A',
        email: 'a@example.com',
        role: 'viewer',
      });
      expect(create.statusCode).toBe(403);
      expect(create.json().error.message).toBe(messages.roleForbidden(staffRoleLabels[role]));
    }
    const admin = await signedIn(organisation.id, 'admin');
    const foreign = await admin.inject('PATCH', `/api/staff-users/${outsider.id}`, { isDisabled: true });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/staff-users' })).statusCode).toBe(401);
  });

  it('changes a role with before and after in the audit log, in force on the next request', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const admin = await signedIn(organisation.id, 'admin');
    const colleague = await signedIn(organisation.id, 'viewer');
    expect((await colleague.inject('GET', '/api/access-requests/pending-ids')).statusCode).toBe(200);
    expect((await colleague.inject('POST', '/api/access-requests/bulk-approve', {})).statusCode).toBe(403);
    const response = await admin.inject('PATCH', `/api/staff-users/${colleague.staff.id}`, {
      role: 'reviewer',
      name: 'Renamed',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Renamed', role: 'reviewer' });
    // The same session, now a reviewer: refused for lack of a role no more (400: the empty body).
    expect((await colleague.inject('POST', '/api/access-requests/bulk-approve', {})).statusCode).toBe(400);
    const log = await admin.inject('GET', `/api/audit-log?action=staff_user.role_changed`);
    const entry = log.json<AuditLogPage>().entries[0]!;
    expect(entry.actor?.id).toBe(admin.staff.id);
    expect(entry.data).toEqual({
      before: { name: 'Sam Staff', role: 'viewer', isDisabled: false },
      after: { name: 'Renamed', role: 'reviewer', isDisabled: false },
    });
  });

  it('keeps the last active owner: not demoted, not disabled, not even by themselves', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const owner = await signedIn(organisation.id, 'owner');
    const demoteSelf = await owner.inject('PATCH', `/api/staff-users/${owner.staff.id}`, { role: 'admin' });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json().error.message).toBe(staffUserMessages.lastOwner);
    const disableSelf = await owner.inject('PATCH', `/api/staff-users/${owner.staff.id}`, {
      isDisabled: true,
    });
    expect(disableSelf.statusCode).toBe(400);
    expect(disableSelf.json().error.message).toBe(staffUserMessages.ownAccount);

    // With a second owner, one may step down; the one left may not.
    const second = await signedIn(organisation.id, 'owner');
    expect(
      (await owner.inject('PATCH', `/api/staff-users/${owner.staff.id}`, { role: 'editor' })).statusCode,
    ).toBe(200);
    const last = await second.inject('PATCH', `/api/staff-users/${second.staff.id}`, { role: 'admin' });
    expect(last.statusCode).toBe(409);
    // A disabled owner does not count: enabling one back makes it an owner again.
    const dormant = await createStaffUser(t.database.db, organisation.id, {
      role: 'owner',
      isDisabled: true,
    });
    expect(
      (await second.inject('PATCH', `/api/staff-users/${second.staff.id}`, { role: 'admin' })).statusCode,
    ).toBe(409);
    const enable = await second.inject('PATCH', `/api/staff-users/${dormant.id}`, { isDisabled: false });
    expect(enable.json()).toMatchObject({ isDisabled: false, role: 'owner' });
    expect(
      (await second.inject('PATCH', `/api/staff-users/${second.staff.id}`, { role: 'admin' })).statusCode,
    ).toBe(200);
  });

  it('lets only owners make, change, reset or sign out an owner', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const owner = await signedIn(organisation.id, 'owner');
    const admin = await signedIn(organisation.id, 'admin');
    const editor = await createStaffUser(t.database.db, organisation.id, { role: 'editor' });
    const refusals = [
      await admin.inject('POST', '/api/staff-users', { name: 'O', email: 'o@example.com', role: 'owner' }),
      await admin.inject('PATCH', `/api/staff-users/${editor.id}`, { role: 'owner' }),
      await admin.inject('PATCH', `/api/staff-users/${owner.staff.id}`, { role: 'viewer' }),
      await admin.inject('PATCH', `/api/staff-users/${owner.staff.id}`, { isDisabled: true }),
      await admin.inject('POST', `/api/staff-users/${owner.staff.id}/reset-password`),
      await admin.inject('POST', `/api/staff-users/${owner.staff.id}/end-sessions`),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(staffUserMessages.ownersOnly);
    }
    expect((await owner.inject('GET', '/api/auth/session')).statusCode).toBe(200);
    const [ownerRow] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, owner.staff.id));
    expect(ownerRow).toMatchObject({ role: 'owner', isDisabled: false });
    // An admin manages everyone else; an owner manages owners.
    expect(
      (await admin.inject('PATCH', `/api/staff-users/${editor.id}`, { role: 'reviewer' })).statusCode,
    ).toBe(200);
    const promoted = await owner.inject('PATCH', `/api/staff-users/${admin.staff.id}`, { role: 'owner' });
    expect(promoted.json()).toMatchObject({ role: 'owner' });
  });

  it('keeps one active owner when two owners demote each other at once', async () => {
    const db = t.database.db;
    const { organisation } = await createOrganisation(db);
    const alice = await createStaffUser(db, organisation.id, { role: 'owner' });
    const bob = await createStaffUser(db, organisation.id, { role: 'owner' });
    const organisationView = await findOrganisationById(db, organisation.id);
    // Bob's request was authorised before Alice's demotion of Bob committed: a stale viewer.
    const bobViewer = buildViewer({
      organisation: organisationView!,
      session: null,
      staff: viewerStaffOf({ ...bob, role: 'owner' }),
      member: null,
      previewRequest: { accountId: null, permissionProfileId: null, asPublic: false },
      now: new Date(),
    });
    await db.update(staffUsers).set({ role: 'admin' }).where(eq(staffUsers.id, bob.id));
    await expect(
      updateStaffUser({
        ctx: { db, viewer: bobViewer },
        input: { staffUserId: alice.id, change: { role: 'admin' } },
      }),
    ).rejects.toMatchObject({ code: 'conflict', message: staffUserMessages.lastOwner });
    const [aliceRow] = await db.select().from(staffUsers).where(eq(staffUsers.id, alice.id));
    expect(aliceRow!.role).toBe('owner');
  });

  it('disabling ends the user’s sessions and blocks sign-in; reset password gives a new one', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const admin = await signedIn(organisation.id, 'admin');
    const colleague = await signedIn(organisation.id, 'viewer');
    const disabled = await admin.inject('PATCH', `/api/staff-users/${colleague.staff.id}`, {
      isDisabled: true,
    });
    expect(disabled.statusCode).toBe(200);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.staffUserId, colleague.staff.id)),
    ).toHaveLength(0);
    expect((await colleague.inject('GET', '/api/auth/session')).statusCode).toBe(401);
    await admin.inject('PATCH', `/api/staff-users/${colleague.staff.id}`, { isDisabled: false });
    const reset = await admin.inject('POST', `/api/staff-users/${colleague.staff.id}/reset-password`);
    expect(reset.statusCode).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: colleague.staff.email, password: reset.json().temporaryPassword },
    });
    expect(signIn.statusCode).toBe(200);
    const actions = (await admin.inject('GET', '/api/audit-log')).json<AuditLogPage>().actions;
    expect(actions).toEqual(
      expect.arrayContaining(['staff_user.disabled', 'staff_user.enabled', 'staff_user.password_reset']),
    );
  });
});

describe('ending staff sessions', () => {
  it('ends every session of another staff user, and only the caller’s other sessions of their own', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const admin = await signedIn(organisation.id);
    const adminLaptop = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      staffUserId: admin.staff.id,
    });
    const target = await signedIn(organisation.id, 'viewer');
    const targetSecond = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      staffUserId: target.staff.id,
    });
    const bystander = await signedIn(organisation.id, 'viewer');
    const works = async (session: { cookies: Record<string, string> }) =>
      (await t.app.inject({ url: '/api/staff-users', cookies: session.cookies })).statusCode;

    const ended = await admin.inject('POST', `/api/staff-users/${target.staff.id}/end-sessions`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 2 });
    expect(await works(target.session)).toBe(401);
    expect(await works(targetSecond)).toBe(401);
    expect(await works(bystander.session)).toBe(200);
    expect(await works(adminLaptop)).toBe(200);

    const own = await admin.inject('POST', `/api/staff-users/${admin.staff.id}/end-sessions`);
    expect(own.json()).toEqual({ ended: 1 });
    expect(await works(adminLaptop)).toBe(401);
    expect(await works(admin.session)).toBe(200);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `staff_user:${target.staff.id}`));
    expect(audits).toEqual([
      expect.objectContaining({ action: 'staff_user.sessions_end', actorStaffUserId: admin.staff.id }),
    ]);
  });

  it('lets only owners and admins end staff sessions here (one’s own: the security page); refuses members and strangers', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const admin = await signedIn(organisation.id);
    const reader = await signedIn(organisation.id, 'viewer');
    const readerPhone = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      staffUserId: reader.staff.id,
    });
    for (const target of [admin.staff.id, reader.staff.id]) {
      const refused = await reader.inject('POST', `/api/staff-users/${target}/end-sessions`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(messages.roleForbidden('Viewer'));
    }
    expect((await t.app.inject({ url: '/api/staff-users', cookies: readerPhone.cookies })).statusCode).toBe(
      200,
    );

    const { member } = await createAccountMember(t.database.db, organisation.id);
    const memberSession = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      accountMemberId: member.id,
    });
    const path = `/api/staff-users/${admin.staff.id}/end-sessions`;
    expect((await t.app.inject({ method: 'POST', url: path })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: path,
          cookies: memberSession.cookies,
          headers: memberSession.headers,
        })
      ).statusCode,
    ).toBe(401);
    const other = await createOrganisation(t.database.db);
    const foreign = await signedIn(other.organisation.id);
    expect((await foreign.inject('POST', path)).statusCode).toBe(404);
    expect((await admin.inject('GET', '/api/staff-users')).statusCode).toBe(200);
  });
});

describe('an owner and other people’s sessions', () => {
  it('lists where a colleague is signed in and ends one session at once, on the record; no one else may', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const owner = await signedIn(organisation.id, 'owner');
    const admin = await signedIn(organisation.id, 'admin');
    const colleague = await signedIn(organisation.id, 'editor');
    await t.database.db
      .update(sessions)
      .set({
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
        ipAddress: '198.51.100.7',
      })
      .where(eq(sessions.staffUserId, colleague.staff.id));
    const laptop = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      staffUserId: colleague.staff.id,
    });

    const listed = await owner.inject('GET', `/api/staff-users/${colleague.staff.id}/sessions`);
    expect(listed.statusCode).toBe(200);
    const list = listed.json<StaffSessionList>().sessions;
    expect(list).toHaveLength(2);
    const firefox = list.find((session) => session.browser === 'Firefox on Linux')!;
    expect(firefox).toMatchObject({ ipAddress: '198.51.100.7', isCurrent: false });

    for (const refused of [
      await admin.inject('GET', `/api/staff-users/${colleague.staff.id}/sessions`),
      await colleague.inject('GET', `/api/staff-users/${owner.staff.id}/sessions`),
    ]) {
      expect(refused.statusCode).toBe(403);
    }
    const stranger = await signedIn((await createOrganisation(t.database.db)).organisation.id, 'owner');
    expect((await stranger.inject('GET', `/api/staff-users/${colleague.staff.id}/sessions`)).statusCode).toBe(
      404,
    );

    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff-users/${colleague.staff.id}/sessions/${firefox.id}`,
      cookies: owner.session.cookies,
      headers: owner.session.headers,
    });
    expect(ended.statusCode).toBe(204);
    expect((await colleague.inject('GET', '/api/auth/session')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/session', cookies: laptop.cookies })).statusCode).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `staff_user:${colleague.staff.id}`));
    expect(audit).toMatchObject({
      actorStaffUserId: owner.staff.id,
      target: `staff_user:${colleague.staff.id}`,
      data: expect.objectContaining({ browser: 'Firefox on Linux', endedByOwner: true }),
    });
  });
});

describe('audit log API', () => {
  it('pages entries newest first and filters by action and person', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const alice = await signedIn(organisation.id, undefined, 'Alice');
    const bob = await signedIn(organisation.id, 'admin', 'Bob');
    const rows = Array.from({ length: 55 }, (_, index) => ({
      organisationId: organisation.id,
      actorStaffUserId: index % 5 === 0 ? bob.staff.id : alice.staff.id,
      action: index % 2 === 0 ? 'card.updated' : 'item.updated',
      target: `item:${index}`,
      data: { before: { title: `old ${index}` }, after: { title: `new ${index}` } },
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, index)),
    }));
    await t.database.db.insert(auditLog).values(rows);
    const other = await createOrganisation(t.database.db);
    await t.database.db
      .insert(auditLog)
      .values({ organisationId: other.organisation.id, action: 'secret.changed' });

    const first = (await bob.inject('GET', '/api/audit-log')).json<AuditLogPage>();
    expect(first.total).toBe(55);
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]).toMatchObject({
      target: 'item:54',
      action: 'card.updated',
      actor: { name: 'Alice' },
    });
    expect(first.actions).toEqual(['card.updated', 'item.updated']);
    expect(first.actors.map((actor) => actor.name)).toEqual(['Alice', 'Bob']);
    const second = (await bob.inject('GET', '/api/audit-log?page=2')).json<AuditLogPage>();
    expect(second.entries.map((entry) => entry.target)).toEqual([
      'item:4',
      'item:3',
      'item:2',
      'item:1',
      'item:0',
    ]);
    const bobs = (
      await bob.inject('GET', `/api/audit-log?actorId=${bob.staff.id}&action=card.updated`)
    ).json<AuditLogPage>();
    expect(bobs.total).toBe(6);
    expect(
      bobs.entries.every((entry) => entry.actor?.id === bob.staff.id && entry.action === 'card.updated'),
    ).toBe(true);
    expect((await bob.inject('GET', '/api/audit-log?actorId=nope')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/audit-log' })).statusCode).toBe(401);
  });
});
