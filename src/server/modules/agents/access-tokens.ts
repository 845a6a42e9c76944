import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  type AccessTokenList,
  type AccessTokenView,
  type AccountAccessTokenList,
  accessTokenLimits,
  accessTokenMessages,
  accessTokenPrefix,
  CreateAccessToken,
  type CreatedAccessToken,
} from '../../../shared/access-tokens';
import { AppError } from '../../../shared/errors';
import type { Context } from '../../context';
import { dayMs, requireAccessEditor, requireConsole, writeAudit } from '../../core';
import type { Database } from '../../db/client';
import { accountMembers, accounts, memberAccessTokens } from '../../db/schema';
import { hashAccessToken } from '../../plugins/access-tokens';
import type { ViewerMember } from '../../policy/viewer';

type TokenRow = typeof memberAccessTokens.$inferSelect;

function toView(row: TokenRow): AccessTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: `${row.prefix}…`,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Tokens are managed by the member in a browser session, never with a token (one cannot mint another). */
function requireSignedInMember(viewer: Context['viewer']): ViewerMember {
  if (!viewer.member || !viewer.session || viewer.mode !== 'account_external') {
    throw new AppError('unauthenticated', accessTokenMessages.signInRequired);
  }
  return viewer.member;
}

export async function createAccessToken({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: unknown;
}): Promise<CreatedAccessToken> {
  const member = requireSignedInMember(ctx.viewer);
  const parsed = CreateAccessToken.safeParse(input);
  if (!parsed.success) throw new AppError('validation_failed', parsed.error.issues[0]!.message);
  const now = new Date();
  const token = `${accessTokenPrefix}${randomBytes(32).toString('base64url')}`;
  return ctx.db.transaction(async (tx) => {
    const [live] = await tx
      .select({ value: count() })
      .from(memberAccessTokens)
      .where(
        and(
          eq(memberAccessTokens.accountMemberId, member.id),
          isNull(memberAccessTokens.revokedAt),
          gt(memberAccessTokens.expiresAt, now),
        ),
      );
    if ((live?.value ?? 0) >= accessTokenLimits.perMemberMax) {
      throw new AppError('conflict', accessTokenMessages.tooMany);
    }
    const [row] = await tx
      .insert(memberAccessTokens)
      .values({
        organisationId: ctx.viewer.organisation.id,
        accountMemberId: member.id,
        name: parsed.data.name,
        tokenHash: hashAccessToken(token),
        prefix: token.slice(0, accessTokenPrefix.length + 4),
        expiresAt: new Date(now.getTime() + parsed.data.expiresInDays * dayMs),
      })
      .returning();
    return { token, view: toView(row!) };
  });
}

export async function listMyAccessTokens({
  ctx,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
}): Promise<AccessTokenList> {
  const member = requireSignedInMember(ctx.viewer);
  const rows = await ctx.db
    .select()
    .from(memberAccessTokens)
    .where(eq(memberAccessTokens.accountMemberId, member.id))
    .orderBy(desc(memberAccessTokens.createdAt));
  return { tokens: rows.map(toView) };
}

export async function revokeMyAccessToken({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: { id: string };
}): Promise<AccessTokenView> {
  const member = requireSignedInMember(ctx.viewer);
  const [row] = await ctx.db
    .update(memberAccessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(memberAccessTokens.id, input.id), eq(memberAccessTokens.accountMemberId, member.id)))
    .returning();
  if (!row) throw new AppError('not_found', accessTokenMessages.notFound);
  return toView(row);
}

async function assertAccountOf(db: Database, organisationId: string, accountId: string) {
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.organisationId, organisationId)))
    .limit(1);
  if (!account) throw new AppError('not_found', 'There is no such account');
}

/** Staff: every token of an account's members, with whose it is. */
export async function listAccountAccessTokens({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: { accountId: string };
}): Promise<AccountAccessTokenList> {
  requireConsole(ctx.viewer);
  await assertAccountOf(ctx.db, ctx.viewer.organisation.id, input.accountId);
  const rows = await ctx.db
    .select({ token: memberAccessTokens, email: accountMembers.email })
    .from(memberAccessTokens)
    .innerJoin(accountMembers, eq(accountMembers.id, memberAccessTokens.accountMemberId))
    .where(eq(accountMembers.accountId, input.accountId))
    .orderBy(desc(memberAccessTokens.createdAt));
  return { tokens: rows.map((row) => ({ ...toView(row.token), memberEmail: row.email })) };
}

/** Staff who may change access revoke a token, on the record. */
export async function revokeAccountAccessToken({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: { accountId: string; tokenId: string };
}): Promise<AccessTokenView> {
  const staff = requireAccessEditor(ctx.viewer);
  await assertAccountOf(ctx.db, ctx.viewer.organisation.id, input.accountId);
  return ctx.db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: memberAccessTokens.id })
      .from(memberAccessTokens)
      .innerJoin(accountMembers, eq(accountMembers.id, memberAccessTokens.accountMemberId))
      .where(and(eq(memberAccessTokens.id, input.tokenId), eq(accountMembers.accountId, input.accountId)))
      .limit(1);
    if (!owned) throw new AppError('not_found', accessTokenMessages.notFound);
    const [row] = await tx
      .update(memberAccessTokens)
      .set({ revokedAt: new Date(), revokedByStaffUserId: staff.id })
      .where(and(eq(memberAccessTokens.id, input.tokenId), isNull(memberAccessTokens.revokedAt)))
      .returning();
    await writeAudit(tx, ctx.viewer, {
      action: 'access_token.revoke',
      target: input.tokenId,
      data: { accountId: input.accountId },
    });
    if (row) return toView(row);
    const [already] = await tx
      .select()
      .from(memberAccessTokens)
      .where(eq(memberAccessTokens.id, input.tokenId));
    return toView(already!);
  });
}
