// @postgres: one-use codes and challenges rest on conditional updates and row locks (FOR UPDATE).
import { and, desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSecurityMessages } from '../../../shared/staff-security';
import { auditLog, organisations, sessions, staffRecoveryCodes, staffSecondFactors } from '../../db/schema';
import { createOrganisation, createStaffUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { recoverStaffSignIn } from './recover-staff-sign-in';
import { signIn, signInForSession } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => t.close());

type Session = Awaited<ReturnType<typeof signInForSession>>;

const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();

/** A code is accepted once per 30-second step; tests that use a factor again start from a clean slate. */
async function forgetUsedCodes(staffUserId: string) {
  await t.database.db
    .update(staffSecondFactors)
    .set({ lastUsedStep: null })
    .where(eq(staffSecondFactors.staffUserId, staffUserId));
}

async function staffMember() {
  const { organisation } = await createOrganisation(t.database.db);
  const user = await createStaffUser(t.database.db, organisation.id, { role: 'owner' });
  return { organisation, user };
}

const request = (
  session: Session,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    cookies: session.cookies,
    headers: session.headers,
  });

/** Signed in with a password, adds an authenticator and answers its secret and recovery codes. */
async function withAuthenticator() {
  const member = await staffMember();
  const session = await signInForSession(t.app, member.user.email);
  const started = await request(session, 'POST', '/api/auth/second-factors/totp', { name: 'Phone' });
  expect(started.statusCode).toBe(200);
  const enrolment = started.json();
  const confirmed = await request(
    session,
    'POST',
    `/api/auth/second-factors/totp/${enrolment.factorId}/confirm`,
    {
      code: codeOf(enrolment.secret),
    },
  );
  expect(confirmed.statusCode).toBe(200);
  return {
    ...member,
    session,
    secret: enrolment.secret as string,
    recoveryCodes: confirmed.json().recoveryCodes,
  };
}

async function auditActions(staffUserId: string) {
  const rows = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `staff_user:${staffUserId}`))
    .orderBy(desc(auditLog.createdAt));
  return rows;
}

describe('adding an authenticator app', () => {
  it('shows a secret and QR code, confirms with a first code, and gives ten recovery codes once', async () => {
    const { user } = await staffMember();
    const session = await signInForSession(t.app, user.email);
    const started = await request(session, 'POST', '/api/auth/second-factors/totp', { name: 'Phone' });
    expect(started.statusCode).toBe(200);
    expect(started.headers['cache-control']).toContain('no-store');
    const enrolment = started.json();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]{32}/);
    expect(enrolment.qrCodeSvg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);

    // The secret is sealed in the database, never stored as typed into the app.
    const [row] = await t.database.db
      .select()
      .from(staffSecondFactors)
      .where(eq(staffSecondFactors.id, enrolment.factorId));
    expect(row!.secretCiphertext).not.toContain(enrolment.secret);
    expect(row!.confirmedAt).toBeNull();

    // Until confirmed it is not a factor: signing in still needs only the password.
    const beforeConfirming = await signIn(t.app, user.email);
    expect(beforeConfirming.json()).toHaveProperty('csrfToken');

    const wrong = await request(
      session,
      'POST',
      `/api/auth/second-factors/totp/${enrolment.factorId}/confirm`,
      {
        code: '000000' === codeOf(enrolment.secret) ? '111111' : '000000',
      },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(staffSecurityMessages.wrongCode);

    const malformed = await request(
      session,
      'POST',
      `/api/auth/second-factors/totp/${enrolment.factorId}/confirm`,
      {
        code: '12ab',
      },
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ 'body.code': staffSecurityMessages.enterCode });

    const confirmed = await request(
      session,
      'POST',
      `/api/auth/second-factors/totp/${enrolment.factorId}/confirm`,
      {
        code: codeOf(enrolment.secret),
      },
    );
    expect(confirmed.statusCode).toBe(200);
    const { factor, recoveryCodes } = confirmed.json();
    expect(factor).toMatchObject({ kind: 'totp', name: 'Phone' });
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
    const stored = await t.database.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.staffUserId, user.id));
    expect(stored.map((code) => code.codeHash).join()).not.toContain(recoveryCodes[0].replaceAll('-', ''));

    const overview = await request(session, 'GET', '/api/auth/second-factors');
    expect(overview.json()).toEqual({
      factors: [
        {
          id: factor.id,
          kind: 'totp',
          name: 'Phone',
          createdAt: expect.any(String),
          lastUsedAt: expect.any(String),
        },
      ],
      recoveryCodesLeft: 10,
      isRequired: false,
      passkeysAvailable: true,
    });
    expect((await auditActions(user.id)).map((entry) => entry.action)).toContain('staff.second_factor_added');
  });

  it('refuses a second authenticator with a name already taken', async () => {
    const { session } = await withAuthenticator();
    const again = await request(session, 'POST', '/api/auth/second-factors/totp', { name: 'phone' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ name: staffSecurityMessages.factorNameTaken });
  });
});

