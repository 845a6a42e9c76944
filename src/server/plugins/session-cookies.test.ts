import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { signInTokens } from '../db/schema';
import { hashSignInToken } from '../modules/access/sign-in-links';
import { signIn, signInForSession } from '../modules/staff/test-helpers';
import { createAccountMember, createOrganisation, createStaffUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const crossSite = { error: { code: 'forbidden', message: messages.crossSiteSignIn } };

async function memberSignInToken() {
  const { organisation } = await createOrganisation(t.database.db);
  const { member } = await createAccountMember(t.database.db, organisation.id);
  const token = randomBytes(24).toString('base64url');
  await t.database.db.insert(signInTokens).values({
    id: hashSignInToken(token),
    organisationId: organisation.id,
    accountMemberId: member.id,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { organisation, token };
}

function postMemberSignIn(slug: string, token: string, headers: Record<string, string>, cookies = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/statuspage/share/${slug}/sign-in`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ token }).toString(),
    cookies,
  });
}

describe('login CSRF: a session starts only from this site', () => {
  it('refuses a cross-site staff sign-in by Sec-Fetch-Site or Origin, and accepts a same-site one', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const user = await createStaffUser(t.database.db, organisation.id);
    const refusedHeaders: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of refusedHeaders) {
      const response = await signIn(t.app, user.email, undefined, { headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual(crossSite);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const acceptedHeaders: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      { origin: 'http://localhost' },
      {},
    ];
    for (const headers of acceptedHeaders) {
      expect((await signIn(t.app, user.email, undefined, { headers })).statusCode).toBe(200);
    }
  });

  it('refuses a cross-site form post of a member sign-in link without using the link', async () => {
    const { organisation, token } = await memberSignInToken();
    const refused = await postMemberSignIn(organisation.slug, token, { origin: 'https://evil.example' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(crossSite);
    const [row] = await t.database.db
      .select()
      .from(signInTokens)
      .where(eq(signInTokens.id, hashSignInToken(token)));
    expect(row?.usedAt).toBeNull();

    const accepted = await postMemberSignIn(organisation.slug, token, { 'sec-fetch-site': 'same-origin' });
    expect(accepted.statusCode).toBe(303);
  });

  it('refuses a cross-site bring-your-own-identity post', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/statuspage/share/${organisation.slug}/byoid`,
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { byoidJwt: 'a.b.c' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(crossSite);
  });
});

describe('separate staff and member cookies', () => {
  it('keeps the staff session when the same browser signs in as a member', async () => {
    const { organisation, token } = await memberSignInToken();
    const user = await createStaffUser(t.database.db, organisation.id);
    const staff = await signInForSession(t.app, user.email);
    expect(Object.keys(staff.cookies)).toEqual(['attest_staff_session']);

    const member = await postMemberSignIn(organisation.slug, token, {}, staff.cookies);
    expect(member.statusCode).toBe(303);
    expect(member.cookies.map((cookie) => cookie.name)).toEqual(['attest_session']);
    const both = { ...staff.cookies, attest_session: member.cookies[0]!.value };

    const session = await t.app.inject({ url: '/api/auth/session', cookies: both });
    expect(session.statusCode).toBe(200);
    expect(session.json().staff.id).toBe(user.id);
  });
});
