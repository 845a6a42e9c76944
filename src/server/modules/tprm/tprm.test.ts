import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TrustExport, TrustExport as TrustExportSchema, tprmMessages } from '../../../shared/tprm';
import { accounts, tprmTokens } from '../../db/schema';
import { createItem, createPermissionProfile, createProduct, createStoredFile } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nextClient } from '../access/test-support';
import { setCustomisation, setUpCollaboration } from '../comments/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Session = { cookies: Record<string, string>; headers: Record<string, string> };

async function setUp() {
  const setup = await setUpCollaboration(t, { partnerImportEnabled: true, publicAccessLevel: 'full' });
  const db = t.database.db;
  const partner = await t.app.inject({
    method: 'POST',
    url: '/api/tprm/partners',
    cookies: setup.staff.cookies,
    headers: setup.staff.headers,
    payload: {
      name: 'RiskTool',
      domain: 'risktool.example',
      instructionsUrl: 'https://risktool.example/help',
    },
  });
  expect(partner.statusCode).toBe(201);
  const publicItem = await createItem(db, setup.product, {
    cardKind: 'DataSecurity',
    title: 'public-title',
    explanation: 'public-content',
  });
  const restricted = await createItem(db, setup.product, {
    cardKind: 'DataSecurity',
    title: 'restricted-title',
    explanation: 'restricted-content',
    isPublic: false,
  });
  const hidden = await createItem(db, setup.product, {
    cardKind: 'DataSecurity',
    title: 'hidden-title',
    explanation: 'hidden-content',
    isPublic: false,
    isHidden: true,
  });
  await createStoredFile(db, t.providers.storage, setup.organisation.id, {
    title: 'restricted-file',
    bytes: Buffer.from('restricted bytes\n'),
    itemIds: [restricted.id],
  });
  await createProduct(db, setup.organisation.id, { name: 'hidden-product', isShown: false });
  return { ...setup, partnerId: partner.json().id as string, publicItem, restricted, hidden };
}

async function tokenFor(base: string, session: Session & { account: { id: string } }, partnerId: string) {
  const issued = await t.app.inject({
    method: 'POST',
    url: `${base}/tprm/tokens`,
    cookies: session.cookies,
    headers: session.headers,
    remoteAddress: nextClient(),
    payload: { partnerId },
  });
  expect(issued.statusCode).toBe(201);
  const { tokenId } = issued.json();
  const view = () =>
    t.app.inject({
      url: `/api/statuspage/share/${session.account.id}/external/${partnerId}/jwt/?tokenId=${tokenId}`,
      cookies: session.cookies,
      headers: session.headers,
    });
  return { tokenId: tokenId as string, view };
}

const redeem = (token: string) =>
  t.app.inject({
    url: '/api/tprm/export',
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: nextClient(),
  });