describe('signing in with a second factor', () => {
  it('asks for the code after the password, sets no cookie until then, and records the factor', async () => {
    const { user, secret } = await withAuthenticator();
    await forgetUsedCodes(user.id);
    const first = await signIn(t.app, user.email, undefined, {
      headers: {
        'user-agent':
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      },
    });
    expect(first.statusCode).toBe(200);
    expect(first.cookies).toHaveLength(0);
    const { secondFactor } = first.json();
    expect(secondFactor).toEqual({
      challenge: expect.any(String),
      step: 'verify',
      methods: ['totp', 'recovery_code'],
      expiresAt: expect.any(String),
    });

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/second-factor',
      payload: {
        challenge: secondFactor.challenge,
        proof: { method: 'totp', code: codeOf(secret) === '123456' ? '654321' : '123456' },
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'validation_failed',
      message: staffSecurityMessages.wrongCode,
    });
    expect(wrong.cookies).toHaveLength(0);

    const code = codeOf(secret);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/second-factor',
      headers: {
        'user-agent':
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      },
      payload: { challenge: secondFactor.challenge, proof: { method: 'totp', code } },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().staff.id).toBe(user.id);
    expect(right.json().recoveryCodes).toBeUndefined();
    const cookie = right.cookies[0]!;
    const session = {
      cookies: { [cookie.name]: cookie.value },
      headers: { 'x-csrf-token': right.json().csrfToken },
      token: cookie.value,
    };
    expect((await request(session, 'GET', '/api/auth/session')).statusCode).toBe(200);

    // The challenge is used up, and the same code never signs in twice (a phished code replayed).
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/second-factor',
      payload: { challenge: secondFactor.challenge, proof: { method: 'totp', code } },
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.message).toBe(staffSecurityMessages.challengeOver);
    const again = (await signIn(t.app, user.email)).json().secondFactor;
    const replayed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/second-factor',
      payload: { challenge: again.challenge, proof: { method: 'totp', code } },
    });
    expect(replayed.statusCode).toBe(400);

    const actions = await auditActions(user.id);
    const signedIn = actions.find(
      (entry) => entry.action === 'staff.signed_in' && entry.data.secondFactor === 'totp',
    );
    expect(signedIn?.data).toMatchObject({
      method: 'password',
      secondFactor: 'totp',
      userAgent: expect.stringContaining('Chrome'),
    });
    expect(
      actions.some(
        (entry) => entry.action === 'staff.sign_in_failed' && entry.data.reason === 'wrong_second_factor',
      ),
    ).toBe(true);
  });

  it('accepts each recovery code once', async () => {
    const { user, recoveryCodes } = await withAuthenticator();
    const challengeOf = async () => (await signIn(t.app, user.email)).json().secondFactor.challenge;
    const lowerCaseWithSpaces = recoveryCodes[3].toLowerCase().replaceAll('-', ' ');
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/second-factor',
      payload: {
        challenge: await challengeOf(),
        proof: { method: 'recovery_code', code: lowerCaseWithSpaces },
      },
    });
    expect(used.statusCode).toBe(200);
    const usedAgain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/second-factor',
      payload: { challenge: await challengeOf(), proof: { method: 'recovery_code', code: recoveryCodes[3] } },
    });
    expect(usedAgain.statusCode).toBe(400);
    expect(usedAgain.json().error.message).toBe(staffSecurityMessages.wrongRecoveryCode);
    const cookie = used.cookies[0]!;
    const session = {
      cookies: { [cookie.name]: cookie.value },
      headers: { 'x-csrf-token': used.json().csrfToken },
      token: cookie.value,
    };
    expect((await request(session, 'GET', '/api/auth/second-factors')).json().recoveryCodesLeft).toBe(9);
    expect((await auditActions(user.id)).some((entry) => entry.action === 'staff.recovery_code_used')).toBe(
      true,
    );
  });

  it('ends the challenge after five wrong codes: the password must be given again', async () => {
    const { user, secret } = await withAuthenticator();
    await forgetUsedCodes(user.id);
    const { challenge } = (await signIn(t.app, user.email)).json().secondFactor;
    const wrongCode = codeOf(secret) === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/second-factor',
        payload: { challenge, proof: { method: 'totp', code: wrongCode } },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 401]);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/second-factor',
      payload: { challenge, proof: { method: 'totp', code: codeOf(secret) } },
    });
    expect(right.statusCode).toBe(401);
    expect(right.json().error.message).toBe(staffSecurityMessages.challengeOver);
  });
});

