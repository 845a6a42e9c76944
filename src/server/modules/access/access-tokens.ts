import { accessLimits } from '../../../shared/access';
import { loadTokenKey, signToken, type TokenKind, validOrNull, verifyToken } from '../../core';
import type { Database } from '../../db/client';

const inviteToken: TokenKind = { secret: 'access_token_secret', purpose: 'colleague_invite' };
const extensionToken: TokenKind = { secret: 'access_token_secret', purpose: 'access_extension' };

/** The invite link's token: subject = the invitee's e-mail, jti = the account_invites row. */
export async function signInviteToken(
  db: Database,
  input: { organisationId: string; inviteId: string; email: string; expiresAt: Date },
): Promise<string> {
  return signToken(db, inviteToken, {
    audience: input.organisationId,
    subject: input.email,
    jwtId: input.inviteId,
    expiresAt: input.expiresAt,
  });
}

/** The invite's id and e-mail, or null when the token is expired, tampered with or for another organisation. */
export async function verifyInviteToken(
  db: Database,
  organisationId: string,
  token: string,
): Promise<{ inviteId: string; email: string } | null> {
  const verified = validOrNull(
    await verifyToken(db, inviteToken, token, {
      audience: organisationId,
      maxAgeSeconds: accessLimits.inviteDays * 24 * 3600,
    }),
  );
  if (!verified?.subject || !verified.jwtId) return null;
  return { inviteId: verified.jwtId, email: verified.subject.toLowerCase() };
}

/** Resolves the install's signing secret ahead of a transaction (PGlite has one connection). */
export async function loadTokenSecret(db: Database): Promise<void> {
  await loadTokenKey(db, extensionToken);
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
  return signToken(db, extensionToken, {
    audience: input.organisationId,
    subject: input.accountMemberId,
    issuedAt: now,
    expiresAt: new Date(expiresAt),
    claims: { acct: input.accountId, period: input.periodEndsAt.getTime() },
  });
}

/** The link's claims, or null when it is expired, forged, of another purpose or another organisation. */
export async function verifyExtensionToken(
  db: Database,
  organisationId: string,
  token: string,
  now = new Date(),
): Promise<ExtensionClaims | null> {
  const verified = validOrNull(
    await verifyToken(db, extensionToken, token, { audience: organisationId, now }),
  );
  if (!verified) return null;
  const { acct, period } = verified.claims;
  if (typeof acct !== 'string' || typeof period !== 'number' || !verified.subject || !verified.issuedAt) {
    return null;
  }
  return {
    organisationId,
    accountMemberId: verified.subject,
    accountId: acct,
    periodEndsAt: new Date(period),
    issuedAt: verified.issuedAt,
  };
}
