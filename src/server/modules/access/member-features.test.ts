import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMessages } from '../../../shared/access';
import {
  accessRequests,
  accessSettings,
  accountInvites,
  accountMembers,
  accounts,
  byoidTokenUses,
  ndaAcceptances,
  ndaVersions,
  sessions,
} from '../../db/schema';
import {
  createAccountMember,
  createOrganisation,
  createStaffUser,
  setAccessSettings,
} from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { linkIn, mailsTo, nextClient, postForm } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', OUTBOUND_ALLOW_LOOPBACK: 'true' });
});
afterAll(async () => t.close());

const future = (days = 200) => new Date(Date.now() + days * 24 * 3600 * 1000);

async function setUp(account: Parameters<typeof createAccountMember>[2] = {}) {
  const { organisation, product } = await createOrganisation(t.database.db);
  const staff = await createStaffUser(t.database.db, organisation.id, {
    email: `staff-${organisation.slug}@vendor.example`,
  });
  const created = await createAccountMember(t.database.db, organisation.id, {
    domain: `${organisation.slug}-customer.example`,
    ...account,
  });
  const session = await createTestSession(t.database.db, {
    organisationId: organisation.id,
    accountMemberId: created.member.id,
  });
  return { organisation, product, staff, ...created, session };
}

describe('the member the page shows', () => {
  it('marks an approval whose end date has passed as expired, and only that one', async () => {
    const view = async (session: { cookies: Record<string, string> }, slug: string) =>
      (await t.app.inject({ url: `/api/statuspage/share/${slug}/view`, cookies: session.cookies })).json();
    const expired = await setUp({ accessExpiresAt: new Date(Date.now() - 1000) });
    const expiredView = await view(expired.session, expired.organisation.slug);
    expect(expiredView.viewer).toMatchObject({
      mode: 'public',
      member: { reviewStatus: 'approved', isAccessExpired: true },
    });
    const current = await setUp({ accessExpiresAt: future() });
    const currentView = await view(current.session, current.organisation.slug);
    expect(currentView.viewer.mode).toBe('account_external');
    expect(currentView.viewer.member).not.toHaveProperty('isAccessExpired');
  });
});