describe('requiring a second factor from all staff', () => {
  it('needs the person’s own factor, ends sessions without one, and makes others enrol at sign-in', async () => {
    const { organisation, user } = await staffMember();
    const colleague = await createStaffUser(t.database.db, organisation.id, { role: 'viewer' });
    const mine = await signInForSession(t.app, user.email);
    const theirs = await signInForSession(t.app, colleague.email);

    const tooEarly = await request(mine, 'PUT', '/api/staff/sign-in-policy', { requireMfa: true });
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().error.message).toBe(staffSecurityMessages.ownFactorFirst);

    const notAnEditor = await request(theirs, 'PUT', '/api/staff/sign-in-policy', { requireMfa: true });
    expect(notAnEditor.statusCode).toBe(403);

    const enrolment = (
      await request(mine, 'POST', '/api/auth/second-factors/totp', { name: 'Phone' })
    ).json();
    await request(mine, 'POST', `/api/auth/second-factors/totp/${enrolment.factorId}/confirm`, {
      code: codeOf(enrolment.secret),
    });
    expect((await request(mine, 'GET', '/api/staff/sign-in-policy')).json()).toEqual({
      requireMfa: false,
      staffWithoutSecondFactor: 1,
    });
    const required = await request(mine, 'PUT', '/api/staff/sign-in-policy', { requireMfa: true });
    expect(required.statusCode).toBe(200);
    expect(required.json()).toEqual({ requireMfa: true, staffWithoutSecondFactor: 1 });
    const [stored] = await t.database.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, organisation.id));
    expect(stored!.requireStaffMfa).toBe(true);

    // The colleague's session ended; the editor's own stays.
    expect((await request(theirs, 'GET', '/api/auth/session')).statusCode).toBe(401);
    expect((await request(mine, 'GET', '/api/auth/session')).statusCode).toBe(200);

    const challenge = (await signIn(t.app, colleague.email)).json().secondFactor;
    expect(challenge).toMatchObject({ step: 'enrol', methods: ['totp'] });
    // No recovery code can stand in for an authenticator never set up.
    const withoutEnrolling = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/second-factor',
      payload: { challenge: challenge.challenge, proof: { method: 'totp', code: '123456' } },
    });
    expect(withoutEnrolling.statusCode).toBe(404);
    const atSignIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/enrolment',
      payload: { challenge: challenge.challenge, name: 'Work phone' },
    });
    expect(atSignIn.statusCode).toBe(200);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/second-factor',
      payload: {
        challenge: challenge.challenge,
        proof: { method: 'totp', code: codeOf(atSignIn.json().secret) },
      },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().recoveryCodes).toHaveLength(10);
    expect(signedIn.cookies).toHaveLength(1);

    // A bad challenge is refused without a 500.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/enrolment',
      payload: { challenge: 'x'.repeat(43), name: 'Phone' },
    });
    expect(forged.statusCode).toBe(401);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.organisationId, organisation.id),
          eq(auditLog.action, 'organisation.sign_in_policy_changed'),
        ),
      );
    expect(entries[0]?.data).toMatchObject({ requireMfa: true, endedSessions: 1 });

    // The last factor stays while one is required.
    const factorId = (await request(mine, 'GET', '/api/auth/second-factors')).json().factors[0].id;
    const removeLast = await request(mine, 'DELETE', `/api/auth/second-factors/${factorId}`);
    expect(removeLast.statusCode).toBe(409);
    expect(removeLast.json().error.message).toBe(staffSecurityMessages.lastFactorRequired);
  });
});

