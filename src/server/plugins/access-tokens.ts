import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { accessTokenMessages, accessTokenPrefix } from '../../shared/access-tokens';
import { AppError } from '../../shared/errors';
import type { Database } from '../db/client';
import { accountMembers, accounts, analyticsEvents, memberAccessTokens } from '../db/schema';
import { isMemberAuthorised, type ViewerMember, viewerMemberOf } from '../policy/viewer';

export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token of an `Authorization: Bearer …` header, or null when the request carries none. */
export function readBearerToken(header: string | undefined): string | null {
  // Other schemes (a proxy's Basic sign-in in front of a staging site) are not ours to judge.
  if (!header || !/^Bearer\s/i.test(header)) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new AppError('unauthenticated', accessTokenMessages.invalid);
  return match[1]!;
}

/**
 * Each use of a token goes into its member's engagement, as an 'agent_call' event naming what was
 * asked (an MCP tool, or the API route).
 */
export async function recordTokenUse(
  db: Database,
  use: { organisationId: string; member: ViewerMember; tokenId: string; subject: string; path: string },
) {
  await db.insert(analyticsEvents).values({
    organisationId: use.organisationId,
    name: 'agent_call',
    source: 'server',
    viewerMode: 'account_external',
    accountId: use.member.account.id,
    accountMemberId: use.member.id,
    path: use.path,
    subject: use.subject.slice(0, 200),
    props: { tokenId: use.tokenId },
  });
}

const lastUsedResolutionMs = 60_000;

export type TokenHolder = { tokenId: string; member: ViewerMember };

/**
 * The member a bearer token acts for on this organisation, or the reason it does not: unknown,
 * revoked, expired, another organisation's, or its member's access has ended.
 */
export async function loadTokenHolder(
  db: Database,
  organisationId: string,
  token: string,
  now = new Date(),
): Promise<TokenHolder> {
  if (!token.startsWith(accessTokenPrefix) || token.length > 128) {
    throw new AppError('unauthenticated', accessTokenMessages.invalid);
  }
  const [found] = await db
    .select({ token: memberAccessTokens, member: accountMembers, account: accounts })
    .from(memberAccessTokens)
    .innerJoin(accountMembers, eq(accountMembers.id, memberAccessTokens.accountMemberId))
    .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
    .where(eq(memberAccessTokens.tokenHash, hashAccessToken(token)))
    .limit(1);
  if (!found || found.token.revokedAt || found.token.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('unauthenticated', accessTokenMessages.invalid);
  }
  if (found.token.organisationId !== organisationId) {
    throw new AppError('unauthenticated', accessTokenMessages.wrongOrganisation);
  }
  const member = viewerMemberOf({ member: found.member, account: found.account });
  if (!isMemberAuthorised(member, now))
    throw new AppError('unauthenticated', accessTokenMessages.accessEnded);
  const lastUsed = found.token.lastUsedAt?.getTime() ?? 0;
  if (now.getTime() - lastUsed > lastUsedResolutionMs) {
    await db
      .update(memberAccessTokens)
      .set({ lastUsedAt: now })
      .where(eq(memberAccessTokens.id, found.token.id));
  }
  return { tokenId: found.token.id, member };
}
