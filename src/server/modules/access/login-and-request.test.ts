import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMessages } from '../../../shared/access';
import {
  accessDomainRules,
  accessRequests,
  accessSettings,
  accountMembers,
  accounts,
  sessions,
  signInTokens,
} from '../../db/schema';
import { createAccountMember, createOrganisation, createStaffUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { hashSignInToken } from './sign-in-links';
import { linkIn, mailsTo, nextClient, postForm, signInFromMail } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => t.close());

async function organisation() {
  const { organisation, product } = await createOrganisation(t.database.db);
  const staff = await createStaffUser(t.database.db, organisation.id, {
    email: `staff-${organisation.slug}@vendor.example`,
  });
  return { ...organisation, product, staff };
}

function post(
  slug: string,
  path: 'login' | 'request',
  payload: Record<string, unknown>,
  cookies?: Record<string, string>,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/statuspage/share/${slug}/${path}`,
    headers: { 'x-forwarded-for': nextClient() },
    payload,
    cookies,
  });
}

const person = (email: string, productId: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  companyName: 'Analytical Engines',
  agree: true,
  productId,
  ...extra,
});

async function member(
  organisationId: string,
  email: string,
  account: Parameters<typeof createAccountMember>[2] = {},
) {
  const created = await createAccountMember(t.database.db, organisationId, account);
  await t.database.db.update(accountMembers).set({ email }).where(eq(accountMembers.id, created.member.id));
  return created;
}

const past = () => new Date(Date.now() - 60_000);
const future = () => new Date(Date.now() + 30 * 24 * 3600 * 1000);

describe('POST {base}/login', () => {
  it('mails an authorised member a one-time link that signs them in once, bound to the organisation', async () => {
    const org = await organisation();
    await member(org.id, 'casey@customer.example', { accessExpiresAt: future() });
    const response = await post(org.slug, 'login', { email: ' Casey@Customer.example ' });
    expect(response.json()).toEqual({ outcome: 'check_email', email: 'casey@customer.example' });
    const [mail] = await mailsTo(t, 'casey@customer.example');
    expect(mail!.subject).toContain(`${org.name} Trust Center`);
    const link = linkIn(mail!);
    expect(link.origin).toBe('http://attest.test');
    expect(link.pathname).toBe(`/api/statuspage/share/${org.slug}/sign-in`);
    const token = link.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [stored] = await t.database.db
      .select()
      .from(signInTokens)
      .where(eq(signInTokens.id, hashSignInToken(token)));
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    // Opening the link changes nothing: it shows a button that posts the token.
    const page = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`action="/api/statuspage/share/${org.slug}/sign-in"`);
    const [unused] = await t.database.db
      .select()
      .from(signInTokens)
      .where(eq(signInTokens.id, hashSignInToken(token)));
    expect(unused!.usedAt).toBeNull();

    const signIn = await postForm(t.app, link.pathname, { token });
    expect(signIn.statusCode).toBe(303);
    expect(signIn.headers.location).toBe(`/${org.slug}`);
    const cookie = signIn.cookies[0]!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const view = await t.app.inject({
      url: `/api/statuspage/share/${org.slug}/view`,
      cookies: { [cookie.name]: cookie.value },
    });
    expect(view.json().viewer).toMatchObject({
      mode: 'account_external',
      member: {
        email: 'casey@customer.example',
        firstName: 'Casey',
        reviewStatus: 'approved',
        isAutoApprovedAccountMember: false,
      },
    });
    const [signedIn] = await t.database.db
      .select()
      .from(accountMembers)
      .where(eq(accountMembers.email, 'casey@customer.example'));
    expect(signedIn!.lastSignInAt).not.toBeNull();

    const replay = await postForm(t.app, link.pathname, { token });
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain(accessMessages.signInLinkInvalid.replace("'", '&#39;').slice(0, 30));
    expect(replay.cookies).toHaveLength(0);
  });

  it('refuses expired, foreign-organisation and tampered tokens without a session', async () => {
    const org = await organisation();
    const other = await organisation();
    await member(org.id, 'dana@customer.example');
    await post(org.slug, 'login', { email: 'dana@customer.example' });
    const token = linkIn((await mailsTo(t, 'dana@customer.example'))[0]!).searchParams.get('token')!;
    const foreign = await postForm(t.app, `/api/statuspage/share/${other.slug}/sign-in`, { token });
    expect(foreign.statusCode).toBe(400);
    const tampered = await postForm(t.app, `/api/statuspage/share/${org.slug}/sign-in`, {
      token: `${token.slice(0, -2)}xx`,
    });
    expect(tampered.statusCode).toBe(400);
    const page = await t.app.inject({ url: `/api/statuspage/share/${org.slug}/sign-in?token=nonsense` });
    expect(page.statusCode).toBe(400);
    await t.database.db
      .update(signInTokens)
      .set({ expiresAt: past() })
      .where(eq(signInTokens.id, hashSignInToken(token)));
    const expired = await postForm(t.app, `/api/statuspage/share/${org.slug}/sign-in`, { token });
    expect(expired.statusCode).toBe(400);
    expect([foreign, tampered, expired].flatMap((response) => response.cookies)).toEqual([]);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.organisationId, org.id));
    expect(rows).toHaveLength(0);
  });

  it('names why a member without access cannot sign in, and mails nothing', async () => {
    const org = await organisation();
    await member(org.id, 'exp@one.example', { accessExpiresAt: past() });
    await member(org.id, 'pend@two.example', { reviewStatus: 'pending' });
    await member(org.id, 'decl@three.example', { reviewStatus: 'declined' });
    const outcomes = [];
    for (const email of [
      'exp@one.example',
      'pend@two.example',
      'decl@three.example',
      'nobody@four.example',
    ]) {
      outcomes.push((await post(org.slug, 'login', { email })).json().outcome);
    }
    expect(outcomes).toEqual([
      'access_expired',
      'pending_request',
      'request_declined',
      'email_not_recognised',
    ]);
    for (const email of ['exp@one.example', 'pend@two.example', 'decl@three.example']) {
      expect(await mailsTo(t, email)).toHaveLength(0);
    }
  });

  it('refuses blocked domains even for members, and free mail only when the organisation asks for work e-mail', async () => {
    const org = await organisation();
    await t.database.db
      .insert(accessDomainRules)
      .values({ organisationId: org.id, kind: 'blocked', domain: 'blocked.example' });
    await member(org.id, 'old@sub.blocked.example');
    expect((await post(org.slug, 'login', { email: 'old@sub.blocked.example' })).json().outcome).toBe(
      'request_declined_blocked_domain',
    );
    expect((await post(org.slug, 'login', { email: 'someone@gmail.com' })).json().outcome).toBe(
      'not_work_email',
    );
    expect((await post(org.slug, 'login', { email: 'someone@example.com' })).json().outcome).toBe(
      'email_not_recognised',
    );
    await t.database.db
      .update(accessSettings)
      .set({ rejectFreeMailDomains: false })
      .where(eq(accessSettings.organisationId, org.id));
    expect((await post(org.slug, 'login', { email: 'someone@gmail.com' })).json().outcome).toBe(
      'email_not_recognised',
    );
  });

  it('answers 400 with the spec message for a missing or malformed e-mail', async () => {
    const org = await organisation();
    const empty = await post(org.slug, 'login', { email: '' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(accessMessages.loginEmailRequired);
    const bad = await post(org.slug, 'login', { email: 'not-an-email' });
    expect(JSON.stringify(bad.json())).toContain(accessMessages.loginEmailInvalid);
  });
});

describe('POST {base}/request', () => {
  it('queues a new company for review: pending account and member, mails to the requester and to staff', async () => {
    const org = await organisation();
    const response = await post(
      org.slug,
      'request',
      person('ada@engines.example', org.product.id, { subscribe: true }),
    );
    expect(response.json()).toEqual({ outcome: 'pending', email: 'ada@engines.example' });
    const [request] = await t.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.organisationId, org.id));
    expect(request).toMatchObject({
      status: 'pending',
      wantsUpdates: true,
      companyName: 'Analytical Engines',
      // The page sent no source: the form was opened by a bare ?requestAccess=true link.
      source: 'direct_link',
    });
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, request!.accountId!));
    expect(account).toMatchObject({
      reviewStatus: 'pending',
      domain: 'engines.example',
      name: 'Analytical Engines',
    });
    const [requesterMail] = await mailsTo(t, 'ada@engines.example');
    expect(requesterMail!.subject).toContain(`${org.name} Trust Center`);
    const [staffMail] = await mailsTo(t, org.staff.email);
    expect(staffMail!.text).toContain('ada@engines.example');
    expect(linkIn(staffMail!).toString()).toBe(
      `http://attest.test/console/access-requests?request=${request!.id}`,
    );

    expect(
      (await post(org.slug, 'request', person('ada@engines.example', org.product.id))).json().outcome,
    ).toBe('pending_request');
    expect((await post(org.slug, 'login', { email: 'ada@engines.example' })).json().outcome).toBe(
      'pending_request',
    );
    // A colleague joins the pending company account and waits with it.
    expect(
      (await post(org.slug, 'request', person('bob@engines.example', org.product.id))).json().outcome,
    ).toBe('pending');
    const members = await t.database.db
      .select()
      .from(accountMembers)
      .where(eq(accountMembers.accountId, account!.id));
    expect(members.map((row) => row.email).sort()).toEqual(['ada@engines.example', 'bob@engines.example']);
  });

  it("auto-approves a colleague of an approved account's domain and mails a sign-in link", async () => {
    const org = await organisation();
    await t.database.db.insert(accounts).values({
      organisationId: org.id,
      name: 'Engines',
      domain: 'engines.example',
      reviewStatus: 'approved',
      accessExpiresAt: future(),
    });
    const response = await post(org.slug, 'request', person('cleo@engines.example', org.product.id));
    expect(response.json().outcome).toBe('auto_approved');
    const cookies = await signInFromMail(t, 'cleo@engines.example');
    const view = await t.app.inject({ url: `/api/statuspage/share/${org.slug}/view`, cookies });
    expect(view.json().viewer.member).toMatchObject({
      email: 'cleo@engines.example',
      isAutoApprovedAccountMember: true,
    });
    expect(
      (await post(org.slug, 'request', person('cleo@engines.example', org.product.id))).json().outcome,
    ).toBe('account_already_exists');
    expect(await mailsTo(t, 'cleo@engines.example')).toHaveLength(2);
  });

  it('queues a colleague for review when auto-approval is off, without making them a member yet', async () => {
    const org = await organisation();
    await t.database.db
      .insert(accessSettings)
      .values({ organisationId: org.id, autoApproveAccountMembers: false });
    await t.database.db.insert(accounts).values({
      organisationId: org.id,
      name: 'Engines',
      domain: 'engines.example',
      reviewStatus: 'approved',
    });
    expect(
      (await post(org.slug, 'request', person('dan@engines.example', org.product.id))).json().outcome,
    ).toBe('pending');
    const rows = await t.database.db
      .select()
      .from(accountMembers)
      .where(eq(accountMembers.organisationId, org.id));
    expect(rows).toHaveLength(0);
  });

  it('follows domain rules: auto-approve creates an approved account, blocked is refused and recorded', async () => {
    const org = await organisation();
    await t.database.db.insert(accessDomainRules).values([
      { organisationId: org.id, kind: 'auto_approve', domain: 'partner.example' },
      { organisationId: org.id, kind: 'blocked', domain: 'blocked.example' },
    ]);
    expect(
      (await post(org.slug, 'request', person('eve@partner.example', org.product.id))).json().outcome,
    ).toBe('auto_approved');
    const [account] = await t.database.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.organisationId, org.id), eq(accounts.domain, 'partner.example')));
    expect(account!.reviewStatus).toBe('approved');
    expect(account!.accessExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 364 * 24 * 3600 * 1000);
    expect(
      (await post(org.slug, 'request', person('mal@blocked.example', org.product.id))).json().outcome,
    ).toBe('request_declined_blocked_domain');
    const [blocked] = await t.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.email, 'mal@blocked.example'));
    expect(blocked!.status).toBe('auto_declined');
    expect(await mailsTo(t, 'mal@blocked.example')).toHaveLength(0);
  });

  it('answers expired, declined and free-mail requesters with their outcome', async () => {
    const org = await organisation();
    await member(org.id, 'old@expired.example', { accessExpiresAt: past() });
    await member(org.id, 'no@declined.example', { reviewStatus: 'declined', domain: 'declined.example' });
    const outcome = async (email: string) =>
      (await post(org.slug, 'request', person(email, org.product.id))).json().outcome;
    expect(await outcome('old@expired.example')).toBe('access_expired');
    expect(await outcome('no@declined.example')).toBe('request_declined');
    expect(await outcome('new@declined.example')).toBe('request_access_auto_declined');
    expect(await outcome('me@gmail.com')).toBe('not_work_email');
  });

  it("validates with the organisation's field settings: 400 with the spec's field messages", async () => {
    const { organisation: org, product } = await createOrganisation(t.database.db, {
      customisation: {
        accessRequestFields: {
          jobTitleTextField: true,
          pointOfContactField: true,
          relationshipDropdown: false,
          countriesDropdown: false,
          accountMemberRequestProducts: true,
          customCheckbox: { isEnabled: true, isRequired: true, label: 'I accept the rules' },
        },
      },
    });
    const response = await post(org.slug, 'request', {
      firstName: '',
      lastName: 'L',
      email: 'bad',
      companyName: 'A',
      agree: false,
      productId: product.id,
      pointOfContactField: 'nope',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      firstName: accessMessages.firstNameRequired,
      email: accessMessages.emailInvalid,
      companyName: accessMessages.companyNameLength,
      agree: accessMessages.agreeRequired,
      customCheckbox: accessMessages.fieldRequired,
      jobTitleTextField: accessMessages.fieldRequired,
      pointOfContactField: accessMessages.validEmail,
      accountMemberRequestProducts: accessMessages.selectProduct,
    });
    const foreign = await createOrganisation(t.database.db);
    const wrongProduct = await post(
      org.slug,
      'request',
      person('x@y.example', foreign.product.id, {
        customCheckbox: true,
        jobTitleTextField: 'CISO',
        pointOfContactField: 'sam@vendor.example',
        accountMemberRequestProducts: [product.id],
      }),
    );
    expect(wrongProduct.statusCode).toBe(400);
    expect(wrongProduct.json().error.fields).toHaveProperty('productId');
  });
});

