import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../../shared/errors';
import { tprmMessages } from '../../../shared/tprm';
import type { Database } from '../../db/client';
import { installSigningKey } from '../core';

const secretKey = 'tprm_token_secret';
const purpose = 'tprm_export';

/** The install's own key for these tokens (core/install-secret.ts). */
const tokenSecret = (db: Database) => installSigningKey(db, secretKey);

export type TprmClaims = { tokenId: string; organisationId: string; accountId: string; partnerId: string };

/** HS256, subject the account, audience the organisation, jti the token row, expiring with the row. */
export async function signTprmToken(db: Database, claims: TprmClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ purpose, partner: claims.partnerId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.accountId)
    .setAudience(claims.organisationId)
    .setJti(claims.tokenId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await tokenSecret(db));
}

/** The token's claims; 401 naming why (expired, or not ours / altered / another purpose). */
export async function verifyTprmToken(db: Database, token: string): Promise<TprmClaims> {
  try {
    const { payload } = await jwtVerify(token, await tokenSecret(db), { algorithms: ['HS256'] });
    const { sub, aud, jti, partner } = payload;
    if (
      payload.purpose !== purpose ||
      typeof sub !== 'string' ||
      typeof aud !== 'string' ||
      typeof jti !== 'string' ||
      typeof partner !== 'string'
    ) {
      throw new AppError('unauthenticated', tprmMessages.tokenInvalid);
    }
    return { tokenId: jti, organisationId: aud, accountId: sub, partnerId: partner };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JWTExpired)
      throw new AppError('unauthenticated', tprmMessages.tokenExpired);
    throw new AppError('unauthenticated', tprmMessages.tokenInvalid);
  }
}
