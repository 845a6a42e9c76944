import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMessages } from '../../../shared/access';
import { accessSettings, accountMembers, auditLog, permissionProfiles } from '../../db/schema';
import {
  acceptNdaVersion,
  createAccountMember,
  createItem,
  createNdaVersion,
  createOrganisation,
  createStaffUser,
} from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailsTo, nextClient, signInFromMail } from '../access/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => t.close());

type Session = { cookies: Record<string, string>; headers: Record<string, string> };

async function setUp() {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db);
  const editor = await createStaffUser(db, organisation.id);
  const reader = await createStaffUser(db, organisation.id, { role: 'viewer' });
  const session = await createTestSession(db, { organisationId: organisation.id, staffUserId: editor.id });
  const readOnly = await createTestSession(db, { organisationId: organisation.id, staffUserId: reader.id });
  return { organisation, product, session, readOnly };
}

const call = (
  session: Session,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    cookies: session.cookies,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function requestAccess(slug: string, productId: string, email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/statuspage/share/${slug}/request`,
    headers: { 'x-forwarded-for': nextClient() },
    payload: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      companyName: 'Analytical Engines',
      agree: true,
      productId,
    },
  });
  expect(response.json().outcome).toBe('pending');
}

async function auditActions(organisationId: string) {
  return (await t.database.db.select().from(auditLog).where(eq(auditLog.organisationId, organisationId)))
    .map((row) => row.action)
    .filter((action) => action !== 'staff.signed_in');
}

describe('the review queue', () => {
  it('lists pending requests; approving grants access for the days given and mails a working sign-in link', async () => {
    const { organisation, product, session, readOnly } = await setUp();
    await requestAccess(organisation.slug, product.id, 'ada@engines.example');
    const list = await call(readOnly, 'GET', '/api/access-requests?status=pending');
    expect(list.statusCode).toBe(200);
    const [request] = list.json().requests;
    expect(request).toMatchObject({
      email: 'ada@engines.example',
      status: 'pending',
      productName: 'Platform',
      accountName: 'Analytical Engines',
    });

    expect(
      (await call(readOnly, 'POST', `/api/access-requests/${request.id}/approve`, { accessDays: 30 }))
        .statusCode,
    ).toBe(403);
    const approved = await call(session, 'POST', `/api/access-requests/${request.id}/approve`, {
      accessDays: 30,
    });
    expect(approved.statusCode).toBe(200);
    const account = approved.json();
    expect(account.reviewStatus).toBe('approved');
    const days = (new Date(account.accessExpiresAt).getTime() - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(account.members.map((member: { email: string }) => member.email)).toEqual(['ada@engines.example']);
    expect(
      (await call(session, 'POST', `/api/access-requests/${request.id}/approve`, { accessDays: 30 }))
        .statusCode,
    ).toBe(409);

    const cookies = await signInFromMail(t, 'ada@engines.example');
    const view = await t.app.inject({ url: `/api/statuspage/share/${organisation.slug}/view`, cookies });
    expect(view.json().viewer.mode).toBe('account_external');
    expect(
      (await call(session, 'GET', '/api/access-requests?status=decided')).json().requests[0],
    ).toMatchObject({ status: 'approved' });
    expect(await auditActions(organisation.id)).toContain('access_request.approve');
  });

  it('declining mails the reason and declines the new company account', async () => {
    const { organisation, product, session } = await setUp();
    await requestAccess(organisation.slug, product.id, 'bo@nope.example');
    const [request] = (await call(session, 'GET', '/api/access-requests')).json().requests;
    const declined = await call(session, 'POST', `/api/access-requests/${request.id}/decline`, {
      reason: 'We only share with customers.',
    });
    expect(declined.statusCode).toBe(204);
    // The acknowledgement and the decline are delivered in one drain, in either order.
    const mails = await mailsTo(t, 'bo@nope.example');
    expect(mails).toHaveLength(2);
    expect(mails.filter((mail) => mail.text.includes('We only share with customers.'))).toHaveLength(1);
    const account = (await call(session, 'GET', `/api/accounts/${request.accountId}`)).json();
    expect(account.reviewStatus).toBe('declined');
    const login = await t.app.inject({
      method: 'POST',
      url: `/api/statuspage/share/${organisation.slug}/login`,
      headers: { 'x-forwarded-for': nextClient() },
      payload: { email: 'bo@nope.example' },
    });
    expect(login.json().outcome).toBe('request_declined');
    expect(await auditActions(organisation.id)).toContain('access_request.decline');
  });
});

describe('third-party declines and renewals in the review queue', () => {
  const publicPost = (slug: string, path: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/statuspage/share/${slug}/${path}`,
      headers: { 'x-forwarded-for': nextClient() },
      payload,
    });

  it('records a decline for a third party: the requester is answered request_declined_third_party', async () => {
    const { organisation, product, session } = await setUp();
    await requestAccess(organisation.slug, product.id, 'cy@contractor.example');
    const [request] = (await call(session, 'GET', '/api/access-requests')).json().requests;
    expect(request).toMatchObject({ kind: 'access', declinedBy: null });
    const invalid = await call(session, 'POST', `/api/access-requests/${request.id}/decline`, {
      declinedBy: 'someone',
    });
    expect(invalid.statusCode).toBe(400);
    const declined = await call(session, 'POST', `/api/access-requests/${request.id}/decline`, {
      declinedBy: 'third_party',
      reason: 'Their security team asked us not to share with contractors.',
    });
    expect(declined.statusCode).toBe(204);
    const mail = (await mailsTo(t, 'cy@contractor.example')).find((sent) =>
      sent.subject.startsWith('Your request for access'),
    )!;
    expect(mail.text).toContain('at the request of a third party');
    expect(mail.text).toContain('Their security team asked us not to share with contractors.');
    const [decided] = (await call(session, 'GET', '/api/access-requests?status=decided')).json().requests;
    expect(decided).toMatchObject({ status: 'declined', declinedBy: 'third_party' });
    expect(
      (await publicPost(organisation.slug, 'login', { email: 'cy@contractor.example' })).json().outcome,
    ).toBe('request_declined_third_party');
    const again = await publicPost(organisation.slug, 'request', {
      firstName: 'Cy',
      lastName: 'Contractor',
      email: 'cy@contractor.example',
      companyName: 'Contractor',
      agree: true,
      productId: product.id,
    });
    expect(again.json().outcome).toBe('request_declined_third_party');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.organisationId, organisation.id));
    expect(audit.find((row) => row.action === 'access_request.decline')?.data).toMatchObject({
      declinedBy: 'third_party',
    });

    // Declining without naming who keeps the organisation's own decline.
    await requestAccess(organisation.slug, product.id, 'di@other.example');
    const [next] = (await call(session, 'GET', '/api/access-requests')).json().requests;
    await call(session, 'POST', `/api/access-requests/${next.id}/decline`, {});
    expect((await publicPost(organisation.slug, 'login', { email: 'di@other.example' })).json().outcome).toBe(
      'request_declined',
    );
  });

  it("shows an expired member's request again as a renewal; approving it renews the account", async () => {
    const { organisation, session } = await setUp();
    const [profile] = await t.database.db
      .insert(permissionProfiles)
      .values({ organisationId: organisation.id, name: 'Auditors' })
      .returning();
    const { account, member } = await createAccountMember(t.database.db, organisation.id, {
      name: 'Expired Co',
      accessExpiresAt: new Date(Date.now() - 1000),
      permissionProfileId: profile!.id,
    });
    expect((await publicPost(organisation.slug, 'request-again', { email: member.email })).json()).toEqual({
      code: 'success',
    });
    const [renewal] = (await call(session, 'GET', '/api/access-requests')).json().requests;
    expect(renewal).toMatchObject({
      kind: 'renewal',
      email: member.email,
      accountId: account.id,
      accountName: 'Expired Co',
    });
    const approved = await call(session, 'POST', `/api/access-requests/${renewal.id}/approve`, {
      accessDays: 90,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().permissionProfileId).toBe(profile!.id);
    expect(new Date(approved.json().accessExpiresAt).getTime()).toBeGreaterThan(
      Date.now() + 89 * 24 * 3600 * 1000,
    );
    const cookies = await signInFromMail(t, member.email);
    const view = await t.app.inject({ url: `/api/statuspage/share/${organisation.slug}/view`, cookies });
    expect(view.json().viewer.mode).toBe('account_external');
  });
});

