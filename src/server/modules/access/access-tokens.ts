import { jwtVerify, SignJWT } from 'jose';
import { accessLimits } from '../../../shared/access';
import type { Database } from '../../db/client';
import { installSigningKey } from '../core';

const secretKey = 'access_token_secret';
/** The install's own key for these tokens (core/install-secret.ts). */
const tokenSecret = (db: Database) => installSigningKey(db, secretKey);

const invitePurpose = 'colleague_invite';

/** The invite link's token: subject = the invitee's e-mail, jti = the account_invites row. */
export async function signInviteToken(
  db: Database,
  input: { organisationId: string; inviteId: string; email: string; expiresAt: Date },
): Promise<string> {
  return new SignJWT({ purpose: invitePurpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(input.email)
    .setJti(input.inviteId)
    .setAudience(input.organisationId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(input.expiresAt.getTime() / 1000))
    .sign(await tokenSecret(db));
}

/** The invite's id and e-mail, or null when the token is expired, tampered with or for another organisation. */
export async function verifyInviteToken(
  db: Database,
  organisationId: string,
  token: string,
): Promise<{ inviteId: string; email: string } | null> {
  try {
    const { payload } = await jwtVerify(token, await tokenSecret(db), {
      algorithms: ['HS256'],
      audience: organisationId,
      maxTokenAge: `${accessLimits.inviteDays}d`,
    });
    if (
      payload.purpose !== invitePurpose ||
      typeof payload.sub !== 'string' ||
      typeof payload.jti !== 'string'
    ) {
      return null;
    }
    return { inviteId: payload.jti, email: payload.sub.toLowerCase() };
  } catch {
    return null;
  }
}

const extensionPurpose = 'access_extension';

/** Resolves the install's signing secret ahead of a transaction (PGlite has one connection). */
export async function loadTokenSecret(db: Database): Promise<void> {
  await tokenSecret(db);
}

export type ExtensionClaims = {
  organisationId: string;
  accountMemberId: string;
  accountId: string;
  /** The end date the reminder was about: the link speaks for this approval period only. */
  periodEndsAt: Date;
  issuedAt: Date;
};

/**
 * The expiry reminder's "Request more time" link: signed, for one purpose, one member and one end
 * date, valid until a while after that date (an expired member's click still asks for renewal).
 */
export async function signExtensionToken(
  db: Database,
  input: Omit<ExtensionClaims, 'issuedAt'>,
  now = new Date(),
): Promise<string> {
  const expiresAt = input.periodEndsAt.getTime() + accessLimits.extensionLinkDaysAfterEnd * 24 * 3600 * 1000;
  return new SignJWT({
    purpose: extensionPurpose,
    acct: input.accountId,
    period: input.periodEndsAt.getTime(),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(input.accountMemberId)
    .setAudience(input.organisationId)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(await tokenSecret(db));
}

/** The link's claims, or null when it is expired, forged, of another purpose or another organisation. */
export async function verifyExtensionToken(
  db: Database,
  organisationId: string,
  token: string,
  now = new Date(),
): Promise<ExtensionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await tokenSecret(db), {
      algorithms: ['HS256'],
      audience: organisationId,
      currentDate: now,
    });
    const { purpose, acct, period, sub, iat } = payload;
    if (
      purpose !== extensionPurpose ||
      typeof acct !== 'string' ||
      typeof period !== 'number' ||
      typeof sub !== 'string' ||
      typeof iat !== 'number'
    ) {
      return null;
    }
    return {
      organisationId,
      accountMemberId: sub,
      accountId: acct,
      periodEndsAt: new Date(period),
      issuedAt: new Date(iat * 1000),
    };
  } catch {
    return null;
  }
}