describe('TPRM tokens', () => {
  it('shows a token once, for 24 hours, and redeems it once for the account export', async () => {
    const { base, memberSession, partnerId } = await setUp();
    const member = await memberSession({ name: 'Globex' });
    const partners = await t.app.inject({ url: `${base}/tprm/partners`, cookies: member.cookies });
    expect(partners.json().partners).toMatchObject([
      { name: 'RiskTool', instructionsUrl: 'https://risktool.example/help' },
    ]);
    const { view, tokenId } = await tokenFor(base, member, partnerId);
    const first = await view();
    expect(first.statusCode).toBe(200);
    const { token, expiresAt, partner, exportUrl } = first.json().result;
    expect(partner.name).toBe('RiskTool');
    expect(exportUrl).toBe('http://attest.test/api/tprm/export');
    const lifetime = new Date(expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(23.9 * 3_600_000);
    expect(lifetime).toBeLessThanOrEqual(24 * 3_600_000);
    const second = await view();
    expect(second.statusCode).toBe(403);
    expect(second.json().error.message).toBe(tprmMessages.tokenAlreadyViewed);
    expect(second.body).not.toContain(token);
    const [row] = await t.database.db.select().from(tprmTokens).where(eq(tprmTokens.id, tokenId));
    expect(row?.viewedAt).not.toBeNull();

    const exported = await redeem(token);
    expect(exported.statusCode).toBe(200);
    const document = TrustExportSchema.parse(exported.json());
    expect(document).toMatchObject({
      schema: 'attest.trust-export',
      schemaVersion: '1.0',
      audience: 'account',
    });
    expect(document.account?.name).toBe('Globex');
    expect(document.partner?.name).toBe('RiskTool');
    const replay = await redeem(token);
    expect(replay.statusCode).toBe(403);
    expect(replay.json().error.message).toBe(tprmMessages.tokenAlreadyUsed);
  });

  it('uses up nothing on HEAD: the view and the token survive it, then work once on GET', async () => {
    const { base, memberSession, partnerId } = await setUp();
    const member = await memberSession({ name: 'Initech' });
    const { tokenId } = await tokenFor(base, member, partnerId);
    const viewUrl = `/api/statuspage/share/${member.account.id}/external/${partnerId}/jwt/?tokenId=${tokenId}`;
    const viewWith = (method: 'GET' | 'HEAD') =>
      t.app.inject({ method, url: viewUrl, cookies: member.cookies, headers: member.headers });
    const headView = await viewWith('HEAD');
    expect(headView.statusCode).toBe(405);
    expect(headView.headers.allow).toBe('GET');
    const view = await viewWith('GET');
    expect(view.statusCode).toBe(200);
    const { token } = view.json().result;

    const headExport = await t.app.inject({
      method: 'HEAD',
      url: '/api/tprm/export',
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: nextClient(),
    });
    expect(headExport.statusCode).toBe(405);
    const [row] = await t.database.db.select().from(tprmTokens).where(eq(tprmTokens.id, tokenId));
    expect(row?.redeemedAt).toBeNull();
    expect((await redeem(token)).statusCode).toBe(200);
    expect((await redeem(token)).statusCode).toBe(403);
  });

  it('exports exactly what the account may see, through the gate', async () => {
    const { base, memberSession, partnerId, organisation, hidden } = await setUp();
    const exportAs = async (account: Parameters<typeof memberSession>[0]) => {
      const member = await memberSession(account);
      const { view } = await tokenFor(base, member, partnerId);
      const response = await redeem((await view()).json().result.token);
      expect(response.statusCode).toBe(200);
      return { body: response.body, document: response.json<TrustExport>() };
    };
    const plain = await exportAs({});
    for (const marker of [
      'public-title',
      'public-content',
      'restricted-title',
      'restricted-content',
      'restricted-file',
    ])
      expect(plain.body).toContain(marker);
    for (const marker of ['hidden-title', 'hidden-content', 'hidden-product'])
      expect(plain.body).not.toContain(marker);
    expect(plain.document.products.map((product) => product.name)).not.toContain('hidden-product');
    const profile = await createPermissionProfile(t.database.db, organisation.id, { itemIds: [hidden.id] });
    const withProfile = await exportAs({ permissionProfileId: profile.id });
    expect(withProfile.body).toContain('hidden-content');
  });

  it('refuses expired, tampered, foreign and revoked tokens with clear messages', async () => {
    const { base, memberSession, partnerId } = await setUp();
    const member = await memberSession();
    const { view, tokenId } = await tokenFor(base, member, partnerId);
    const { token } = (await view()).json().result;
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: crypto.randomUUID() })).toString('base64url');
    const tampered = await redeem(`${header}.${forged}.${signature}`);
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().error.message).toBe(tprmMessages.tokenInvalid);
    const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new Uint8Array(32));
    expect((await redeem(otherKey)).json().error.message).toBe(tprmMessages.tokenInvalid);
    const missing = await t.app.inject({ url: '/api/tprm/export' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.message).toBe(tprmMessages.tokenMissing);
    expect((await redeem('not-a-jwt')).statusCode).toBe(401);

    // Expired: the row says so even before the JWT's own exp (both are checked).
    await t.database.db
      .update(tprmTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tprmTokens.id, tokenId));
    const expired = await redeem(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toBe(tprmMessages.tokenExpired);

    // A token whose account lost its access gives nothing.
    const second = await tokenFor(base, member, partnerId);
    const secondToken = (await second.view()).json().result.token;
    await t.database.db
      .update(accounts)
      .set({ reviewStatus: 'declined' })
      .where(eq(accounts.id, member.account.id));
    const revoked = await redeem(secondToken);
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().error.message).toBe(tprmMessages.tokenAccessEnded);
  });

  it('rejects a JWT whose own expiry has passed', async () => {
    const { base, memberSession, partnerId } = await setUp();
    const member = await memberSession();
    const { view } = await tokenFor(base, member, partnerId);
    const { token } = (await view()).json().result;
    const realNow = Date.now;
    Date.now = () => realNow() + 25 * 3_600_000;
    try {
      const response = await redeem(token);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe(tprmMessages.tokenExpired);
    } finally {
      Date.now = realNow;
    }
  });

  it('issues tokens only to authorised members, with the feature on, for their own account', async () => {
    const { base, organisation, memberSession, partnerId, staff } = await setUp();
    const member = await memberSession();
    const other = await memberSession();
    const { tokenId } = await tokenFor(base, member, partnerId);
    const foreign = await t.app.inject({
      url: `/api/statuspage/share/${member.account.id}/external/${partnerId}/jwt/?tokenId=${tokenId}`,
      cookies: other.cookies,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(403);
    const noCsrf = await t.app.inject({
      url: `/api/statuspage/share/${member.account.id}/external/${partnerId}/jwt/?tokenId=${tokenId}`,
      cookies: member.cookies,
    });
    expect(noCsrf.statusCode).toBe(403);
    const issue = (session: Session) =>
      t.app.inject({
        method: 'POST',
        url: `${base}/tprm/tokens`,
        cookies: session.cookies,
        headers: session.headers,
        remoteAddress: nextClient(),
        payload: { partnerId },
      });
    expect((await issue({ cookies: {}, headers: {} })).statusCode).toBe(401);
    expect((await issue(staff)).statusCode).toBe(401);
    expect((await issue(await memberSession({ reviewStatus: 'pending' }))).statusCode).toBe(401);
    const unknownPartner = await t.app.inject({
      method: 'POST',
      url: `${base}/tprm/tokens`,
      cookies: member.cookies,
      headers: member.headers,
      remoteAddress: nextClient(),
      payload: { partnerId: crypto.randomUUID() },
    });
    expect(unknownPartner.statusCode).toBe(404);
    await setCustomisation(t, organisation.id, { partnerImportEnabled: false });
    const disabled = await issue(member);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().error.message).toBe(tprmMessages.disabled);
  });

  it('lets only editors manage partners, with unique names and valid URLs', async () => {
    const { staff, partnerId } = await setUp();
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/tprm/partners',
      cookies: staff.cookies,
      headers: staff.headers,
      payload: { name: 'RiskTool' },
    });
    expect(duplicate.statusCode).toBe(409);
    const badUrl = await t.app.inject({
      method: 'POST',
      url: '/api/tprm/partners',
      cookies: staff.cookies,
      headers: staff.headers,
      payload: { name: 'Other', instructionsUrl: 'javascript:alert(1)' },
    });
    expect(badUrl.statusCode).toBe(400);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/tprm/partners/${partnerId}`,
      cookies: staff.cookies,
      headers: staff.headers,
      payload: { name: 'RiskTool 2', instructionsUrl: null },
    });
    expect(renamed.json()).toMatchObject({ name: 'RiskTool 2', instructionsUrl: null });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/tprm/partners/${partnerId}`,
      cookies: staff.cookies,
      headers: staff.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (await t.app.inject({ url: '/api/tprm/partners', cookies: staff.cookies })).json().partners,
    ).toEqual([]);
  });
});