describe('POST /api/statuspage/share/:accountId/external/extend-access', () => {
  const extend = (
    accountId: string,
    session: { cookies: Record<string, string>; headers: Record<string, string> },
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/statuspage/share/${accountId}/external/extend-access`,
      ...session,
    });

  it('queues one extension request when access ends soon or has ended, and mails staff', async () => {
    const { account, session, staff, organisation } = await setUp({
      accessExpiresAt: new Date(Date.now() - 1000),
    });
    expect((await extend(account.id, session)).json()).toEqual({ code: 'success' });
    expect((await extend(account.id, session)).json()).toEqual({ code: 'already-requested' });
    const [request] = await t.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.organisationId, organisation.id));
    expect(request).toMatchObject({ status: 'pending', source: 'extend_access', accountId: account.id });
    const [mail] = await mailsTo(t, staff.email);
    expect(mail!.subject).toContain('extension');
  });

  it('answers already-has-access, error for a declined account, 403 for another account and 401 without a session', async () => {
    const long = await setUp({ accessExpiresAt: future() });
    expect((await extend(long.account.id, long.session)).json()).toEqual({ code: 'already-has-access' });
    const declined = await setUp({ reviewStatus: 'declined' });
    expect((await extend(declined.account.id, declined.session)).json()).toEqual({ code: 'error' });
    expect((await extend(declined.account.id, long.session)).statusCode).toBe(403);
    expect((await extend(long.account.id, { cookies: {}, headers: {} })).statusCode).toBe(401);
    expect((await extend(long.account.id, { cookies: long.session.cookies, headers: {} })).statusCode).toBe(
      403,
    );
  });
});

describe('invite colleagues', () => {
  it('mails each colleague a portal link whose token joins the account once, on the request tab', async () => {
    const { organisation, product, account, member, session } = await setUp({ accessExpiresAt: future() });
    const colleague = `gus@${account.domain}`;
    const outsider = 'hal@elsewhere.example';
    const invite = await t.app.inject({
      method: 'POST',
      url: `/api/statuspage/share/${account.id}/external/invite-colleague`,
      ...session,
      payload: { emails: [colleague, outsider], message: '  Have a look  ' },
    });
    expect(invite.json()).toEqual({ ok: true });
    const tokenOf = async (email: string) => {
      const [mail] = await mailsTo(t, email);
      expect(mail!.text).toContain('Have a look');
      const link = linkIn(mail!);
      expect(link.pathname).toBe(`/${organisation.slug}`);
      return link.searchParams.get('inviteToken')!;
    };
    const request = (email: string, inviteToken: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/statuspage/share/${organisation.slug}/request`,
        headers: { 'x-forwarded-for': nextClient() },
        payload: {
          firstName: 'Gus',
          lastName: 'Grey',
          email,
          companyName: 'Elsewhere',
          agree: true,
          productId: product.id,
          invitedColleagueToken: inviteToken,
        },
      });
    const colleagueToken = await tokenOf(colleague);
    const outsiderToken = await tokenOf(outsider);
    // Each mail says what will happen: a colleague gets in at once, anyone else is reviewed.
    const [colleagueMail] = await mailsTo(t, colleague);
    const [outsiderMail] = await mailsTo(t, outsider);
    expect(colleagueMail!.text).toContain('you get in straight away');
    expect(outsiderMail!.text).not.toContain('straight away');
    expect(outsiderMail!.text).toContain(`team reviews your request, which names ${member.firstName}`);
    // The token names one address: another address gets the ordinary review.
    expect((await request('ida@elsewhere.example', colleagueToken)).json().outcome).toBe('pending');
    // An invite to another company's domain never skips review (issue 16 item 6).
    expect((await request(outsider, outsiderToken)).json().outcome).toBe('pending');
    expect((await request(colleague, colleagueToken)).json().outcome).toBe('auto_approved');
    const joined = await t.database.db
      .select()
      .from(accountMembers)
      .where(eq(accountMembers.accountId, account.id));
    expect(joined.map((entry) => entry.email).sort()).toEqual([colleague, member.email].sort());
    expect(joined.find((entry) => entry.email === colleague)).toMatchObject({ isAutoApproved: true });
    const invites = await t.database.db
      .select()
      .from(accountInvites)
      .where(inArray(accountInvites.email, [colleague, outsider]));
    expect(invites.find((row) => row.email === colleague)!.usedAt).not.toBeNull();
    expect(invites.find((row) => row.email === outsider)!.usedAt).toBeNull();
    const [row] = await t.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.email, colleague));
    expect(row).toMatchObject({ status: 'auto_approved', invitedByAccountMemberId: member.id });
    // The outsider's request waits for review and names who invited them.
    const [outsiderRequest] = await t.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.email, outsider));
    expect(outsiderRequest).toMatchObject({ status: 'pending', invitedByAccountMemberId: member.id });
  });

  it('refuses members without access and invalid addresses', async () => {
    const { account, session } = await setUp({ reviewStatus: 'pending' });
    const post = (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/statuspage/share/${account.id}/external/invite-colleague`,
        ...session,
        payload: payload as object,
      });
    expect((await post({ emails: ['a@b.example'] })).statusCode).toBe(403);
    expect((await post({ emails: [] })).statusCode).toBe(400);
    expect((await post({ emails: ['not an email'] })).statusCode).toBe(400);
  });
});

describe('clickwrap NDA', () => {
  it('asks until the current version is accepted, records evidence, asks again after a change and gives the signed PDF', async () => {
    const { organisation, session, member } = await setUp({ accessExpiresAt: future() });
    const base = `/api/statuspage/share/${organisation.slug}`;
    const status = async () => (await t.app.inject({ url: `${base}/nda`, cookies: session.cookies })).json();
    expect(await status()).toMatchObject({ passed: true, provider: 'none' });
    await setAccessSettings(t.database.db, organisation.id, { requireNda: true });
    const [first] = await t.database.db
      .insert(ndaVersions)
      .values({
        organisationId: organisation.id,
        title: 'Mutual NDA',
        body: 'Keep it secret.',
        sha256: 'a'.repeat(64),
        createdAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const before = await status();
    expect(before).toMatchObject({
      passed: false,
      provider: 'clickwrap',
      email: member.email,
      hasChanged: false,
      nda: { id: first!.id, body: 'Keep it secret.' },
    });
    const view = async () => (await t.app.inject({ url: `${base}/view`, cookies: session.cookies })).json();
    expect((await view()).viewer.mode).toBe('account_external');

    const accept = (ndaVersionId: string) =>
      t.app.inject({
        method: 'POST',
        url: `${base}/nda/accept`,
        ...session,
        headers: { ...session.headers, 'user-agent': 'TestBrowser/1.0', 'x-forwarded-for': '203.0.113.7' },
        payload: { ndaVersionId, signerName: 'Casey Customer', agree: true },
      });
    const accepted = await accept(first!.id);
    expect(accepted.json()).toMatchObject({ passed: true, nda: null });
    const [evidence] = await t.database.db
      .select()
      .from(ndaAcceptances)
      .where(eq(ndaAcceptances.accountMemberId, member.id));
    expect(evidence).toMatchObject({
      signerName: 'Casey Customer',
      signerEmail: member.email,
      ndaSha256: 'a'.repeat(64),
      ipAddress: '203.0.113.7',
      userAgent: 'TestBrowser/1.0',
    });
    // The signer's receipt: the evidence and where the signed copy is; accepting again mails nothing.
    const receipts = async () =>
      (await mailsTo(t, member.email)).filter((mail) => mail.subject.startsWith('Your signed NDA'));
    const [receipt] = await receipts();
    expect(receipt?.subject).toBe(`Your signed NDA with ${organisation.name}`);
    expect(receipt?.text).toContain('Casey Customer');
    expect(receipt?.text).toContain('a'.repeat(64));
    expect(receipt?.text).toContain('Download signed NDA');
    expect(receipt?.text).toContain(`/${organisation.slug}`);
    expect((await accept(first!.id)).json()).toMatchObject({ passed: true });
    expect(await receipts()).toHaveLength(1);

    const pdf = await t.app.inject({
      method: 'POST',
      url: `${base}/download-signed-clickwrap-nda`,
      ...session,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toMatch(
      /^attachment; filename=".+\.pdf"; filename\*=UTF-8''.+\.pdf$/,
    );

    const [second] = await t.database.db
      .insert(ndaVersions)
      .values({
        organisationId: organisation.id,
        title: 'Mutual NDA v2',
        body: 'Keep it very secret.',
        sha256: 'b'.repeat(64),
      })
      .returning();
    expect(await status()).toMatchObject({ passed: false, hasChanged: true, nda: { id: second!.id } });
    const stale = await accept(first!.id);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(accessMessages.ndaChanged);
    expect((await accept(second!.id)).json()).toMatchObject({ passed: true, hasChanged: false });
    const afterChange = await receipts();
    expect(afterChange).toHaveLength(2);
    expect(afterChange.filter((mail) => mail.text.includes('b'.repeat(64)))).toHaveLength(1);
  });

  it('lets only a signed-in member with access accept', async () => {
    const { organisation } = await setUp();
    await t.database.db.insert(accessSettings).values({ organisationId: organisation.id, requireNda: true });
    const [version] = await t.database.db
      .insert(ndaVersions)
      .values({ organisationId: organisation.id, title: 'NDA', body: 'x', sha256: 'c'.repeat(64) })
      .returning();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/statuspage/share/${organisation.slug}/nda/accept`,
      payload: { ndaVersionId: version!.id, signerName: 'Anon', agree: true },
    });
    expect(anonymous.statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/statuspage/share/${organisation.slug}/nda` })).json(),
    ).toMatchObject({ passed: false, provider: 'clickwrap', nda: null });
  });
});

describe('bring your own identity', () => {
  const secret = 'a-shared-secret-of-at-least-32-characters!';
  const sign = (
    claims: Record<string, unknown>,
    lifetime: string | number = '10m',
    key: Uint8Array | CryptoKey = new TextEncoder().encode(secret),
    alg = 'HS256',
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg, kid: 'k1' })
      .setIssuedAt()
      .setExpirationTime(lifetime)
      .sign(key);

  async function byoidOrganisation(settings: Partial<typeof accessSettings.$inferInsert>) {
    const { organisation } = await createOrganisation(t.database.db);
    await t.database.db.insert(accessSettings).values({ organisationId: organisation.id, ...settings });
    return organisation;
  }

  it('shows a welcome page that changes nothing, then signs the subject in as a member of an approved account of its domain', async () => {
    const organisation = await byoidOrganisation({ byoidSecret: secret, byoidIssuer: 'https://idp.example' });
    const token = await sign({ email: 'Ivy@Corp.example', sub: 'idp-user-1', iss: 'https://idp.example' });
    const welcome = await t.app.inject({ url: `/${organisation.slug}/byoid?byoidJwt=${token}` });
    expect(welcome.statusCode).toBe(200);
    expect(welcome.body).toContain(`action="/api/statuspage/share/${organisation.slug}/byoid"`);
    // Branded like the portal (decision 264): its stylesheet, the accent and the organisation's name.
    expect(welcome.body).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css">/);
    expect(welcome.body).toMatch(/<html lang="en" dir="ltr" style="--brand:#[0-9a-f]{6};/i);
    expect(welcome.body).toContain(`data-testid="organisation-name">${organisation.name}</span>`);
    expect(
      await t.database.db
        .select()
        .from(accountMembers)
        .where(eq(accountMembers.organisationId, organisation.id)),
    ).toHaveLength(0);

    const response = await postForm(t.app, `/api/statuspage/share/${organisation.slug}/byoid`, {
      byoidJwt: token,
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/${organisation.slug}`);
    const cookie = response.cookies[0]!;
    const view = await t.app.inject({
      url: `/api/statuspage/share/${organisation.slug}/view`,
      cookies: { [cookie.name]: cookie.value },
    });
    expect(view.json().viewer).toMatchObject({
      mode: 'account_external',
      member: { email: 'ivy@corp.example' },
    });
    const [member] = await t.database.db
      .select()
      .from(accountMembers)
      .where(eq(accountMembers.organisationId, organisation.id));
    expect(member).toMatchObject({ externalSubject: 'idp-user-1', isAutoApproved: true });
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, member!.accountId));
    expect(account).toMatchObject({ domain: 'corp.example', reviewStatus: 'approved' });
  });

  it('refuses expired, over-long, foreign-issuer, wrongly signed and unconfigured tokens without a session', async () => {
    const organisation = await byoidOrganisation({ byoidSecret: secret, byoidIssuer: 'https://idp.example' });
    const unconfigured = await byoidOrganisation({});
    const expired = await new SignJWT({ email: 'a@corp.example', iss: 'https://idp.example' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(secret));
    const tokens = [
      expired,
      await sign({ email: 'a@corp.example', iss: 'https://idp.example' }, '2h'),
      await sign({ email: 'a@corp.example', iss: 'https://other.example' }),
      await sign(
        { email: 'a@corp.example', iss: 'https://idp.example' },
        '10m',
        new TextEncoder().encode(`${secret}-other`),
      ),
      await sign({ sub: 'not-an-email', iss: 'https://idp.example' }),
    ];
    for (const byoidJwt of tokens) {
      const response = await postForm(t.app, `/api/statuspage/share/${organisation.slug}/byoid`, {
        byoidJwt,
      });
      expect(response.statusCode).toBe(400);
      expect(response.cookies).toHaveLength(0);
      expect(response.body).toContain('This sign-in token is not valid or has expired.');
    }
    const other = await postForm(t.app, `/api/statuspage/share/${unconfigured.slug}/byoid`, {
      byoidJwt: await sign({ email: 'a@corp.example' }),
    });
    expect(other.statusCode).toBe(400);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.organisationId, organisation.id)),
    ).toHaveLength(0);
  });

  it('signs in once per token: replayed, re-signed, tampered, foreign-organisation and exp-less tokens are refused without a session', async () => {
    const organisation = await byoidOrganisation({ byoidSecret: secret });
    // Another organisation trusting the same identity provider (same secret), and one with its own.
    const sameProvider = await byoidOrganisation({ byoidSecret: secret });
    const ownProvider = await byoidOrganisation({ byoidSecret: `${secret}-own` });
    const use = (slug: string, byoidJwt: string) =>
      postForm(t.app, `/api/statuspage/share/${slug}/byoid`, { byoidJwt });
    const refusedWith = async (response: Awaited<ReturnType<typeof use>>, message: string) => {
      expect(response.statusCode).toBe(400);
      expect(response.cookies).toHaveLength(0);
      expect(response.body).toContain(message.replace("'", '&#39;').slice(0, 40));
    };
    const usedMessage = accessMessages.byoidTokenUsed;
    const invalidMessage = accessMessages.byoidTokenInvalid;

    const token = await sign({ email: 'kim@corp.example' });
    expect((await use(organisation.slug, token)).statusCode).toBe(303);
    await refusedWith(await use(organisation.slug, token), usedMessage);
    await refusedWith(await use(sameProvider.slug, token), usedMessage);
    const [header, body, signature] = token.split('.');
    const tamperedBody = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(body!, 'base64url').toString()),
        email: 'eve@corp.example',
      }),
    ).toString('base64url');
    await refusedWith(await use(organisation.slug, `${header}.${tamperedBody}.${signature}`), invalidMessage);

    const withJti = await sign({ email: 'lee@corp.example', jti: 'idp-token-1', iss: 'https://idp.example' });
    await refusedWith(await use(ownProvider.slug, withJti), invalidMessage);
    expect((await use(organisation.slug, withJti)).statusCode).toBe(303);
    // Same issuer and jti, issued again later: still the same token.
    const sameJti = await new SignJWT({
      email: 'lee@corp.example',
      jti: 'idp-token-1',
      iss: 'https://idp.example',
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) + 5)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(secret));
    await refusedWith(await use(organisation.slug, sameJti), usedMessage);
    const nextJti = await sign({ email: 'lee@corp.example', jti: 'idp-token-2', iss: 'https://idp.example' });
    expect((await use(organisation.slug, nextJti)).statusCode).toBe(303);

    const withoutExpiry = await new SignJWT({ email: 'max@corp.example' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .sign(new TextEncoder().encode(secret));
    await refusedWith(await use(organisation.slug, withoutExpiry), invalidMessage);

    const sessionCount = async (organisationId: string) =>
      (await t.database.db.select().from(sessions).where(eq(sessions.organisationId, organisationId))).length;
    expect(await sessionCount(organisation.id)).toBe(3);
    expect(await sessionCount(sameProvider.id)).toBe(0);
    expect(await sessionCount(ownProvider.id)).toBe(0);
    const uses = await t.database.db
      .select()
      .from(byoidTokenUses)
      .where(eq(byoidTokenUses.organisationId, organisation.id));
    // One record for the jti-less token, two (signed content and jti) for each token with a jti.
    expect(uses).toHaveLength(5);
    for (const row of uses) expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
  });

  it('refuses all but one of simultaneous uses of a token, and purges records of expired tokens', async () => {
    const organisation = await byoidOrganisation({ byoidSecret: secret });
    await t.database.db.insert(byoidTokenUses).values({
      id: `stale-${organisation.id}`,
      organisationId: organisation.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    const token = await sign({ email: 'ned@corp.example' });
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        postForm(t.app, `/api/statuspage/share/${organisation.slug}/byoid`, { byoidJwt: token }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([303, 400, 400]);
    expect(responses.flatMap((response) => response.cookies)).toHaveLength(1);
    const uses = await t.database.db
      .select()
      .from(byoidTokenUses)
      .where(eq(byoidTokenUses.organisationId, organisation.id));
    expect(uses.map((row) => row.id)).not.toContain(`stale-${organisation.id}`);
    expect(uses).toHaveLength(1);
  });

  it("verifies tokens against the organisation's JWKS", async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' };
    const server: Server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const organisation = await byoidOrganisation({ byoidJwksUrl: `http://127.0.0.1:${port}/jwks.json` });
      const good = await sign({ email: 'jo@jwks.example' }, '5m', privateKey, 'ES256');
      const accepted = await postForm(t.app, `/api/statuspage/share/${organisation.slug}/byoid`, {
        byoidJwt: good,
      });
      expect(accepted.statusCode).toBe(303);
      // ECDSA signatures are malleable: (r, n − s) verifies too. It is still the same, used token.
      const [header, body, signature] = good.split('.');
      const raw = Buffer.from(signature!, 'base64url');
      const order = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');
      const flipped = (order - BigInt(`0x${raw.subarray(32).toString('hex')}`))
        .toString(16)
        .padStart(64, '0');
      const malleated = `${header}.${body}.${Buffer.concat([raw.subarray(0, 32), Buffer.from(flipped, 'hex')]).toString('base64url')}`;
      const replayed = await postForm(t.app, `/api/statuspage/share/${organisation.slug}/byoid`, {
        byoidJwt: malleated,
      });
      expect(replayed.statusCode).toBe(400);
      expect(replayed.body).toContain('This sign-in token was already used.');
      const forged = await sign({ email: 'jo@jwks.example' }, '5m', new TextEncoder().encode(secret));
      expect(
        (await postForm(t.app, `/api/statuspage/share/${organisation.slug}/byoid`, { byoidJwt: forged }))
          .statusCode,
      ).toBe(400);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the page model for a member without access', () => {
  it('shows their summary in Public mode without putting it into the shared public model', async () => {
    const { organisation, session, account } = await setUp({ reviewStatus: 'pending' });
    const anonymousBefore = (
      await t.app.inject({ url: `/api/statuspage/share/${organisation.slug}/view` })
    ).json();
    const mine = (
      await t.app.inject({ url: `/api/statuspage/share/${organisation.slug}/view`, cookies: session.cookies })
    ).json();
    expect(mine.viewer).toMatchObject({
      mode: 'public',
      member: { accountId: account.id, reviewStatus: 'pending', firstName: 'Casey' },
    });
    const anonymousAfter = (
      await t.app.inject({ url: `/api/statuspage/share/${organisation.slug}/view` })
    ).json();
    expect(anonymousBefore.viewer.member).toBeNull();
    expect(anonymousAfter.viewer.member).toBeNull();
    const page = await t.app.inject({ url: `/${organisation.slug}` });
    expect(page.body).not.toContain('Casey');
  });
});
