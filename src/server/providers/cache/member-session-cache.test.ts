import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMembers, accounts, permissionProfileItems } from '../../db/schema';
import {
  acceptNdaVersion,
  createAccountMember,
  createItem,
  createNdaVersion,
  createOrganisation,
  createPermissionProfile,
  createStaffUser,
  setAccessSettings,
} from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * A signed-in member's session and grants are kept in memory between requests; every change to their
 * rights must reach the very next request, whether made through the app or straight in the database.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** An approved member whose profile unlocks one hidden restricted item, signed in, with a staff session beside. */
async function signedInMember() {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db);
  const secret = `profile-only-${organisation.slug}-end`;
  const item = await createItem(db, product, {
    cardKind: 'DataSecurity',
    title: secret,
    isPublic: false,
    isHidden: true,
  });
  const profile = await createPermissionProfile(db, organisation.id, { itemIds: [item.id] });
  const { account, member } = await createAccountMember(db, organisation.id, {
    permissionProfileId: profile.id,
    accessExpiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
  const session = await createTestSession(db, {
    organisationId: organisation.id,
    accountMemberId: member.id,
  });
  const staffUser = await createStaffUser(db, organisation.id);
  const staff = await createTestSession(db, { organisationId: organisation.id, staffUserId: staffUser.id });
  const viewUrl = `/api/statuspage/share/${organisation.slug}/view`;
  const view = async () => {
    const response = await t.app.inject({ url: viewUrl, cookies: session.cookies });
    expect(response.statusCode).toBe(200);
    return { text: response.body, json: response.json() };
  };
  const asStaff = (method: 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, cookies: staff.cookies, headers: staff.headers, payload });
  return { db, organisation, item, profile, account, member, session, view, asStaff, secret };
}

/** Reads the view twice: the second read must come from memory, so what follows tests the invalidation. */
async function warm(view: () => Promise<{ text: string }>, secret: string) {
  expect((await view()).text).toContain(secret);
  const hits = t.providers.cache.memberSessions.lookups.hit;
  expect((await view()).text).toContain(secret);
  expect(t.providers.cache.memberSessions.lookups.hit).toBe(hits + 1);
}

describe('a signed-in member served from memory', () => {
  it('loses the profile items on the next request after the account is revoked', async () => {
    const { account, view, asStaff, secret } = await signedInMember();
    await warm(view, secret);
    expect((await asStaff('POST', `/api/accounts/${account.id}/revoke`)).statusCode).toBe(200);
    const after = await view();
    expect(after.text).not.toContain(secret);
    expect(after.json.viewer.mode).toBe('public');
    expect(after.json.viewer.member.reviewStatus).toBe('declined');
  });

  it('is signed out on the next request after staff end their sessions', async () => {
    const { account, view, asStaff, secret } = await signedInMember();
    await warm(view, secret);
    expect((await asStaff('POST', `/api/accounts/${account.id}/end-sessions`)).statusCode).toBe(200);
    const after = await view();
    expect(after.text).not.toContain(secret);
    expect(after.json.viewer.member).toBeNull();
  });

  it('is signed out on the next request after signing out', async () => {
    const { organisation, session, view, secret } = await signedInMember();
    await warm(view, secret);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/statuspage/share/auth/logout',
      cookies: session.cookies,
      headers: { ...session.headers, referer: `http://attest.test/${organisation.slug}` },
    });
    expect(signedOut.statusCode).toBe(200);
    expect((await view()).json.viewer.member).toBeNull();
  });

  it("loses an item taken out of the member's permission profile on the next request", async () => {
    const { profile, view, asStaff, secret } = await signedInMember();
    await warm(view, secret);
    const saved = await asStaff('PATCH', `/api/permission-profiles/${profile.id}`, {
      name: 'Without the item',
      itemIds: [],
    });
    expect(saved.statusCode).toBe(200);
    expect((await view()).text).not.toContain(secret);
  });

  it('loses restricted content when an NDA is required, and gets it back on accepting it', async () => {
    const { db, organisation, member, view, secret } = await signedInMember();
    await warm(view, secret);
    const version = await createNdaVersion(db, organisation.id);
    await setAccessSettings(db, organisation.id, { requireNda: true });
    expect((await view()).text).not.toContain(secret);
    await acceptNdaVersion(db, member, version);
    expect((await view()).text).toContain(secret);
  });

  it('gets access back on the next request after an expired account is extended', async () => {
    const { db, account, view, asStaff, secret } = await signedInMember();
    await warm(view, secret);
    // Straight in the database: a write outside the app's routes must reach the cache too.
    await db
      .update(accounts)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(accounts.id, account.id));
    expect((await view()).text).not.toContain(secret);
    const extended = await asStaff('POST', `/api/accounts/${account.id}/extend`, { accessDays: 30 });
    expect(extended.statusCode).toBe(200);
    expect((await view()).text).toContain(secret);
  });

  it('shows a changed name and a removed profile item written straight in the database', async () => {
    const { db, member, profile, item, view, secret } = await signedInMember();
    await warm(view, secret);
    await db.update(accountMembers).set({ firstName: 'Renamed' }).where(eq(accountMembers.id, member.id));
    expect((await view()).json.viewer.member.firstName).toBe('Renamed');
    await db
      .delete(permissionProfileItems)
      .where(
        and(
          eq(permissionProfileItems.permissionProfileId, profile.id),
          eq(permissionProfileItems.itemId, item.id),
        ),
      );
    expect((await view()).text).not.toContain(secret);
  });

  it("stays in memory through bookkeeping that changes no one's rights, and not through a rights change", async () => {
    const { db, account, member, view, secret } = await signedInMember();
    await warm(view, secret);
    const hits = t.providers.cache.memberSessions.lookups.hit;
    // What the expiry reminder and announcement jobs write, and what another member's sign-in writes.
    const now = new Date();
    await db
      .update(accounts)
      .set({ expiryReminderSentFor: now, expiryAnnouncedFor: now })
      .where(eq(accounts.id, account.id));
    await db.update(accountMembers).set({ lastSignInAt: now }).where(eq(accountMembers.id, member.id));
    expect((await view()).text).toContain(secret);
    expect(t.providers.cache.memberSessions.lookups.hit).toBe(hits + 1);

    // The same statement changing a right as well as a mark still reaches the next request.
    await db
      .update(accounts)
      .set({ expiryReminderSentFor: new Date(), reviewStatus: 'declined' })
      .where(eq(accounts.id, account.id));
    expect((await view()).text).not.toContain(secret);
  });

  it("keeps other organisations' members cached when one organisation's rights change", async () => {
    const first = await signedInMember();
    const second = await signedInMember();
    await warm(first.view, first.secret);
    await warm(second.view, second.secret);
    expect((await first.asStaff('POST', `/api/accounts/${first.account.id}/revoke`)).statusCode).toBe(200);
    const hits = t.providers.cache.memberSessions.lookups.hit;
    expect((await second.view()).text).toContain(second.secret);
    expect(t.providers.cache.memberSessions.lookups.hit).toBe(hits + 1);
    expect((await first.view()).text).not.toContain(first.secret);
  });
});