describe('POST /api/statuspage/share/auth/logout', () => {
  it('ends the session (CSRF required), clears the cookie and answers the page to return to', async () => {
    const org = await organisation();
    await member(org.id, 'fay@customer.example');
    await post(org.slug, 'login', { email: 'fay@customer.example' });
    const cookies = await signInFromMail(t, 'fay@customer.example');
    const view = await t.app.inject({ url: `/api/statuspage/share/${org.slug}/view`, cookies });
    const csrfToken = (
      await t.database.db.select().from(sessions).where(eq(sessions.organisationId, org.id))
    )[0]!.csrfToken;
    expect(view.json().viewer.mode).toBe('account_external');
    const withoutCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/statuspage/share/auth/logout',
      cookies,
    });
    expect(withoutCsrf.statusCode).toBe(403);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/statuspage/share/auth/logout',
      cookies,
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ redirectTo: `/${org.slug}` });
    expect(logout.cookies[0]).toMatchObject({ value: '' });
    const after = await t.app.inject({ url: `/api/statuspage/share/${org.slug}/view`, cookies });
    expect(after.json().viewer).toMatchObject({ mode: 'public', member: null });
  });
});

describe('POST {base}/request-again (access expired, no session)', () => {
  const again = (slug: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/statuspage/share/${slug}/request-again`,
      headers: { 'x-forwarded-for': nextClient() },
      payload,
    });

  it("queues one renewal of an expired member's account, mails staff and the member, then answers pending", async () => {
    const org = await organisation();
    const { account } = await member(org.id, 'old@renew.example', { accessExpiresAt: past() });
    expect((await post(org.slug, 'login', { email: 'old@renew.example' })).json().outcome).toBe(
      'access_expired',
    );
    const first = await again(org.slug, { email: ' Old@Renew.example ', productId: org.product.id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ code: 'success' });
    const [request] = await t.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.organisationId, org.id));
    expect(request).toMatchObject({
      kind: 'renewal',
      status: 'pending',
      source: 'request_again',
      accountId: account.id,
      email: 'old@renew.example',
      productId: org.product.id,
    });
    const [staffMail] = await mailsTo(t, org.staff.email);
    expect(staffMail!.subject).toContain('extension');
    expect(staffMail!.text).toContain('old@renew.example');
    const [memberMail] = await mailsTo(t, 'old@renew.example');
    expect(memberMail!.subject).toContain('renew');
    expect(memberMail!.text).toContain('If you did not ask for this');

    expect((await again(org.slug, { email: 'old@renew.example' })).json()).toEqual({
      code: 'already-requested',
    });
    expect((await post(org.slug, 'login', { email: 'old@renew.example' })).json().outcome).toBe(
      'pending_request',
    );
    expect(
      (await post(org.slug, 'request', person('old@renew.example', org.product.id))).json().outcome,
    ).toBe('pending_request');
    const requests = await t.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.organisationId, org.id));
    expect(requests).toHaveLength(1);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.organisationId, org.id))).toEqual(
      [],
    );
  });

  it('queues nothing for other addresses, answering only what login already tells', async () => {
    const org = await organisation();
    await member(org.id, 'ok@fine.example', { accessExpiresAt: future() });
    await member(org.id, 'wait@pending.example', { reviewStatus: 'pending' });
    await member(org.id, 'no@declined.example', { reviewStatus: 'declined' });
    await t.database.db
      .insert(accessDomainRules)
      .values({ organisationId: org.id, kind: 'blocked', domain: 'blocked.example' });
    await member(org.id, 'old@blocked.example', { accessExpiresAt: past() });
    const codes: Record<string, string> = {};
    for (const email of [
      'ok@fine.example',
      'wait@pending.example',
      'no@declined.example',
      'old@blocked.example',
      'nobody@unknown.example',
    ]) {
      codes[email] = (await again(org.slug, { email })).json().code;
    }
    expect(codes).toEqual({
      'ok@fine.example': 'already-has-access',
      'wait@pending.example': 'already-requested',
      'no@declined.example': 'error',
      'old@blocked.example': 'error',
      'nobody@unknown.example': 'error',
    });
    expect(
      await t.database.db.select().from(accessRequests).where(eq(accessRequests.organisationId, org.id)),
    ).toEqual([]);
    expect(await mailsTo(t, org.staff.email)).toEqual([]);

    const invalid = await again(org.slug, { email: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect(JSON.stringify(invalid.json())).toContain(accessMessages.loginEmailInvalid);
    const foreign = await organisation();
    const wrongProduct = await again(org.slug, { email: 'ok@fine.example', productId: foreign.product.id });
    expect(wrongProduct.statusCode).toBe(400);
    expect(wrongProduct.json().error.fields).toHaveProperty('productId');
  });

  it('a renewal staff declined answers declined, not expired again', async () => {
    const org = await organisation();
    const { account } = await member(org.id, 'gone@renew.example', {
      accessExpiresAt: past(),
      reviewedAt: new Date(Date.now() - 400 * 24 * 3600 * 1000),
    });
    expect((await again(org.slug, { email: 'gone@renew.example' })).json().code).toBe('success');
    await t.database.db
      .update(accessRequests)
      .set({ status: 'declined', declinedBy: 'organisation', decidedAt: new Date() })
      .where(eq(accessRequests.accountId, account.id));
    expect((await post(org.slug, 'login', { email: 'gone@renew.example' })).json().outcome).toBe(
      'request_declined',
    );
    expect((await again(org.slug, { email: 'gone@renew.example' })).json().code).toBe('error');
    // Staff renew the account later: the old declined renewal no longer speaks for it.
    await t.database.db
      .update(accounts)
      .set({ accessExpiresAt: past(), reviewedAt: new Date() })
      .where(eq(accounts.id, account.id));
    expect((await post(org.slug, 'login', { email: 'gone@renew.example' })).json().outcome).toBe(
      'access_expired',
    );
  });
});

describe('declines recorded for a third party', () => {
  it('answer request_declined_third_party to login and request, for members and for addresses alone', async () => {
    const org = await organisation();
    await member(org.id, 'm@third.example', { reviewStatus: 'declined', domain: 'third.example' });
    await t.database.db.insert(accessRequests).values([
      {
        organisationId: org.id,
        email: 'm@third.example',
        firstName: 'M',
        lastName: 'T',
        companyName: 'Third',
        status: 'declined',
        declinedBy: 'third_party',
      },
      {
        organisationId: org.id,
        email: 'solo@freelance.example',
        firstName: 'S',
        lastName: 'F',
        companyName: 'Freelance',
        status: 'declined',
        declinedBy: 'third_party',
      },
      {
        organisationId: org.id,
        email: 'plain@freelance.example',
        firstName: 'P',
        lastName: 'F',
        companyName: 'Freelance',
        status: 'declined',
        declinedBy: 'organisation',
      },
    ]);
    const outcomes = async (email: string) => [
      (await post(org.slug, 'login', { email })).json().outcome,
      (await post(org.slug, 'request', person(email, org.product.id))).json().outcome,
    ];
    expect(await outcomes('m@third.example')).toEqual([
      'request_declined_third_party',
      'request_declined_third_party',
    ]);
    expect(await outcomes('solo@freelance.example')).toEqual([
      'request_declined_third_party',
      'request_declined_third_party',
    ]);
    expect(await outcomes('plain@freelance.example')).toEqual(['request_declined', 'request_declined']);
    // A colleague of the declined company is declined automatically, as before.
    expect(await outcomes('other@third.example')).toEqual([
      'email_not_recognised',
      'request_access_auto_declined',
    ]);
  });
});
