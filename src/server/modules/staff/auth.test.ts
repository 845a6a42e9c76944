import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../../shared/limits';
import { messages } from '../../../shared/messages';
import { auditLog, sessions, staffUsers } from '../../db/schema';
import { hashSessionToken } from '../../plugins/sessions';
import { createAccountMember, createOrganisation, createStaffUser, testPassword } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signIn, signInForSession } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  // As behind a load balancer: X-Forwarded-For names the client.
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => t.close());

async function staffMember(overrides: Parameters<typeof createStaffUser>[2] = {}) {
  const { organisation } = await createOrganisation(t.database.db);
  const user = await createStaffUser(t.database.db, organisation.id, overrides);
  return { organisation, user };
}

const invalidCredentials = {
  error: { code: 'invalid_credentials', message: messages.invalidCredentials },
};

describe('POST /api/auth/sign-in', () => {
  it('starts a session: HttpOnly SameSite=Lax cookie for 14 days, stored hashed, last sign-in recorded', async () => {
    const { organisation, user } = await staffMember({ role: 'editor' });
    const response = await signIn(t.app, user.email);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toEqual({
      staff: {
        id: user.id,
        name: user.name,
        email: user.email,
        role: 'editor',
        permissions: ['console:read', 'statuspage:edit', 'assets:edit', 'files:view', 'files:download'],
      },
      organisation: { id: organisation.id, slug: organisation.slug, name: organisation.name },
      csrfToken: expect.any(String),
    });

    expect(response.cookies).toHaveLength(1);
    const cookie = response.cookies[0]!;
    expect(cookie).toMatchObject({
      name: 'attest_staff_session',
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(cookie.secure).toBeUndefined();
    // 32 random bytes: far above the 128 bits a session id needs.
    expect(Buffer.from(cookie.value, 'base64url')).toHaveLength(32);

    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.staffUserId, user.id));
    expect(row!.id).toBe(hashSessionToken(cookie.value));
    expect(row!.id).not.toContain(cookie.value);
    expect(row!.csrfToken).toBe(body.csrfToken);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(t.config.sessionLimits.staffMaxMs);
    expect(Math.floor(cookie.expires!.getTime() / 1000)).toBe(Math.floor(row!.expiresAt.getTime() / 1000));

    const [stored] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, user.id));
    expect(stored!.lastSignInAt?.getTime()).toBe(row!.createdAt.getTime());
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const { user } = await staffMember();
    const response = await signIn(t.app, `  ${user.email.toUpperCase()} `);
    expect(response.statusCode).toBe(200);
    expect(response.json().staff.id).toBe(user.id);
  });

  it('answers wrong password, unknown e-mail and disabled user with the same 401 and no cookie', async () => {
    const { user } = await staffMember();
    const disabled = await staffMember({ isDisabled: true });
    const attempts = [
      await signIn(t.app, user.email, 'not the right password'),
      await signIn(t.app, 'nobody-here@example.com'),
      await signIn(t.app, disabled.user.email),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(invalidCredentials);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.staffUserId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('rejects malformed input with 400 naming the field', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'sam@example.com' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty(['body.password']);

    const notAnEmail = await signIn(t.app, 'not-an-address');
    expect(notAnEmail.statusCode).toBe(400);
    expect(notAnEmail.json().error.fields).toHaveProperty(['body.email']);

    const oversized = await signIn(t.app, 'sam@example.com', 'x'.repeat(limits.passwordMaxLength + 1));
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json().error.fields).toHaveProperty(['body.password']);
  });

  it('replaces a session cookie sent along with the sign-in, so a planted session id dies', async () => {
    const { user } = await staffMember();
    const first = await signInForSession(t.app, user.email);
    const second = await signIn(t.app, user.email, testPassword, { cookies: first.cookies });
    expect(second.statusCode).toBe(200);
    expect(second.cookies[0]!.value).not.toBe(first.token);
    const old = await t.app.inject({ url: '/api/auth/session', cookies: first.cookies });
    expect(old.statusCode).toBe(401);
  });

  it('limits attempts per address and e-mail: 429 rate_limited, even for the right password', async () => {
    const { user } = await staffMember();
    for (let attempt = 0; attempt < limits.signInAttemptsPerMinute; attempt++) {
      expect((await signIn(t.app, user.email, 'wrong password guess')).statusCode).toBe(401);
    }
    const limited = await signIn(t.app, user.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: { code: 'rate_limited', message: messages.rateLimited } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Another e-mail from the same address is not affected.
    const other = await staffMember();
    expect((await signIn(t.app, other.user.email)).statusCode).toBe(200);

    // The lock is on the member's record, once a minute however often the guesser tries again.
    expect((await signIn(t.app, user.email)).statusCode).toBe(429);
    const locks = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `staff_user:${user.id}`), eq(auditLog.action, 'staff.sign_in_locked')));
    expect(locks).toHaveLength(1);
    expect(locks[0]!.data).toMatchObject({
      scope: 'address_and_email',
      method: 'password',
      ipAddress: expect.any(String),
    });
  });

  it('limits the guessing address, never the account: the real user signs in from elsewhere', async () => {
    const { user } = await staffMember();
    const others = await Promise.all([staffMember(), staffMember(), staffMember(), staffMember()]);
    const attacker = { 'x-forwarded-for': '198.51.100.66' };
    // Many wrong passwords at the user, then at other users, all from one address.
    for (let attempt = 0; attempt < limits.signInAttemptsPerAddressPerMinute; attempt++) {
      const target = attempt < limits.signInAttemptsPerMinute ? user : others[attempt % others.length]!.user;
      const response = await signIn(t.app, target.email, 'wrong password guess', { headers: attacker });
      expect(response.statusCode).toBeLessThan(500);
    }
    const limited = await signIn(t.app, others[0]!.user.email, testPassword, { headers: attacker });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    // Guesses at the user from many addresses, one each, are bounded per address only.
    for (let address = 1; address <= limits.signInAttemptsPerAddressPerMinute; address++) {
      const spread = { 'x-forwarded-for': `192.0.2.${address}` };
      expect((await signIn(t.app, user.email, 'wrong password guess', { headers: spread })).statusCode).toBe(
        401,
      );
    }

    const owner = await signIn(t.app, user.email, testPassword, {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(owner.statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy sets it', async () => {
    const direct = await createTestApp();
    try {
      const { organisation } = await createOrganisation(direct.database.db);
      const user = await createStaffUser(direct.database.db, organisation.id);
      const spoofed = (address: number) =>
        signIn(direct.app, user.email, 'wrong password guess', {
          headers: { 'x-forwarded-for': `203.0.113.${address}` },
        });
      for (let attempt = 0; attempt < limits.signInAttemptsPerMinute; attempt++) {
        expect((await spoofed(attempt)).statusCode).toBe(401);
      }
      expect((await spoofed(99)).statusCode).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe('GET /api/auth/session', () => {
  it('answers with the signed-in staff member, organisation and CSRF token', async () => {
    const { organisation, user } = await staffMember({ role: 'viewer' });
    const session = await signInForSession(t.app, user.email);
    const response = await t.app.inject({ url: '/api/auth/session', cookies: session.cookies });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual({
      staff: {
        id: user.id,
        name: user.name,
        email: user.email,
        role: 'viewer',
        permissions: ['console:read', 'files:view'],
      },
      organisation: { id: organisation.id, slug: organisation.slug, name: organisation.name },
      csrfToken: session.headers['x-csrf-token'],
    });
  });

  it('answers 401 unauthenticated without a session, with an unknown one or for an account member', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const { member } = await createAccountMember(t.database.db, organisation.id);
    const memberSession = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      accountMemberId: member.id,
    });
    for (const cookies of [{}, { attest_staff_session: 'made-up-value' }, memberSession.cookies]) {
      const response = await t.app.inject({ url: '/api/auth/session', cookies });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'unauthenticated', message: messages.signInRequired },
      });
    }
  });

  it('ends a staff session idle past the timeout, keeps an active one, and never extends its lifetime', async () => {
    const { organisation, user } = await staffMember();
    const session = await signInForSession(t.app, user.email);
    const id = hashSessionToken(session.token);
    const { staffIdleMs } = t.config.sessionLimits;
    const ask = () => t.app.inject({ url: '/api/auth/session', cookies: session.cookies });
    const [signedIn] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));

    // Last used just inside the timeout: still valid, and the use moves lastSeenAt, not expiresAt.
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - staffIdleMs + 60_000) })
      .where(eq(sessions.id, id));
    expect((await ask()).statusCode).toBe(200);
    const [used] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(Date.now() - used!.lastSeenAt.getTime()).toBeLessThan(staffIdleMs / 2);
    expect(used!.expiresAt.getTime()).toBe(signedIn!.expiresAt.getTime());

    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - staffIdleMs - 1000) })
      .where(eq(sessions.id, id));
    expect((await ask()).statusCode).toBe(401);

    const member = await createAccountMember(t.database.db, organisation.id);
    const memberSession = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      accountMemberId: member.member.id,
    });
    const view = () =>
      t.app.inject({
        url: `/api/statuspage/share/${organisation.slug}/view`,
        cookies: memberSession.cookies,
      });
    expect((await view()).headers['cache-control']).toBe('private, no-store');
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - t.config.sessionLimits.memberIdleMs - 1000) })
      .where(eq(sessions.id, hashSessionToken(memberSession.token)));
    // Back-dating stands in for time passing: a node's cached session lapses at its own idle deadline,
    // which this write cannot move, so forget the cache as that deadline would (decision 265).
    t.providers.cache.memberSessions.clear();
    // Idle too long: the member is an anonymous visitor again.
    expect((await view()).headers['cache-control']).not.toBe('private, no-store');
  });

  it('rejects an expired session and the session of a user disabled since', async () => {
    const { organisation, user } = await staffMember();
    const session = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      staffUserId: user.id,
    });
    expect((await t.app.inject({ url: '/api/auth/session', cookies: session.cookies })).statusCode).toBe(200);

    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, hashSessionToken(session.token)));
    expect((await t.app.inject({ url: '/api/auth/session', cookies: session.cookies })).statusCode).toBe(401);
    const write = await t.app.inject({
      method: 'PATCH',
      url: '/api/staff/organisation',
      cookies: session.cookies,
      headers: session.headers,
      payload: { name: 'Expired Co' },
    });
    expect(write.statusCode).toBe(401);

    const fresh = await signInForSession(t.app, user.email);
    await t.database.db.update(staffUsers).set({ isDisabled: true }).where(eq(staffUsers.id, user.id));
    expect((await t.app.inject({ url: '/api/auth/session', cookies: fresh.cookies })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/sign-out', () => {
  it('needs the CSRF header: missing or wrong gives 403 csrf_failed and the session lives on', async () => {
    const { user } = await staffMember();
    const session = await signInForSession(t.app, user.email);
    for (const headers of [{}, { 'x-csrf-token': 'wrong' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        cookies: session.cookies,
        headers,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: { code: 'csrf_failed', message: messages.csrfFailed } });
    }
    expect((await t.app.inject({ url: '/api/auth/session', cookies: session.cookies })).statusCode).toBe(200);
  });

  it('deletes the session and clears the cookie; the old cookie then works nowhere', async () => {
    const { organisation, user } = await staffMember();
    const session = await signInForSession(t.app, user.email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookies: session.cookies,
      headers: session.headers,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const cleared = response.cookies.find((cookie) => cookie.name === 'attest_staff_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());

    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashSessionToken(session.token)));
    expect(rows).toHaveLength(0);
    expect((await t.app.inject({ url: '/api/auth/session', cookies: session.cookies })).statusCode).toBe(401);
    const settings = await t.app.inject({ url: '/api/staff/organisation', cookies: session.cookies });
    expect(settings.statusCode).toBe(401);
    const view = await t.app.inject({
      url: `/api/statuspage/share/${organisation.slug}/view`,
      cookies: session.cookies,
    });
    expect(view.json().viewer).toMatchObject({ mode: 'public', staff: null });
  });
});

