// @postgres: single sign-on writes sessions, staff and audit rows in one transaction; checked on both engines
import net from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SsoSettingsInput, ssoFailureMessages, ssoMessages } from '../../../shared/sso';
import { auditLog, organisationSso, outboxMessages, sessions, staffUsers } from '../../db/schema';
import { createOrganisation, createStaffUser, testPassword } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signIn } from './test-helpers';
import { browseToCallback, startOpenIdProvider } from './test-support/openid-provider';

/**
 * Single sign-on against a real OpenID Connect provider (oidc-provider) on 127.0.0.1: the whole
 * authorisation code flow with PKCE, state and nonce, and the answers a provider really gives.
 */
let t: TestApp;
let provider: Awaited<ReturnType<typeof startOpenIdProvider>>;
const redirectUri = 'http://attest.test/api/auth/sso/callback';
const client = { clientId: 'attest', clientSecret: 'attest-client-secret-of-the-tests', redirectUri };
const otherClient = { clientId: 'other-app', clientSecret: 'another-secret-of-the-tests', redirectUri };

beforeAll(async () => {
  // A short time limit so the stalled provider below is given up on quickly; the real one answers in ms.
  t = await createTestApp({ OUTBOUND_ALLOW_LOOPBACK: 'true', SSO_TIMEOUT_SECONDS: '3' });
  provider = await startOpenIdProvider({ clients: [client, otherClient] });
});
afterAll(async () => {
  await provider?.close();
  await t?.close();
});

async function ownerOfNewOrganisation(settings: Partial<SsoSettingsInput> = {}) {
  const { organisation } = await createOrganisation(t.database.db);
  const owner = await createStaffUser(t.database.db, organisation.id, {
    role: 'owner',
    email: `owner-${organisation.slug}@corp-${organisation.slug}.example`,
  });
  const session = await createTestSession(t.database.db, {
    organisationId: organisation.id,
    staffUserId: owner.id,
  });
  const domain = `corp-${organisation.slug}.example`;
  const put = (body: Partial<SsoSettingsInput>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/staff/sso',
      cookies: session.cookies,
      headers: session.headers,
      payload: {
        issuerUrl: provider.issuer,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        allowedDomains: [domain],
        newStaffRole: 'viewer',
        requireSso: false,
        breakGlassStaffUserId: null,
        ...settings,
        ...body,
      },
    });
  const saved = await put({});
  expect(saved.statusCode).toBe(200);
  return { organisation, owner, session, domain, put };
}

async function startFor(email: string) {
  const started = await t.app.inject({ method: 'POST', url: '/api/auth/sso/start', payload: { email } });
  return started;
}

/** The provider's answer, arriving in the browser that started (its sign-in cookie) or in another. */
async function callback(url: URL, started?: { cookies: Array<{ name: string; value: string }> }) {
  const binding = started?.cookies.find((cookie) => cookie.name === 'attest_sso');
  return t.app.inject({
    url: `${url.pathname}${url.search}`,
    cookies: binding ? { attest_sso: binding.value } : {},
  });
}

const ssoErrorOf = (response: { headers: Record<string, unknown> }) =>
  new URL(String(response.headers.location), 'http://attest.test').searchParams.get('ssoError');

