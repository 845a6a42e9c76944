import { and, eq, ne } from 'drizzle-orm';
import { type StaffContext, writeAudit } from '../../core';
import { accessRequests, accountMembers, type accounts } from '../../db/schema';
import type { ViewerStaff } from '../../policy/viewer';
import { emailDomain, findDomainRule, findOrCreateAccessSettings, mailSignInLink } from '../access';
import { queueAccessEvent } from '../notifications';

type Account = typeof accounts.$inferSelect;
type Request = typeof accessRequests.$inferSelect;

/**
 * A person's request for a company that is still under review holds a provisional membership
 * (request-access.ts), so approving the company would let them in. Membership means access, so a
 * request that is not approved must hold none: this removes it (their sessions end with the row).
 */
export async function withdrawProvisionalMembership(tx: StaffContext, request: Request): Promise<void> {
  if (request.kind !== 'access' || !request.accountMemberId) return;
  await tx.db
    .delete(accountMembers)
    .where(
      and(
        eq(accountMembers.id, request.accountMemberId),
        eq(accountMembers.organisationId, tx.viewer.organisation.id),
      ),
    );
}

/**
 * Approving a company's first request approves the company. Colleagues who asked while it was
 * under review are settled the way a request arriving now would be (decision 320): approved with
 * it when members of approved accounts join automatically, otherwise left pending for staff with
 * their provisional membership withdrawn, so queue, mail and sign-in all say the same.
 */
export async function settleColleagueRequests(
  tx: StaffContext,
  staff: ViewerStaff,
  approved: {
    request: Request;
    account: Account;
    accessDays: number;
    until: Date;
    permissionProfileName: string | null;
  },
  now: Date,
): Promise<void> {
  const organisation = tx.viewer.organisation;
  const colleagues = await tx.db
    .select()
    .from(accessRequests)
    .where(
      and(
        eq(accessRequests.organisationId, organisation.id),
        eq(accessRequests.accountId, approved.account.id),
        eq(accessRequests.status, 'pending'),
        eq(accessRequests.kind, 'access'),
        ne(accessRequests.id, approved.request.id),
      ),
    )
    .for('update');
  if (colleagues.length === 0) return;
  const settings = await findOrCreateAccessSettings(tx.db, organisation.id);
  for (const colleague of colleagues) {
    const rule = await findDomainRule(tx.db, organisation.id, emailDomain(colleague.email));
    const joinsWithAccount =
      rule !== 'blocked' && (settings.autoApproveAccountMembers || rule === 'auto_approve');
    if (!joinsWithAccount || !colleague.accountMemberId) {
      await withdrawProvisionalMembership(tx, colleague);
      continue;
    }
    await tx.db
      .update(accessRequests)
      .set({
        status: 'approved',
        accessDays: approved.accessDays,
        decidedByStaffUserId: staff.id,
        decidedAt: now,
      })
      .where(eq(accessRequests.id, colleague.id));
    const [member] = await tx.db
      .select()
      .from(accountMembers)
      .where(eq(accountMembers.id, colleague.accountMemberId));
    if (member)
      await mailSignInLink(tx, organisation, member, 'approved', now, {
        until: approved.until,
        permissionProfileName: approved.permissionProfileName,
      });
    await queueAccessEvent(tx, organisation, 'access.request.approved', {
      requestId: colleague.id,
      account: approved.account,
    });
    await writeAudit(tx.db, tx.viewer, {
      action: 'access_request.approve',
      target: colleague.id,
      data: { accountId: approved.account.id, email: colleague.email, withRequest: approved.request.id },
    });
  }
}
