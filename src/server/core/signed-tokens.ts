import { type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/client';
import { installSigningKey } from './install-secret';

/**
 * A kind of token the install signs: its own secret (a settings key, core/install-secret.ts) and the
 * purpose every token of the kind carries, so a token made for one use is refused for any other.
 */
export type TokenKind = { readonly secret: string; readonly purpose: string };

/** For a verifier that learns the organisation from the token itself (a search key, a TPRM token). */
export const anyAudience = Symbol('any audience');
/** For a token that must keep working indefinitely (the unsubscribe link in a mail read years later). */
export const neverExpires = Symbol('never expires');

export type TokenToSign = {
  /** The organisation the token speaks for. */
  audience: string;
  expiresAt: Date | typeof neverExpires;
  subject?: string;
  jwtId?: string;
  issuedAt?: Date;
  /** Claims of the kind's own; `purpose` is set from the kind. */
  claims?: Record<string, unknown>;
};

export type VerifiedToken = {
  audience: string;
  subject: string | undefined;
  jwtId: string | undefined;
  issuedAt: Date | undefined;
  claims: JWTPayload;
};

export type TokenCheck = VerifiedToken | 'expired' | 'invalid';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The one way the install signs a token: HS256, with an audience and an expiry (or, named, none). */
export async function signToken(db: Database, kind: TokenKind, token: TokenToSign): Promise<string> {
  const jwt = new SignJWT({ ...token.claims, purpose: kind.purpose })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(token.audience)
    .setIssuedAt(token.issuedAt ? seconds(token.issuedAt) : undefined);
  if (token.subject !== undefined) jwt.setSubject(token.subject);
  if (token.jwtId !== undefined) jwt.setJti(token.jwtId);
  if (token.expiresAt !== neverExpires) jwt.setExpirationTime(seconds(token.expiresAt));
  return jwt.sign(await installSigningKey(db, kind.secret));
}

/**
 * Checks a token of `kind`: signature (HS256 only), purpose, audience (the expected organisation, or
 * `anyAudience` where the token names it), subject when given, expiry and age. 'expired' is told apart
 * from 'invalid' (forged, altered, another kind or organisation) for callers that say which.
 */
export async function verifyToken(
  db: Database,
  kind: TokenKind,
  token: string,
  expected: {
    audience: string | typeof anyAudience;
    subject?: string;
    now?: Date;
    maxAgeSeconds?: number;
  },
): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(token, await installSigningKey(db, kind.secret), {
      algorithms: ['HS256'],
      ...(expected.audience === anyAudience ? {} : { audience: expected.audience }),
      ...(expected.subject === undefined ? {} : { subject: expected.subject }),
      ...(expected.now ? { currentDate: expected.now } : {}),
      ...(expected.maxAgeSeconds === undefined ? {} : { maxTokenAge: expected.maxAgeSeconds }),
    });
    if (payload.purpose !== kind.purpose || typeof payload.aud !== 'string') return 'invalid';
    return {
      audience: payload.aud,
      subject: payload.sub,
      jwtId: payload.jti,
      issuedAt: typeof payload.iat === 'number' ? new Date(payload.iat * 1000) : undefined,
      claims: payload,
    };
  } catch (error) {
    return error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
  }
}

/** The verified token, or null whatever the reason it was refused. */
export const validOrNull = (check: TokenCheck): VerifiedToken | null =>
  typeof check === 'string' ? null : check;

/** Loads the kind's key ahead of a transaction (PGlite has one connection). */
export async function loadTokenKey(db: Database, kind: TokenKind): Promise<void> {
  await installSigningKey(db, kind.secret);
}