describe('single sign-on with OpenID Connect', () => {
  it('signs a newcomer of an allowed domain in with the organisation’s role, on the record', async () => {
    const { organisation, domain } = await ownerOfNewOrganisation();
    const email = `nia@${domain}`;
    provider.signInAs({ sub: 'nia', email, emailVerified: true, name: 'Nia Newcomer' });
    const started = await startFor(email);
    expect(started.statusCode).toBe(200);
    const authorize = new URL(started.json().redirectUrl);
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();

    const back = await callback(await browseToCallback(started.json().redirectUrl, redirectUri), started);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/console');
    const cookie = back.cookies.find((entry) => entry.name === 'attest_staff_session')!;
    const session = await t.app.inject({
      url: '/api/auth/session',
      cookies: { [cookie.name]: cookie.value },
    });
    expect(session.json().staff).toMatchObject({ email, name: 'Nia Newcomer', role: 'viewer' });
    const [signedIn] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, organisation.id), eq(auditLog.action, 'staff.signed_in')));
    expect(signedIn?.data).toMatchObject({ method: 'sso' });
  });

  it('refuses a replayed state, an unverified e-mail, another domain and a newcomer when only invited staff may', async () => {
    const { domain, put } = await ownerOfNewOrganisation();
    provider.signInAs({ sub: 'rex', email: `rex@${domain}`, emailVerified: true, name: 'Rex' });
    const started = await startFor(`rex@${domain}`);
    const answer = await browseToCallback(started.json().redirectUrl, redirectUri);
    // Carried to another browser (an attacker's link to their own sign-in): signs nobody in.
    const elsewhere = await startFor(`rex@${domain}`);
    const carried = await callback(await browseToCallback(elsewhere.json().redirectUrl, redirectUri));
    expect(ssoErrorOf(carried)).toBe('unknown_attempt');
    expect(carried.cookies.filter((cookie) => cookie.name === 'attest_staff_session')).toEqual([]);
    expect((await callback(answer, started)).headers.location).toBe('/console');
    const replayed = await callback(answer, started);
    expect(ssoErrorOf(replayed)).toBe('unknown_attempt');
    expect(replayed.cookies.filter((cookie) => cookie.name === 'attest_staff_session')).toEqual([]);

    const cases = [
      [{ sub: 'una', email: `una@${domain}`, emailVerified: false, name: 'Una' }, 'email_unverified'],
      [
        { sub: 'oda', email: 'oda@elsewhere.example', emailVerified: true, name: 'Oda' },
        'domain_not_allowed',
      ],
    ] as const;
    for (const [account, failure] of cases) {
      provider.signInAs(account);
      const attempt = await startFor(`someone@${domain}`);
      const refused = await callback(
        await browseToCallback(attempt.json().redirectUrl, redirectUri),
        attempt,
      );
      expect(ssoErrorOf(refused)).toBe(failure);
      expect(refused.cookies.filter((cookie) => cookie.name === 'attest_staff_session')).toEqual([]);
    }
    expect((await put({ newStaffRole: null, clientSecret: null })).statusCode).toBe(200);
    provider.signInAs({ sub: 'ivy', email: `ivy@${domain}`, emailVerified: true, name: 'Ivy' });
    const uninvited = await startFor(`ivy@${domain}`);
    const refused = await callback(
      await browseToCallback(uninvited.json().redirectUrl, redirectUri),
      uninvited,
    );
    expect(ssoErrorOf(refused)).toBe('not_invited');
    const [ivy] = await t.database.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, `ivy@${domain}`));
    expect(ivy).toBeUndefined();
  });

  it('refuses a code the provider issued to another client (another audience)', async () => {
    const { domain } = await ownerOfNewOrganisation();
    provider.signInAs({ sub: 'mal', email: `mal@${domain}`, emailVerified: true, name: 'Mal' });
    const started = await startFor(`mal@${domain}`);
    // The same state and PKCE challenge, but the code is minted for another application at the provider.
    const forOther = new URL(started.json().redirectUrl);
    forOther.searchParams.set('client_id', otherClient.clientId);
    const refused = await callback(await browseToCallback(forOther.href, redirectUri), started);
    expect(ssoErrorOf(refused)).toBe('provider_refused');
    expect(refused.cookies.filter((cookie) => cookie.name === 'attest_staff_session')).toEqual([]);
  });

  it('names a provider that cannot be reached, when saving and when signing in, without a 500', async () => {
    const { domain, put } = await ownerOfNewOrganisation();
    const closed = await startOpenIdProvider({ clients: [client] });
    await closed.close();
    const refusedSave = await put({ issuerUrl: closed.issuer, clientSecret: null });
    expect(refusedSave.statusCode).toBe(400);
    expect(Object.keys(refusedSave.json().error.fields)).toEqual(['issuerUrl']);

    // Saved while it answered, then down when someone signs in.
    const later = await startOpenIdProvider({ clients: [client] });
    expect((await put({ issuerUrl: later.issuer, clientSecret: null })).statusCode).toBe(200);
    await later.close();
    const started = await startFor(`dan@${domain}`);
    expect(started.statusCode).toBe(503);
    expect(started.json().error.message).toBe(
      'Your identity provider could not be reached. Try again in a moment.',
    );
  });

  it('gives up on a provider that stalls mid-answer, with the same sentence and no 500', async () => {
    // Accepts, sends the headers and the start of the discovery document, then says nothing more.
    const stalled = net.createServer((socket) => {
      socket.once('data', () =>
        socket.write(
          'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 4000\r\n\r\n{"issuer":',
        ),
      );
    });
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    try {
      const { organisation, domain } = await ownerOfNewOrganisation();
      const { port } = stalled.address() as net.AddressInfo;
      await t.database.db
        .update(organisationSso)
        .set({ issuerUrl: `http://127.0.0.1:${port}` })
        .where(eq(organisationSso.organisationId, organisation.id));
      const started = await startFor(`erin@${domain}`);
      expect(started.statusCode).toBe(503);
      expect(started.json().error.message).toBe(ssoFailureMessages.provider_unreachable);
    } finally {
      stalled.close();
    }
  });

  it('with SSO required, refuses passwords but the break-glass owner’s, which every owner is told of', async () => {
    const { organisation, owner, session, domain, put } = await ownerOfNewOrganisation();
    const colleague = await createStaffUser(t.database.db, organisation.id, {
      role: 'editor',
      email: `ed@${domain}`,
    });
    const colleagueSession = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      staffUserId: colleague.id,
    });
    const noGlass = await put({ requireSso: true, clientSecret: null });
    expect(noGlass.json().error.message).toBe(ssoMessages.breakGlassRequired);
    const notOwner = await put({ requireSso: true, breakGlassStaffUserId: colleague.id, clientSecret: null });
    expect(notOwner.json().error.message).toBe(ssoMessages.breakGlassNotOwner);
    const required = await put({ requireSso: true, breakGlassStaffUserId: owner.id, clientSecret: null });
    expect(required.statusCode).toBe(200);
    // Everyone else's sessions ended at once; the owner who required it stays signed in.
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.id, colleagueSession.token)),
    ).toEqual([]);
    expect(
      (await t.app.inject({ url: '/api/auth/session', cookies: colleagueSession.cookies })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/session', cookies: session.cookies })).statusCode).toBe(200);

    const refused = await signIn(t.app, colleague.email, testPassword);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(ssoMessages.passwordsOff);
    expect((await signIn(t.app, colleague.email, 'a wrong password')).statusCode).toBe(401);

    const glass = await signIn(t.app, owner.email, testPassword);
    expect(glass.statusCode).toBe(200);
    const mails = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.organisationId, organisation.id));
    expect(mails.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      [owner.email, `Break-glass sign-in to ${organisation.name}'s console`],
    ]);
    const actions = (
      await t.database.db.select().from(auditLog).where(eq(auditLog.organisationId, organisation.id))
    ).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['sso.settings_changed', 'staff.break_glass_used', 'staff.sign_in_failed']),
    );

    // The colleague still signs in, through the provider.
    provider.signInAs({ sub: 'ed', email: colleague.email, emailVerified: true, name: 'Ed' });
    const started = await startFor(colleague.email);
    const back = await callback(await browseToCallback(started.json().redirectUrl, redirectUri), started);
    expect(back.headers.location).toBe('/console');
  });

  it('keeps the settings for owners: the secret is never shown, admins are refused', async () => {
    const { organisation, session } = await ownerOfNewOrganisation();
    const view = await t.app.inject({ url: '/api/staff/sso', cookies: session.cookies });
    expect(view.json()).toMatchObject({
      isConfigured: true,
      hasClientSecret: true,
      redirectUri,
      clientId: 'attest',
    });
    expect(view.body).not.toContain(client.clientSecret);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, organisation.id), eq(auditLog.action, 'sso.settings_changed')));
    expect(JSON.stringify(audit)).not.toContain(client.clientSecret);
    const admin = await createStaffUser(t.database.db, organisation.id, { role: 'admin' });
    const adminSession = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      staffUserId: admin.id,
    });
    expect((await t.app.inject({ url: '/api/staff/sso', cookies: adminSession.cookies })).statusCode).toBe(
      403,
    );
  });
});
