import { eq } from 'drizzle-orm';
import type { ViewerSummary } from '../../../shared/portal';
import type { Database } from '../../db/client';
import { accountMembers } from '../../db/schema';
import { isMemberAuthorised, type Viewer } from '../../policy/viewer';

/**
 * The signed-in member as the page shows them (spec 3 §3 Account user), for any member session: an
 * unauthorised member is in Public mode yet still sees 'Review {status}' and can log out.
 */
export async function findMemberSummary(db: Database, viewer: Viewer): Promise<ViewerSummary['member']> {
  const { member } = viewer;
  if (!member) return null;
  const [row] = await db
    .select({ isAutoApproved: accountMembers.isAutoApproved })
    .from(accountMembers)
    .where(eq(accountMembers.id, member.id))
    .limit(1);
  return {
    email: member.email,
    firstName: member.firstName,
    lastName: member.lastName,
    accountId: member.account.id,
    accountName: member.account.name,
    reviewStatus: member.account.reviewStatus,
    ...(member.account.reviewStatus === 'approved' && !isMemberAuthorised(member, new Date())
      ? { isAccessExpired: true }
      : {}),
    isAutoApprovedAccountMember: row?.isAutoApproved ?? false,
  };
}
