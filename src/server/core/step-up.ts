import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { AppError } from '../../shared/errors';
import { staffSecurityMessages, stepUpWindowMinutes } from '../../shared/staff-security';
import type { Context } from '../context';
import { staffSecondFactors } from '../db/schema';

/**
 * Sensitive changes (sign-in settings, second factors, staff permissions, the trust-center export, an
 * update mailed to subscribers) ask for the second factor again once the session's last proof is older
 * than a few minutes. Staff without a second factor have nothing to prove and pass.
 */
export async function requireRecentSecondFactor(
  ctx: Pick<Context, 'db' | 'viewer'>,
  now = new Date(),
): Promise<void> {
  const { staff, session } = ctx.viewer;
  if (!staff || !session) return;
  const provenAt = session.secondFactorAt;
  if (provenAt && now.getTime() - provenAt.getTime() < stepUpWindowMinutes * 60_000) return;
  const [row] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(staffSecondFactors)
    .where(and(eq(staffSecondFactors.staffUserId, staff.id), isNotNull(staffSecondFactors.confirmedAt)));
  if ((row?.count ?? 0) > 0) throw new AppError('step_up_required', staffSecurityMessages.stepUpRequired);
}
