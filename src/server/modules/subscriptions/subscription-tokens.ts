import { and, eq } from 'drizzle-orm';
import { isLocale, type Locale, offeredLocalesOf } from '../../../shared/i18n/locales';
import type { PortalCustomisation } from '../../../shared/portal';
import { subscriptionLimits } from '../../../shared/subscriptions';
import type { Config } from '../../config';
import { neverExpires, signToken, type TokenKind, validOrNull, verifyToken } from '../../core';
import type { Database } from '../../db/client';
import { subscribers } from '../../db/schema';

const confirmation: TokenKind = { secret: 'subscription_token_secret', purpose: 'subscribe_confirm' };
const unsubscribe: TokenKind = { secret: 'subscription_token_secret', purpose: 'unsubscribe' };
type TokenOrganisation = { id: string };

async function signSubscriptionToken(
  db: Database,
  kind: TokenKind,
  organisation: TokenOrganisation,
  email: string,
  expiresInHours: number | null,
): Promise<string> {
  return signToken(db, kind, {
    audience: organisation.id,
    subject: email,
    expiresAt: expiresInHours === null ? neverExpires : new Date(Date.now() + expiresInHours * 3600 * 1000),
    // In milliseconds: a confirmation issued in the second of an unsubscribe must still count as newer.
    claims: { issuedAtMs: Date.now() },
  });
}

type VerifiedSubscriptionToken = { email: string; issuedAt: Date };

/** The e-mail the token was issued for and when, or null when it is expired, tampered with or for another purpose or organisation. */
async function verifySubscriptionToken(
  db: Database,
  kind: TokenKind,
  organisation: TokenOrganisation,
  token: string,
): Promise<VerifiedSubscriptionToken | null> {
  const verified = validOrNull(await verifyToken(db, kind, token, { audience: organisation.id }));
  if (!verified?.subject) return null;
  const { issuedAtMs } = verified.claims;
  return {
    email: verified.subject,
    issuedAt: typeof issuedAtMs === 'number' ? new Date(issuedAtMs) : (verified.issuedAt ?? new Date(0)),
  };
}

export const signConfirmationToken = (db: Database, organisation: TokenOrganisation, email: string) =>
  signSubscriptionToken(db, confirmation, organisation, email, subscriptionLimits.confirmationTokenHours);
/** The address and issue time of a confirmation token; confirmSubscription decides whether it was used. */
export const verifyConfirmationToken = (db: Database, organisation: TokenOrganisation, token: string) =>
  verifySubscriptionToken(db, confirmation, organisation, token);

// Unsubscribe links must keep working in mail read months later, so they do not expire.
export const signUnsubscribeToken = (db: Database, organisation: TokenOrganisation, email: string) =>
  signSubscriptionToken(db, unsubscribe, organisation, email, null);
export const verifyUnsubscribeToken = async (db: Database, organisation: TokenOrganisation, token: string) =>
  (await verifySubscriptionToken(db, unsubscribe, organisation, token))?.email ?? null;

type LinkContext = { db: Database; config: Pick<Config, 'publicUrl'> };
type LinkOrganisation = { id: string; slug: string };

/**
 * One signed token, three links: the RFC 8058 one-click URL (List-Unsubscribe, POST without a cookie),
 * the portal page that opens the unsubscribe dialog, and the preference page (issue 34 §1).
 */
export async function unsubscribeLinks(
  ctx: LinkContext,
  organisation: LinkOrganisation,
  email: string,
): Promise<{ headers: Record<string, string>; pageUrl: string; preferencesUrl: string }> {
  const token = await signUnsubscribeToken(ctx.db, organisation, email);
  const oneClickUrl = new URL(`/api/statuspage/share/${organisation.slug}/unsubscribe`, ctx.config.publicUrl);
  oneClickUrl.searchParams.set('token', token);
  const pageUrl = new URL(`/${organisation.slug}`, ctx.config.publicUrl);
  pageUrl.searchParams.set('unsubscribeToken', token);
  // The same token opens the preference page: it already lets its holder unsubscribe, the most it can do.
  const preferencesUrl = new URL(`/${organisation.slug}/subscription`, ctx.config.publicUrl);
  preferencesUrl.searchParams.set('token', token);
  return {
    preferencesUrl: preferencesUrl.toString(),
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

/**
 * The language a confirmation link's page speaks: the one the person subscribed in when the token is
 * valid and the organisation still offers it, else the organisation's default (the post then says
 * what is wrong with the link, in that language).
 */
export async function confirmationPageLocale(
  db: Database,
  organisation: TokenOrganisation & { customisation: PortalCustomisation },
  token: string,
): Promise<Locale> {
  const { defaultLocale } = organisation.customisation;
  const verified = await verifyConfirmationToken(db, organisation, token);
  if (!verified) return defaultLocale;
  const [row] = await db
    .select({ locale: subscribers.locale })
    .from(subscribers)
    .where(and(eq(subscribers.organisationId, organisation.id), eq(subscribers.email, verified.email)));
  const kept = row?.locale;
  return isLocale(kept) && offeredLocalesOf(organisation.customisation).includes(kept) ? kept : defaultLocale;
}