describe('in production', () => {
  let production: TestApp;
  beforeAll(async () => {
    // Nothing is mailed here; production merely insists on an SMTP server being configured.
    production = await createTestApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' });
  });
  afterAll(async () => production.close());

  it('names the cookie __Host-attest_staff_session and marks it Secure; sign-out clears that name', async () => {
    const { organisation } = await createOrganisation(production.database.db);
    const user = await createStaffUser(production.database.db, organisation.id);
    const response = await signIn(production.app, user.email);
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies[0]!;
    expect(cookie).toMatchObject({
      name: '__Host-attest_staff_session',
      path: '/',
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(cookie.domain).toBeUndefined();

    const withHostCookie = { '__Host-attest_staff_session': cookie.value };
    const session = await production.app.inject({ url: '/api/auth/session', cookies: withHostCookie });
    expect(session.statusCode).toBe(200);
    // The prefix-less name is not read in production.
    const plain = await production.app.inject({
      url: '/api/auth/session',
      cookies: { attest_staff_session: cookie.value },
    });
    expect(plain.statusCode).toBe(401);

    const signOut = await production.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookies: withHostCookie,
      headers: { 'x-csrf-token': response.json().csrfToken },
    });
    expect(signOut.statusCode).toBe(204);
    expect(signOut.cookies[0]).toMatchObject({
      name: '__Host-attest_staff_session',
      value: '',
      secure: true,
    });
  });
});
