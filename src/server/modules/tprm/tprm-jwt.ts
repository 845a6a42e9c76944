import { AppError } from '../../../shared/errors';
import { tprmMessages } from '../../../shared/tprm';
import { anyAudience, signToken, type TokenKind, verifyToken } from '../../core';
import type { Database } from '../../db/client';

const tprmToken: TokenKind = { secret: 'tprm_token_secret', purpose: 'tprm_export' };

export type TprmClaims = { tokenId: string; organisationId: string; accountId: string; partnerId: string };

/** HS256, subject the account, audience the organisation, jti the token row, expiring with the row. */
export async function signTprmToken(db: Database, claims: TprmClaims, expiresAt: Date): Promise<string> {
  return signToken(db, tprmToken, {
    audience: claims.organisationId,
    subject: claims.accountId,
    jwtId: claims.tokenId,
    expiresAt,
    claims: { partner: claims.partnerId },
  });
}

/** The token's claims (it names its organisation); 401 naming why (expired, or not ours / altered / another purpose). */
export async function verifyTprmToken(db: Database, token: string): Promise<TprmClaims> {
  const verified = await verifyToken(db, tprmToken, token, { audience: anyAudience });
  if (verified === 'expired') throw new AppError('unauthenticated', tprmMessages.tokenExpired);
  if (verified === 'invalid') throw new AppError('unauthenticated', tprmMessages.tokenInvalid);
  const { subject, jwtId, audience, claims } = verified;
  if (!subject || !jwtId || typeof claims.partner !== 'string') {
    throw new AppError('unauthenticated', tprmMessages.tokenInvalid);
  }
  return { tokenId: jwtId, organisationId: audience, accountId: subject, partnerId: claims.partner };
}
