import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { accessLimits } from '../../../shared/access';
import type { Database } from '../../db/client';
import { signInTokens } from '../../db/schema';
import { type AccessMailContext, type MailOrganisation, mailPerson } from '../mail';
import { type AccessGrant, type SignInReason, signInMail } from './mails';

export function hashSignInToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function signInLinkUrl(publicUrl: string, organisationSlug: string, token: string): string {
  const url = new URL(`/api/statuspage/share/${organisationSlug}/sign-in`, publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Stores a one-time sign-in token (its sha256 only; 256 random bits; bound to the organisation and
 * member) and mails the link. Call inside the transaction of the change that causes it.
 */
export async function mailSignInLink(
  ctx: AccessMailContext,
  organisation: MailOrganisation,
  member: { id: string; email: string; firstName: string },
  reason: SignInReason,
  now = new Date(),
  grant?: AccessGrant,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await ctx.db
    .delete(signInTokens)
    .where(and(eq(signInTokens.accountMemberId, member.id), lt(signInTokens.expiresAt, now)));
  await ctx.db.insert(signInTokens).values({
    id: hashSignInToken(token),
    organisationId: organisation.id,
    accountMemberId: member.id,
    expiresAt: new Date(now.getTime() + accessLimits.signInLinkMinutes * 60_000),
  });
  const link = signInLinkUrl(ctx.config.publicUrl, organisation.slug, token);
  await mailPerson(ctx, organisation, {
    to: member.email,
    ...signInMail(ctx.config, organisation, member, reason, link, grant),
  });
}

/**
 * Uses up a sign-in token: the member it was issued for, or null when the token is unknown, used,
 * expired or of another organisation. Single use even under concurrent posts (one UPDATE wins).
 */
export async function consumeSignInToken(
  db: Database,
  organisationId: string,
  token: string,
  now = new Date(),
): Promise<string | null> {
  const [row] = await db
    .update(signInTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(signInTokens.id, hashSignInToken(token)),
        eq(signInTokens.organisationId, organisationId),
        isNull(signInTokens.usedAt),
        gt(signInTokens.expiresAt, now),
      ),
    )
    .returning({ accountMemberId: signInTokens.accountMemberId });
  return row?.accountMemberId ?? null;
}

/** Whether a token would be accepted now, without using it (the confirm page only shows the button then). */
export async function isSignInTokenUsable(
  db: Database,
  organisationId: string,
  token: string,
  now = new Date(),
) {
  const [row] = await db
    .select({ id: signInTokens.id })
    .from(signInTokens)
    .where(
      and(
        eq(signInTokens.id, hashSignInToken(token)),
        eq(signInTokens.organisationId, organisationId),
        isNull(signInTokens.usedAt),
        gt(signInTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(row);
}
