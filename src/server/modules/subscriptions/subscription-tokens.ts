import { jwtVerify, SignJWT } from 'jose';
import { subscriptionLimits } from '../../../shared/subscriptions';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { installSigningKey } from '../core';

const secretKey = 'subscription_token_secret';

/** The install's own key for these tokens (core/install-secret.ts). */
const tokenSecret = (db: Database) => installSigningKey(db, secretKey);

type TokenPurpose = 'subscribe_confirm' | 'unsubscribe';
type TokenOrganisation = { id: string };

async function signToken(
  db: Database,
  purpose: TokenPurpose,
  organisation: TokenOrganisation,
  email: string,
  expiresInHours: number | null,
): Promise<string> {
  // In milliseconds: a confirmation issued in the second of an unsubscribe must still count as newer.
  const jwt = new SignJWT({ purpose, issuedAtMs: Date.now() })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(email)
    .setAudience(organisation.id)
    .setIssuedAt();
  if (expiresInHours !== null) jwt.setExpirationTime(`${expiresInHours}h`);
  return jwt.sign(await tokenSecret(db));
}

type VerifiedToken = { email: string; issuedAt: Date };

/** The e-mail the token was issued for and when, or null when it is expired, tampered with or for another purpose or organisation. */
async function verifyToken(
  db: Database,
  purpose: TokenPurpose,
  organisation: TokenOrganisation,
  token: string,
): Promise<VerifiedToken | null> {
  try {
    const { payload } = await jwtVerify(token, await tokenSecret(db), {
      algorithms: ['HS256'],
      audience: organisation.id,
    });
    if (payload.purpose !== purpose || typeof payload.sub !== 'string') return null;
    const issuedAtMs =
      typeof payload.issuedAtMs === 'number' ? payload.issuedAtMs : (payload.iat ?? 0) * 1000;
    return { email: payload.sub, issuedAt: new Date(issuedAtMs) };
  } catch {
    return null;
  }
}

export const signConfirmationToken = (db: Database, organisation: TokenOrganisation, email: string) =>
  signToken(db, 'subscribe_confirm', organisation, email, subscriptionLimits.confirmationTokenHours);
/** The address and issue time of a confirmation token; confirmSubscription decides whether it was used. */
export const verifyConfirmationToken = (db: Database, organisation: TokenOrganisation, token: string) =>
  verifyToken(db, 'subscribe_confirm', organisation, token);

// Unsubscribe links must keep working in mail read months later, so they do not expire.
export const signUnsubscribeToken = (db: Database, organisation: TokenOrganisation, email: string) =>
  signToken(db, 'unsubscribe', organisation, email, null);
export const verifyUnsubscribeToken = async (db: Database, organisation: TokenOrganisation, token: string) =>
  (await verifyToken(db, 'unsubscribe', organisation, token))?.email ?? null;

type LinkContext = { db: Database; config: Pick<Config, 'publicUrl'> };
type LinkOrganisation = { id: string; slug: string };

/**
 * One signed token, two links: the RFC 8058 one-click URL (List-Unsubscribe, POST without a cookie)
 * and the portal page that opens the unsubscribe dialog (for the link in the mail's body).
 */
export async function unsubscribeLinks(
  ctx: LinkContext,
  organisation: LinkOrganisation,
  email: string,
): Promise<{ headers: Record<string, string>; pageUrl: string }> {
  const token = await signUnsubscribeToken(ctx.db, organisation, email);
  const oneClickUrl = new URL(`/api/statuspage/share/${organisation.slug}/unsubscribe`, ctx.config.publicUrl);
  oneClickUrl.searchParams.set('token', token);
  const pageUrl = new URL(`/${organisation.slug}`, ctx.config.publicUrl);
  pageUrl.searchParams.set('unsubscribeToken', token);
  return {
    headers: {
      'List-Unsubscribe': `<${oneClickUrl.toString()}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    pageUrl: pageUrl.toString(),
  };
}

/** RFC 8058 one-click unsubscribe headers for every subscription mail (confirmation and updates). */
export async function unsubscribeHeaders(
  ctx: LinkContext,
  organisation: LinkOrganisation,
  email: string,
): Promise<Record<string, string>> {
  return (await unsubscribeLinks(ctx, organisation, email)).headers;
}
