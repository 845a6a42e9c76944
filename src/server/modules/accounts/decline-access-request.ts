import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { DeclineAccessInput, type DeclinedBy } from '../../../shared/access';
import { AppError } from '../../../shared/errors';
import { notFound, requireAccessEditor, type StaffContext, writeAudit } from '../../core';
import { accessRequests, accounts } from '../../db/schema';
import type { ViewerStaff } from '../../policy/viewer';
import { findAccountById, requestDeclinedMail } from '../access';
import { mailPerson } from '../mail';
import { queueAccessEvent } from '../notifications';
import { withdrawProvisionalMembership } from './colleague-requests';
import { findAccessRequest } from './queries';

type DeclineDecision = { reason?: string | undefined; declinedBy: DeclinedBy };

/**
 * Declines a pending request and tells the requester (with the reason when given). The person loses
 * any provisional membership, so a later approval of their company does not let them in. A pending
 * account is declined with it unless a colleague's request still waits; an approved one is left as it is.
 * declinedBy 'third_party' records that someone outside the organisation's review said no.
 */
export async function declineAccessRequest({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: { requestId: string; body: z.input<typeof DeclineAccessInput> };
}): Promise<void> {
  const staff = requireAccessEditor(ctx.viewer);
  const decision = DeclineAccessInput.parse(input.body);
  const organisation = ctx.viewer.organisation;
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const request = await findAccessRequest(tx, organisation.id, input.requestId);
    if (!request) throw notFound('Access request');
    const declined = await declinePendingRequest({ ...ctx, db: tx }, staff, request, decision, now);
    if (!declined) throw new AppError('conflict', 'This request was already decided.');
  });
}

/** Whether someone else's request for the account still waits: the company is then still under review. */
async function hasOtherPendingRequest(tx: StaffContext, accountId: string, requestId: string) {
  const [other] = await tx.db
    .select({ id: accessRequests.id })
    .from(accessRequests)
    .where(
      and(
        eq(accessRequests.accountId, accountId),
        eq(accessRequests.status, 'pending'),
        ne(accessRequests.id, requestId),
      ),
    )
    .limit(1);
  return other !== undefined;
}

/**
 * The decline itself, inside the caller's transaction; false when the request is no longer pending.
 * The single and the bulk decline share it so both decline, mail and audit alike.
 */
export async function declinePendingRequest(
  tx: StaffContext,
  staff: ViewerStaff,
  request: typeof accessRequests.$inferSelect,
  { reason, declinedBy }: DeclineDecision,
  now: Date,
  auditExtra: Record<string, unknown> = {},
): Promise<boolean> {
  const organisation = tx.viewer.organisation;
  const [updated] = await tx.db
    .update(accessRequests)
    .set({
      status: 'declined',
      declinedBy,
      decisionReason: reason || null,
      decidedByStaffUserId: staff.id,
      decidedAt: now,
    })
    .where(and(eq(accessRequests.id, request.id), eq(accessRequests.status, 'pending')))
    .returning({ id: accessRequests.id });
  if (!updated) return false;
  await withdrawProvisionalMembership(tx, request);
  const account = request.accountId ? await findAccountById(tx.db, organisation.id, request.accountId) : null;
  if (
    account &&
    (account.reviewStatus === 'pending' || account.reviewStatus === 'other') &&
    !(await hasOtherPendingRequest(tx, account.id, request.id))
  ) {
    await tx.db
      .update(accounts)
      .set({ reviewStatus: 'declined', decisionReason: reason || null, reviewedAt: now })
      .where(eq(accounts.id, account.id));
  }
  await queueAccessEvent(tx, organisation, 'access.request.declined', {
    requestId: request.id,
    account: account ? await findAccountById(tx.db, organisation.id, account.id) : null,
  });
  await mailPerson(tx, organisation, {
    to: request.email,
    ...requestDeclinedMail(organisation, {
      firstName: request.firstName,
      reason: reason || null,
      declinedBy,
      isExtension: request.kind === 'extension',
    }),
  });
  await writeAudit(tx.db, tx.viewer, {
    action: 'access_request.decline',
    target: request.id,
    data: { email: request.email, reason: reason || null, declinedBy, ...auditExtra },
  });
  return true;
}