describe('accounts', () => {
  it('creates, changes, extends and revokes; a revoked member is in Public mode on the next request', async () => {
    const { organisation, session } = await setUp();
    const created = await call(session, 'POST', '/api/accounts', {
      name: 'Globex',
      domain: 'Globex.example',
      accessDays: 10,
    });
    expect(created.statusCode).toBe(201);
    const account = created.json();
    expect(account).toMatchObject({
      name: 'Globex',
      domain: 'globex.example',
      reviewStatus: 'approved',
      memberCount: 0,
    });
    expect(
      (await call(session, 'POST', '/api/accounts', { name: 'Globex 2', domain: 'globex.example' }))
        .statusCode,
    ).toBe(409);
    const withMember = await call(session, 'POST', `/api/accounts/${account.id}/members`, {
      email: 'hank@globex.example',
      firstName: 'Hank',
    });
    expect(withMember.json().members).toHaveLength(1);
    const patched = await call(session, 'PATCH', `/api/accounts/${account.id}`, { name: 'Globex Corp' });
    expect(patched.json().name).toBe('Globex Corp');
    const extended = await call(session, 'POST', `/api/accounts/${account.id}/extend`, { accessDays: 90 });
    expect(new Date(extended.json().accessExpiresAt).getTime()).toBeGreaterThan(
      Date.now() + 89 * 24 * 3600 * 1000,
    );

    const [member] = await t.database.db
      .select()
      .from(accountMembers)
      .where(eq(accountMembers.accountId, account.id));
    const memberSession = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      accountMemberId: member!.id,
    });
    const mode = async () =>
      (
        await t.app.inject({
          url: `/api/statuspage/share/${organisation.slug}/view`,
          cookies: memberSession.cookies,
        })
      ).json().viewer;
    expect((await mode()).mode).toBe('account_external');
    expect((await call(session, 'POST', `/api/accounts/${account.id}/revoke`)).json().reviewStatus).toBe(
      'declined',
    );
    expect(await mode()).toMatchObject({ mode: 'public', member: { reviewStatus: 'declined' } });
    // Issue 20 part 3: the member is told of the extension (with its end date) and of the revocation.
    const memberMails = await mailsTo(t, 'hank@globex.example');
    const extendedMail = memberMails.find((mail) => mail.subject.endsWith('was extended'))!;
    const until = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(extended.json().accessExpiresAt),
    );
    expect(extendedMail.text).toContain(`Until: ${until}`);
    expect(extendedMail.html).toContain(until);
    const revokedMail = memberMails.find((mail) => mail.subject.endsWith('has ended'))!;
    expect(revokedMail.text).toContain(`The ${organisation.name} team`);
    expect(revokedMail.text).toContain('ended the access of Globex Corp');
    expect(revokedMail.html).toMatch(/^<!DOCTYPE html/);

    expect(
      (await call(session, 'DELETE', `/api/accounts/${account.id}/members/${member!.id}`)).statusCode,
    ).toBe(204);
    expect((await mode()).member).toBeNull();
    expect((await call(session, 'GET', '/api/accounts')).json().accounts).toHaveLength(1);
    expect(await auditActions(organisation.id)).toEqual(
      expect.arrayContaining(['account.create', 'account.extend', 'account.revoke']),
    );
  });

  // Always null before: the correlated subquery compared the acceptance with itself (issue 16 item 5).
  it("gives each member's latest NDA acceptance, and null for a member who never accepted", async () => {
    const { organisation, session } = await setUp();
    const db = t.database.db;
    const { account, member } = await createAccountMember(db, organisation.id);
    const [colleague] = await db
      .insert(accountMembers)
      .values({
        organisationId: organisation.id,
        accountId: account.id,
        email: `zz-colleague-${account.id}@customer.example`,
      })
      .returning();
    const version = await createNdaVersion(db, organisation.id);
    await acceptNdaVersion(db, member, version);
    const detail = (await call(session, 'GET', `/api/accounts/${account.id}`)).json();
    const byEmail = new Map(
      detail.members.map((entry: { email: string; ndaAcceptedAt: string | null }) => [
        entry.email,
        entry.ndaAcceptedAt,
      ]),
    );
    expect(byEmail.get(member.email)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(byEmail.get(colleague!.email)).toBeNull();
  });

  it("keeps other organisations' accounts out of reach", async () => {
    const { session } = await setUp();
    const other = await createOrganisation(t.database.db);
    const { account } = await createAccountMember(t.database.db, other.organisation.id);
    expect((await call(session, 'GET', `/api/accounts/${account.id}`)).statusCode).toBe(404);
    expect((await call(session, 'POST', `/api/accounts/${account.id}/revoke`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/accounts' })).statusCode).toBe(401);
  });
});

describe('ending member sessions', () => {
  async function accountWithMembers(organisationId: string) {
    const db = t.database.db;
    const { account, member } = await createAccountMember(db, organisationId);
    const [colleague] = await db
      .insert(accountMembers)
      .values({ organisationId, accountId: account.id, email: `colleague-${account.id}@customer.example` })
      .returning();
    const session = (accountMemberId: string) => createTestSession(db, { organisationId, accountMemberId });
    return { account, member, colleague: colleague!, session };
  }

  it("ends every session of one member, then of a whole account, leaving others' sessions alone", async () => {
    const { organisation, session } = await setUp();
    const first = await accountWithMembers(organisation.id);
    const second = await accountWithMembers(organisation.id);
    const memberPhone = await first.session(first.member.id);
    const memberLaptop = await first.session(first.member.id);
    const colleague = await first.session(first.colleague.id);
    const otherAccount = await second.session(second.member.id);
    const signedIn = async (member: Session) =>
      (
        await t.app.inject({
          url: `/api/statuspage/share/${organisation.slug}/view`,
          cookies: member.cookies,
        })
      ).json().viewer.member !== null;
    expect(await signedIn(memberPhone)).toBe(true);

    const one = await call(
      session,
      'POST',
      `/api/accounts/${first.account.id}/members/${first.member.id}/end-sessions`,
    );
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ ended: 2 });
    expect(await signedIn(memberPhone)).toBe(false);
    expect(await signedIn(memberLaptop)).toBe(false);
    expect(await signedIn(colleague)).toBe(true);
    expect(await signedIn(otherAccount)).toBe(true);
    expect((await call(session, 'GET', '/api/accounts')).statusCode).toBe(200);

    const all = await call(session, 'POST', `/api/accounts/${first.account.id}/end-sessions`);
    expect(all.json()).toEqual({ ended: 1 });
    expect(await signedIn(colleague)).toBe(false);
    expect(await signedIn(otherAccount)).toBe(true);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.organisationId, organisation.id), eq(auditLog.action, 'account.member_sessions_end')),
      );
    expect(audit).toMatchObject({ target: first.member.id, data: { accountId: first.account.id, ended: 2 } });
    expect(await auditActions(organisation.id)).toContain('account.sessions_end');
  });

  it('is refused to members, strangers, read-only staff and other organisations', async () => {
    const { organisation, session, readOnly } = await setUp();
    const { account, member, session: memberSession } = await accountWithMembers(organisation.id);
    const kept = await memberSession(member.id);
    const paths = [
      `/api/accounts/${account.id}/end-sessions`,
      `/api/accounts/${account.id}/members/${member.id}/end-sessions`,
    ];
    for (const path of paths) {
      expect((await t.app.inject({ method: 'POST', url: path })).statusCode).toBe(401);
      expect((await call(kept, 'POST', path)).statusCode).toBe(401);
      const refused = await call(readOnly, 'POST', path);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBeTruthy();
    }
    const other = await setUp();
    expect((await call(other.session, 'POST', paths[1]!)).statusCode).toBe(404);
    const stranger = await createAccountMember(t.database.db, other.organisation.id);
    expect(
      (await call(session, 'POST', `/api/accounts/${account.id}/members/${stranger.member.id}/end-sessions`))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `/api/statuspage/share/${organisation.slug}/view`,
          cookies: kept.cookies,
        })
      ).json().viewer.member,
    ).not.toBeNull();
  });
});