describe('step-up for sensitive changes', () => {
  it('asks for the factor again once the last proof is older than ten minutes', async () => {
    const { user, session, secret, recoveryCodes } = await withAuthenticator();
    const factorId = (await request(session, 'GET', '/api/auth/second-factors')).json().factors[0].id;
    await t.database.db
      .update(sessions)
      .set({ secondFactorAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.staffUserId, user.id));

    const asked = await request(session, 'DELETE', `/api/auth/second-factors/${factorId}`);
    expect(asked.statusCode).toBe(403);
    expect(asked.json().error).toEqual({
      code: 'step_up_required',
      message: staffSecurityMessages.stepUpRequired,
    });
    const codes = await request(session, 'POST', '/api/auth/recovery-codes');
    expect(codes.statusCode).toBe(403);

    const wrong = await request(session, 'POST', '/api/auth/step-up', {
      proof: { method: 'recovery_code', code: 'AAAA-BBBB-CCCC' },
    });
    expect(wrong.statusCode).toBe(400);
    await forgetUsedCodes(user.id);
    const proven = await request(session, 'POST', '/api/auth/step-up', {
      proof: { method: 'totp', code: codeOf(secret) },
    });
    expect(proven.statusCode).toBe(204);

    const fresh = await request(session, 'POST', '/api/auth/recovery-codes');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().recoveryCodes).toHaveLength(10);
    expect(fresh.json().recoveryCodes).not.toContain(recoveryCodes[0]);

    const removed = await request(session, 'DELETE', `/api/auth/second-factors/${factorId}`);
    expect(removed.statusCode).toBe(204);
    expect((await request(session, 'GET', '/api/auth/second-factors')).json()).toMatchObject({
      factors: [],
      recoveryCodesLeft: 0,
    });
    const actions = (await auditActions(user.id)).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'staff.step_up',
        'staff.step_up_failed',
        'staff.recovery_codes_generated',
        'staff.second_factor_removed',
      ]),
    );
  });

  it('lets staff without a second factor through: there is nothing to prove', async () => {
    const { user } = await staffMember();
    const session = await signInForSession(t.app, user.email);
    const policy = await request(session, 'PUT', '/api/staff/sign-in-policy', { requireMfa: false });
    expect(policy.statusCode).toBe(200);
  });
});

