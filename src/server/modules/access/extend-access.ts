import { and, eq } from 'drizzle-orm';
import type { ExtendAccessCode } from '../../../shared/access';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { accessRequests } from '../../db/schema';
import { notifyStaffOfRequest } from '../notifications/notify-staff-of-request';
import type { AccessContext } from './log-in-member';
import { staffReviewMail } from './mails';
import type { MemberViewer } from './member-viewer';
import { findMemberById } from './queries';

const extensionWindowDays = 30;

/**
 * A member asks for more time (spec 3 §4 extend access): a pending request staff approve with a new
 * number of days. Access with more than 30 days left answers already-has-access; a request already
 * waiting answers already-requested; a declined account answers error.
 */
export async function extendAccess({
  ctx,
  input,
}: {
  ctx: AccessContext & { viewer: MemberViewer };
  input: { accountId: string };
}): Promise<{ code: ExtendAccessCode }> {
  const { organisation, member } = ctx.viewer;
  if (member.account.id !== input.accountId) throw new AppError('forbidden', messages.forbidden);
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const found = await findMemberById(tx, organisation.id, member.id);
    if (!found) throw new AppError('unauthenticated', messages.signInRequired);
    const { account } = found;
    const [waiting] = await tx
      .select({ id: accessRequests.id })
      .from(accessRequests)
      .where(
        and(
          eq(accessRequests.organisationId, organisation.id),
          eq(accessRequests.accountId, account.id),
          eq(accessRequests.status, 'pending'),
        ),
      )
      .limit(1);
    if (waiting || account.reviewStatus === 'pending' || account.reviewStatus === 'other') {
      return { code: 'already-requested' as const };
    }
    if (account.reviewStatus === 'declined') return { code: 'error' as const };
    const windowEnd = now.getTime() + extensionWindowDays * 24 * 3600 * 1000;
    if (account.accessExpiresAt === null || account.accessExpiresAt.getTime() > windowEnd) {
      return { code: 'already-has-access' as const };
    }
    const request = {
      email: found.member.email,
      firstName: found.member.firstName,
      lastName: found.member.lastName,
      companyName: account.name,
    };
    const [created] = await tx
      .insert(accessRequests)
      .values({
        organisationId: organisation.id,
        accountId: account.id,
        accountMemberId: found.member.id,
        ...request,
        source: 'extend_access',
        kind: 'renewal',
        status: 'pending',
      })
      .returning({ id: accessRequests.id });
    await notifyStaffOfRequest(
      { ...ctx, db: tx },
      organisation,
      created!.id,
      staffReviewMail(ctx.config, organisation, { ...request, isExtension: true }),
    );
    return { code: 'success' as const };
  });
}