describe('permission profiles', () => {
  it('accepts items of this organisation only', async () => {
    const { organisation, product, session } = await setUp();
    const item = await createItem(t.database.db, product, { cardKind: 'DataSecurity', isPublic: false });
    const foreign = await createOrganisation(t.database.db);
    const foreignItem = await createItem(t.database.db, foreign.product, { cardKind: 'DataSecurity' });
    expect(
      (
        await call(session, 'POST', '/api/permission-profiles', {
          name: 'Auditors',
          itemIds: [foreignItem.id],
        })
      ).statusCode,
    ).toBe(400);
    const created = await call(session, 'POST', '/api/permission-profiles', {
      name: 'Auditors',
      itemIds: [item.id],
    });
    expect(created.statusCode).toBe(201);
    const profile = created.json();
    expect(profile).toMatchObject({ name: 'Auditors', itemIds: [item.id], accountCount: 0 });
    const updated = await call(session, 'PATCH', `/api/permission-profiles/${profile.id}`, {
      name: 'External auditors',
      itemIds: [],
    });
    expect(updated.json()).toMatchObject({ name: 'External auditors', itemIds: [] });
    expect((await call(session, 'GET', '/api/permission-profiles')).json().profiles).toHaveLength(1);
    expect((await call(session, 'DELETE', `/api/permission-profiles/${profile.id}`)).statusCode).toBe(204);
    expect((await call(session, 'GET', '/api/permission-profiles')).json().profiles).toHaveLength(0);
    expect(organisation.id).toBeTruthy();
  });
});