describe('active sessions', () => {
  it('lists the person’s sessions with browser and address, and ends another one', async () => {
    const { user } = await staffMember();
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
        'x-forwarded-for': '203.0.113.9',
      },
      payload: { email: user.email, password: 'correct horse battery staple' },
    });
    expect(phone.statusCode).toBe(200);
    const laptop = await signInForSession(t.app, user.email);
    const listed = await request(laptop, 'GET', '/api/auth/sessions');
    expect(listed.statusCode).toBe(200);
    const list = listed.json().sessions;
    expect(list).toHaveLength(2);
    const other = list.find((session: { isCurrent: boolean }) => !session.isCurrent);
    expect(other).toMatchObject({
      browser: 'Safari on iOS',
      ipAddress: '203.0.113.9',
      withSecondFactor: false,
    });
    expect(list.filter((session: { isCurrent: boolean }) => session.isCurrent)).toHaveLength(1);

    const ended = await request(laptop, 'DELETE', `/api/auth/sessions/${other.id}`);
    expect(ended.statusCode).toBe(204);
    const phoneCookie = phone.cookies[0]!;
    const phoneSession = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      cookies: { [phoneCookie.name]: phoneCookie.value },
    });
    expect(phoneSession.statusCode).toBe(401);
    const gone = await request(laptop, 'DELETE', `/api/auth/sessions/${other.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(staffSecurityMessages.sessionNotFound);

    // Someone else's session id ends nothing.
    const stranger = await staffMember();
    const strangerSession = await signInForSession(t.app, stranger.user.email);
    const mine = (await request(laptop, 'GET', '/api/auth/sessions')).json().sessions[0].id;
    expect((await request(strangerSession, 'DELETE', `/api/auth/sessions/${mine}`)).statusCode).toBe(404);
    expect((await request(laptop, 'GET', '/api/auth/session')).statusCode).toBe(200);
  });
});

describe('recovering a locked-out staff member from the command line', () => {
  it('removes their second factors and recovery codes, ends their sessions, and says so in the audit log', async () => {
    const { user, session } = await withAuthenticator();
    await expect(recoverStaffSignIn(t.database.db, 'nobody@nowhere.example')).rejects.toThrow(
      'No staff user has the e-mail address nobody@nowhere.example',
    );
    const result = await recoverStaffSignIn(t.database.db, user.email.toUpperCase());
    expect(result).toEqual({
      email: user.email,
      removedFactors: 1,
      endedSessions: 1,
      temporaryPassword: null,
      madeOwner: false,
    });
    expect((await request(session, 'GET', '/api/auth/session')).statusCode).toBe(401);
    const signedIn = await signIn(t.app, user.email);
    expect(signedIn.json()).toHaveProperty('csrfToken');
    const entry = (await auditActions(user.id)).find((row) => row.action === 'staff.second_factors_reset');
    expect(entry).toMatchObject({ actorStaffUserId: null, data: { via: 'command line', removedFactors: 1 } });
  });

  it('gives an organisation without a usable owner one back: enabled, an owner, with a new password', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const former = await createStaffUser(t.database.db, organisation.id, { role: 'admin', isDisabled: true });
    const result = await recoverStaffSignIn(t.database.db, former.email, {
      newPassword: true,
      makeOwner: true,
    });
    expect(result).toMatchObject({ madeOwner: true, temporaryPassword: expect.any(String) });
    expect(await signIn(t.app, former.email)).toMatchObject({ statusCode: 401 });
    const signedIn = await signIn(t.app, former.email, result.temporaryPassword!);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().staff.role).toBe('owner');
    const entry = (await auditActions(former.id)).find((row) => row.action === 'staff.second_factors_reset');
    expect(entry?.data).toMatchObject({
      newPassword: true,
      before: { role: 'admin', isDisabled: true },
      after: { role: 'owner', isDisabled: false },
    });
    expect(JSON.stringify(entry?.data)).not.toContain(result.temporaryPassword);
  });
});

describe('sign-ins on the record', () => {
  it('exports the audit log filtered by action as CSV with address and browser columns', async () => {
    const { user } = await staffMember();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: {
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
        'x-forwarded-for': '198.51.100.4',
      },
      payload: { email: user.email, password: 'wrong password' },
    });
    const session = await signInForSession(t.app, user.email);
    const csv = await request(session, 'GET', '/api/audit-log/export.csv?action=staff.sign_in_failed');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Time (UTC)","Action","Staff name","Staff e-mail","Target","Address","Browser","Details"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"staff.sign_in_failed","${user.name}","${user.email}"`);
    expect(lines[1]).toContain(
      '"198.51.100.4","Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0"',
    );
    expect(lines[1]).toContain('""reason"":""wrong_password""');
  });
});

