import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  type IssuedToken,
  type PartnerList,
  type TprmJwtResult,
  tprmLimits,
  tprmMessages,
} from '../../../shared/tprm';
import type { Context } from '../../context';
import { tprmTokens } from '../../db/schema';
import type { Viewer, ViewerMember } from '../../policy/viewer';
import { findPartnerRow, listPartnerRows, toPartner } from './queries';
import { signTprmToken } from './tprm-jwt';

type TprmMember = Viewer & { member: ViewerMember };

/** Spec 2 §6: external members, when the partner import feature is on (and partners exist). */
export function assertCanSendToTprm(viewer: Viewer): asserts viewer is TprmMember {
  if (!viewer.organisation.customisation.partnerImportEnabled) {
    throw new AppError('forbidden', tprmMessages.disabled);
  }
  if (viewer.mode !== 'account_external' || !viewer.member) {
    throw new AppError('unauthenticated', tprmMessages.memberRequired);
  }
}

export async function listMemberPartners({
  ctx,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
}): Promise<PartnerList> {
  assertCanSendToTprm(ctx.viewer);
  return { partners: (await listPartnerRows(ctx.db, ctx.viewer.organisation.id)).map(toPartner) };
}

/** Next: a token row for the member's account and the partner; its JWT is shown by viewTprmToken, once. */
export async function issueTprmToken({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: { partnerId: string };
}): Promise<IssuedToken> {
  const { viewer } = ctx;
  assertCanSendToTprm(viewer);
  const partner = await findPartnerRow(ctx.db, viewer.organisation.id, input.partnerId);
  if (!partner) throw new AppError('not_found', tprmMessages.partnerNotFound);
  const expiresAt = new Date(Date.now() + tprmLimits.tokenLifetimeHours * 3_600_000);
  const [row] = await ctx.db
    .insert(tprmTokens)
    .values({
      organisationId: viewer.organisation.id,
      accountId: viewer.member.account.id,
      partnerId: partner.id,
      issuedToAccountMemberId: viewer.member.id,
      expiresAt,
    })
    .returning({ id: tprmTokens.id });
  return { tokenId: row!.id, expiresAt: expiresAt.toISOString() };
}

/**
 * GET …/:accountId/external/:partnerId/jwt/ (spec 2 §7): the signed token, once. The viewed flag is
 * set by a conditional update, so of two concurrent views only one gets the token.
 */
export async function viewTprmToken({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer' | 'config'>;
  input: { accountId: string; partnerId: string; tokenId: string };
}): Promise<TprmJwtResult> {
  const { viewer } = ctx;
  assertCanSendToTprm(viewer);
  if (viewer.member.account.id !== input.accountId)
    throw new AppError('forbidden', tprmMessages.tokenNotFound);
  const partner = await findPartnerRow(ctx.db, viewer.organisation.id, input.partnerId);
  if (!partner) throw new AppError('not_found', tprmMessages.partnerNotFound);
  const ownToken = and(
    eq(tprmTokens.id, input.tokenId),
    eq(tprmTokens.organisationId, viewer.organisation.id),
    eq(tprmTokens.accountId, input.accountId),
    eq(tprmTokens.partnerId, partner.id),
    eq(tprmTokens.issuedToAccountMemberId, viewer.member.id),
  );
  const [viewed] = await ctx.db
    .update(tprmTokens)
    .set({ viewedAt: new Date() })
    .where(and(ownToken, isNull(tprmTokens.viewedAt)))
    .returning();
  if (!viewed) {
    const [existing] = await ctx.db.select({ id: tprmTokens.id }).from(tprmTokens).where(ownToken).limit(1);
    throw existing
      ? new AppError('forbidden', tprmMessages.tokenAlreadyViewed)
      : new AppError('not_found', tprmMessages.tokenNotFound);
  }
  const token = await signTprmToken(
    ctx.db,
    {
      tokenId: viewed.id,
      organisationId: viewed.organisationId,
      accountId: viewed.accountId,
      partnerId: viewed.partnerId,
    },
    viewed.expiresAt,
  );
  return {
    result: {
      token,
      expiresAt: viewed.expiresAt.toISOString(),
      partner: toPartner(partner),
      exportUrl: new URL('/api/tprm/export', ctx.config.publicUrl).toString(),
    },
  };
}