describe('access settings and NDA versions', () => {
  it('replaces settings and domain rules; the byoid secret is write-only', async () => {
    const { organisation, session, readOnly } = await setUp();
    const defaults = (await call(readOnly, 'GET', '/api/access-settings')).json();
    expect(defaults).toMatchObject({
      autoApproveAccountMembers: true,
      rejectFreeMailDomains: true,
      defaultAccessDays: 365,
      requireNda: false,
      domainRules: [],
    });
    const input = {
      ...defaults,
      requireNda: true,
      domainRules: [{ kind: 'blocked', domain: 'blocked.example' }],
      byoid: { secret: 'x'.repeat(40), jwksUrl: null, issuer: 'https://idp.example' },
    };
    expect((await call(readOnly, 'PUT', '/api/access-settings', input)).statusCode).toBe(403);
    const saved = await call(session, 'PUT', '/api/access-settings', input);
    expect(saved.json()).toMatchObject({
      requireNda: true,
      domainRules: [{ kind: 'blocked', domain: 'blocked.example' }],
      byoid: { hasSecret: true, issuer: 'https://idp.example' },
    });
    expect(saved.body).not.toContain('x'.repeat(40));
    const kept = await call(session, 'PUT', '/api/access-settings', {
      ...input,
      byoid: { jwksUrl: null, issuer: null },
    });
    expect(kept.json().byoid).toEqual({ hasSecret: true, jwksUrl: null, issuer: null });
    const [row] = await t.database.db
      .select()
      .from(accessSettings)
      .where(eq(accessSettings.organisationId, organisation.id));
    expect(row!.byoidSecret).toBe('x'.repeat(40));
    const duplicate = await call(session, 'PUT', '/api/access-settings', {
      ...input,
      domainRules: [
        { kind: 'blocked', domain: 'a.example' },
        { kind: 'auto_approve', domain: 'a.example' },
      ],
    });
    expect(duplicate.statusCode).toBe(400);
    // The identity provider's key address goes through the outbound gate when saved, not only at sign-in.
    for (const jwksUrl of [
      'http://127.0.0.1:8080/jwks.json',
      'https://10.0.0.5/jwks.json',
      'http://idp.example/jwks',
    ]) {
      const refused = await call(session, 'PUT', '/api/access-settings', {
        ...input,
        byoid: { jwksUrl, issuer: 'https://idp.example' },
      });
      expect(refused.statusCode, jwksUrl).toBe(400);
      expect(refused.json().error.fields).toEqual({ 'byoid.jwksUrl': accessMessages.jwksUrlNotAllowed });
    }
    const [unchanged] = await t.database.db
      .select()
      .from(accessSettings)
      .where(eq(accessSettings.organisationId, organisation.id));
    expect(unchanged!.byoidJwksUrl).toBeNull();
    expect(await auditActions(organisation.id)).toContain('access_settings.update');
  });

  it('publishes NDA versions from JSON or a Markdown upload, with the sha256 of the text', async () => {
    const { organisation, session } = await setUp();
    const created = await call(session, 'POST', '/api/nda-versions', {
      title: 'Mutual NDA',
      body: 'Keep it secret.',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().sha256).toBe(createHash('sha256').update('Keep it secret.').digest('hex'));
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/nda-versions?fileName=mutual-nda-v2.md',
      cookies: session.cookies,
      headers: { ...session.headers, 'content-type': 'text/markdown' },
      payload: '# Mutual NDA\n\nKeep it very secret.',
    });
    expect(upload.statusCode).toBe(201);
    expect(upload.json()).toMatchObject({ title: 'mutual-nda-v2', sourceFileName: 'mutual-nda-v2.md' });
    const versions = (await call(session, 'GET', '/api/nda-versions')).json().versions;
    expect(versions.map((version: { title: string }) => version.title)).toEqual([
      'mutual-nda-v2',
      'Mutual NDA',
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, organisation.id), eq(auditLog.action, 'nda_version.create')));
    expect(audit).toHaveLength(2);
  });
});
