import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../test/test-database';
import { anyAudience, neverExpires, signToken, type TokenKind, verifyToken } from './signed-tokens';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const invite: TokenKind = { secret: 'test_token_secret', purpose: 'invite' };
const extension: TokenKind = { secret: 'test_token_secret', purpose: 'extension' };
const other: TokenKind = { secret: 'other_test_secret', purpose: 'invite' };
const inAnHour = () => new Date(Date.now() + 3600_000);

describe('signed tokens (the one way the install signs and checks its tokens)', () => {
  it('round-trips audience, subject, id, issue time and claims, with purpose and expiry in the token', async () => {
    const issuedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const token = await signToken(database.db, invite, {
      audience: 'org-1',
      subject: 'ada@example.com',
      jwtId: 'row-7',
      issuedAt,
      expiresAt: inAnHour(),
      claims: { extra: 42 },
    });
    expect(decodeJwt(token)).toMatchObject({ purpose: 'invite', aud: 'org-1', exp: expect.any(Number) });
    const verified = await verifyToken(database.db, invite, token, { audience: 'org-1' });
    expect(verified).toMatchObject({
      audience: 'org-1',
      subject: 'ada@example.com',
      jwtId: 'row-7',
      issuedAt,
      claims: { extra: 42 },
    });
  });

  it('refuses another organisation, another subject, another purpose and another secret', async () => {
    const token = await signToken(database.db, invite, {
      audience: 'org-1',
      subject: 'viewer-a',
      expiresAt: inAnHour(),
    });
    expect(await verifyToken(database.db, invite, token, { audience: 'org-2' })).toBe('invalid');
    expect(await verifyToken(database.db, invite, token, { audience: 'org-1', subject: 'viewer-b' })).toBe(
      'invalid',
    );
    // Same secret, other purpose: an invite link is no extension link.
    expect(await verifyToken(database.db, extension, token, { audience: 'org-1' })).toBe('invalid');
    expect(await verifyToken(database.db, other, token, { audience: 'org-1' })).toBe('invalid');
    // A verifier that reads the organisation from the token still gets it checked as signed.
    expect(await verifyToken(database.db, invite, token, { audience: anyAudience })).toMatchObject({
      audience: 'org-1',
    });
  });

  it('tells an expired or too old token apart from a forged one', async () => {
    const past = new Date(Date.now() - 2 * 3600_000);
    const expired = await signToken(database.db, invite, {
      audience: 'org-1',
      issuedAt: past,
      expiresAt: new Date(Date.now() - 3600_000),
    });
    expect(await verifyToken(database.db, invite, expired, { audience: 'org-1' })).toBe('expired');
    const old = await signToken(database.db, invite, {
      audience: 'org-1',
      issuedAt: past,
      expiresAt: inAnHour(),
    });
    expect(await verifyToken(database.db, invite, old, { audience: 'org-1', maxAgeSeconds: 3600 })).toBe(
      'expired',
    );
    const valid = await signToken(database.db, invite, { audience: 'org-1', expiresAt: inAnHour() });
    const [header, payload, signature] = valid.split('.');
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...decodeJwt(valid), aud: 'org-2' })).toString('base64url')}.${signature}`;
    expect(payload).not.toBe(altered.split('.')[1]);
    expect(await verifyToken(database.db, invite, altered, { audience: 'org-2' })).toBe('invalid');
    expect(await verifyToken(database.db, invite, 'not a token', { audience: 'org-1' })).toBe('invalid');
  });

  it('refuses unsigned and foreign-key tokens, and keeps a never-expiring token valid later', async () => {
    const unsigned = new UnsecuredJWT({ purpose: 'invite' })
      .setAudience('org-1')
      .setExpirationTime('1h')
      .encode();
    expect(await verifyToken(database.db, invite, unsigned, { audience: 'org-1' })).toBe('invalid');
    const foreign = await new SignJWT({ purpose: 'invite' })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('org-1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a key that is not the install key at all'));
    expect(await verifyToken(database.db, invite, foreign, { audience: 'org-1' })).toBe('invalid');

    const lasting = await signToken(database.db, invite, { audience: 'org-1', expiresAt: neverExpires });
    expect(decodeJwt(lasting).exp).toBeUndefined();
    const inTenYears = new Date(Date.now() + 10 * 365 * 24 * 3600_000);
    expect(
      await verifyToken(database.db, invite, lasting, { audience: 'org-1', now: inTenYears }),
    ).toMatchObject({
      audience: 'org-1',
    });
  });
});