describe('passkeys', () => {
  const assertion = {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
    clientExtensionResults: {},
  };

  it('gives creation options for this console, and refuses an answer it did not ask for', async () => {
    const { user } = await staffMember();
    const session = await signInForSession(t.app, user.email);
    const overview = await request(session, 'GET', '/api/auth/second-factors');
    expect(overview.json().passkeysAvailable).toBe(true);

    const notStarted = await request(session, 'POST', '/api/auth/second-factors/passkey', {
      name: 'Laptop',
      response: { ...assertion, response: { clientDataJSON: 'e30', attestationObject: 'AAAA' } },
    });
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json().error.message).toBe(staffSecurityMessages.passkeyNotStarted);

    const started = await request(session, 'POST', '/api/auth/second-factors/passkey/options');
    expect(started.statusCode).toBe(200);
    const { options } = started.json();
    expect(options).toMatchObject({
      rp: { id: new URL(t.config.publicUrl).hostname },
      user: { name: user.email },
      attestation: 'none',
      challenge: expect.any(String),
    });
    const forged = await request(session, 'POST', '/api/auth/second-factors/passkey', {
      name: 'Laptop',
      response: { ...assertion, response: { clientDataJSON: 'e30', attestationObject: 'AAAA' } },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe(staffSecurityMessages.passkeyFailed);
    // The challenge was used up by the failed answer.
    const again = await request(session, 'POST', '/api/auth/second-factors/passkey', {
      name: 'Laptop',
      response: { ...assertion, response: { clientDataJSON: 'e30', attestationObject: 'AAAA' } },
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a passkey answer at sign-in for someone without passkeys, counting it as a wrong try', async () => {
    const { user } = await withAuthenticator();
    const { challenge, methods } = (await signIn(t.app, user.email)).json().secondFactor;
    expect(methods).toEqual(['totp', 'recovery_code']);
    const options = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/passkey-options',
      payload: { challenge },
    });
    expect(options.statusCode).toBe(404);
    const answered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/second-factor',
      payload: { challenge, proof: { method: 'passkey', response: assertion } },
    });
    expect(answered.statusCode).toBe(400);
    expect(answered.json().error.message).toBe(staffSecurityMessages.passkeyFailed);
  });

  it('are not offered when the console’s public address is an IP address', async () => {
    const onAddress = await createTestApp({ PUBLIC_URL: 'http://192.0.2.10:3000' });
    try {
      const { organisation } = await createOrganisation(onAddress.database.db);
      const user = await createStaffUser(onAddress.database.db, organisation.id, {
        role: 'editor',
      });
      const session = await signInForSession(onAddress.app, user.email);
      const overview = await onAddress.app.inject({
        method: 'GET',
        url: '/api/auth/second-factors',
        cookies: session.cookies,
      });
      expect(overview.json().passkeysAvailable).toBe(false);
      const options = await onAddress.app.inject({
        method: 'POST',
        url: '/api/auth/second-factors/passkey/options',
        cookies: session.cookies,
        headers: session.headers,
      });
      expect(options.statusCode).toBe(409);
      expect(options.json().error.message).toBe(staffSecurityMessages.passkeysUnavailable);
    } finally {
      await onAddress.close();
    }
  });
});