describe('/.well-known/trust.json', () => {
  it('publishes the public part only, whoever asks, by slug and by custom domain', async () => {
    const { organisation, staff, memberSession } = await setUp();
    const member = await memberSession();
    for (const cookies of [{}, staff.cookies, member.cookies]) {
      const response = await t.app.inject({ url: `/${organisation.slug}/.well-known/trust.json`, cookies });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      const document = TrustExportSchema.parse(response.json());
      expect(document.audience).toBe('public');
      expect(document.account).toBeNull();
      expect(response.body).toContain('public-content');
      // Full public access level: a restricted title shows (locked), never its content or files.
      expect(response.body).toContain('restricted-title');
      for (const marker of ['restricted-content', 'restricted-file', 'hidden-title', 'hidden-product'])
        expect(response.body).not.toContain(marker);
    }
    const { organisations } = await import('../../db/schema');
    await t.database.db
      .update(organisations)
      .set({ customDomain: 'trust.globex.example' })
      .where(eq(organisations.id, organisation.id));
    t.providers.cache.invalidate(organisation.id);
    const byHost = await t.app.inject({
      url: '/.well-known/trust.json',
      headers: { host: 'trust.globex.example' },
    });
    expect(byHost.statusCode).toBe(200);
    expect(byHost.json().organisation.slug).toBe(organisation.slug);
    const unknown = await t.app.inject({
      url: '/.well-known/trust.json',
      headers: { host: 'nobody.example' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
