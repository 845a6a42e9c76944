import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { type TrustExport, tprmMessages } from '../../../shared/tprm';
import type { Context } from '../../context';
import { findOrganisationById } from '../../core';
import { tprmTokens } from '../../db/schema';
import { buildViewer, isMemberAuthorised, viewerMemberOf } from '../../policy/viewer';
import { findMemberById } from '../access';
import { buildTrustExport } from './build-trust-export';
import { findPartnerRow } from './queries';
import { verifyTprmToken } from './tprm-jwt';

/**
 * GET /api/tprm/export: a valid, unexpired, unused token gives the export of what its account may
 * see, built through the gate as the member it was issued to (so a revoked account gets nothing).
 * Each token redeems once: a replay is refused.
 */
export async function redeemTprmToken({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'config'>;
  input: { token: string };
}): Promise<TrustExport> {
  const claims = await verifyTprmToken(ctx.db, input.token);
  const invalid = () => new AppError('unauthenticated', tprmMessages.tokenInvalid);
  const [row] = await ctx.db
    .select()
    .from(tprmTokens)
    .where(and(eq(tprmTokens.id, claims.tokenId), eq(tprmTokens.organisationId, claims.organisationId)))
    .limit(1);
  if (!row || row.accountId !== claims.accountId || row.partnerId !== claims.partnerId) throw invalid();
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('unauthenticated', tprmMessages.tokenExpired);
  if (row.redeemedAt) throw new AppError('forbidden', tprmMessages.tokenAlreadyUsed);
  const [organisation, found, partner] = await Promise.all([
    findOrganisationById(ctx.db, row.organisationId),
    findMemberById(ctx.db, row.organisationId, row.issuedToAccountMemberId),
    findPartnerRow(ctx.db, row.organisationId, row.partnerId),
  ]);
  if (!organisation || !found || !partner) throw invalid();
  const member = viewerMemberOf(found);
  const now = new Date();
  if (
    found.account.id !== row.accountId ||
    !isMemberAuthorised(member, now) ||
    !organisation.customisation.partnerImportEnabled
  ) {
    throw new AppError('forbidden', tprmMessages.tokenAccessEnded);
  }
  const [redeemed] = await ctx.db
    .update(tprmTokens)
    .set({ redeemedAt: now })
    .where(and(eq(tprmTokens.id, row.id), isNull(tprmTokens.redeemedAt)))
    .returning({ id: tprmTokens.id });
  if (!redeemed) throw new AppError('forbidden', tprmMessages.tokenAlreadyUsed);
  const viewer = buildViewer({
    organisation,
    session: null,
    staff: null,
    member,
    previewRequest: { accountId: null, permissionProfileId: null, asPublic: false },
    now,
  });
  return buildTrustExport(
    { ...ctx, viewer },
    {
      audience: 'account',
      account: { id: member.account.id, name: member.account.name },
      partner: { id: partner.id, name: partner.name },
    },
  );
}
