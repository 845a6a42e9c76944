import { eq } from 'drizzle-orm';
import { type ExtendAccessCode, RequestAgainInput } from '../../../shared/access';
import { AppError } from '../../../shared/errors';
import { accessRequests, accounts } from '../../db/schema';
import { mailPerson } from '../mail';
import { notifyStaffOfRequest } from '../notifications';
import { findDomainRule } from './access-settings-store';
import { emailDomain } from './email-domains';
import type { AccessContext } from './log-in-member';
import { renewalReceivedMail, staffReviewMail } from './mails';
import { memberStanding } from './member-status';
import {
  findLatestRequestByEmail,
  findMemberByEmail,
  hasPendingRequestForAccount,
  isProductOfOrganisation,
} from './queries';

export type RequestAgainRequest = {
  body: RequestAgainInput;
  ipAddress: string | null;
  userAgent: string | null;
};

/**
 * The access-expired dialog's 'Request access again' without a session (spec 3 §2): an expired
 * member's address queues a renewal of their account for staff review. The answers tell apart only
 * what POST {base}/login already tells (expired, has access, waiting, anything else).
 */
export async function requestAccessAgain({
  ctx,
  input,
}: {
  ctx: AccessContext;
  input: RequestAgainRequest;
}): Promise<{ code: ExtendAccessCode }> {
  const { email, productId } = RequestAgainInput.parse(input.body);
  const organisation = ctx.viewer.organisation;
  if (productId && !(await isProductOfOrganisation(ctx.db, organisation.id, productId))) {
    throw new AppError('validation_failed', 'Choose a product of this portal', {
      productId: 'Choose a product of this portal',
    });
  }
  if ((await findDomainRule(ctx.db, organisation.id, emailDomain(email))) === 'blocked') {
    return { code: 'error' };
  }
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const found = await findMemberByEmail(tx, organisation.id, email);
    if (!found) return { code: 'error' as const };
    const { member, account } = found;
    const standing = memberStanding(account, await findLatestRequestByEmail(tx, organisation.id, email), now);
    if (standing === 'authorised') return { code: 'already-has-access' as const };
    if (standing === 'pending_request') return { code: 'already-requested' as const };
    if (standing !== 'access_expired') return { code: 'error' as const };
    // One renewal per account at a time, even when two colleagues ask at once.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, account.id)).for('update');
    if (await hasPendingRequestForAccount(tx, organisation.id, account.id)) {
      return { code: 'already-requested' as const };
    }
    const request = {
      email: member.email,
      firstName: member.firstName,
      lastName: member.lastName,
      companyName: account.name,
    };
    const [created] = await tx
      .insert(accessRequests)
      .values({
        organisationId: organisation.id,
        productId: productId ?? null,
        accountId: account.id,
        accountMemberId: member.id,
        ...request,
        source: 'request_again',
        kind: 'renewal',
        status: 'pending',
        ipAddress: input.ipAddress,
        userAgent: input.userAgent?.slice(0, 500) ?? null,
      })
      .returning({ id: accessRequests.id });
    const txCtx = { ...ctx, db: tx };
    await mailPerson(txCtx, organisation, {
      to: member.email,
      ...renewalReceivedMail(organisation, member.firstName),
    });
    await notifyStaffOfRequest(
      txCtx,
      organisation,
      created!.id,
      staffReviewMail(ctx.config, organisation, { ...request, isExtension: true }, created!.id),
    );
    return { code: 'success' as const };
  });
}
