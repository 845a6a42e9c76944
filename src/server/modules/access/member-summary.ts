import type { ViewerSummary } from '../../../shared/portal';
import { isMemberAuthorised, type Viewer } from '../../policy/viewer';

/**
 * The signed-in member as the page shows them (spec 3 §3 Account user), for any member session: an
 * unauthorised member is in Public mode yet still sees 'Review {status}' and can log out. Everything
 * comes with the session's member row: no query of its own on the signed-in hot path.
 */
export function memberSummaryOf(viewer: Viewer): ViewerSummary['member'] {
  const { member } = viewer;
  if (!member) return null;
  const now = new Date();
  const isAuthorised = isMemberAuthorised(member, now);
  const { accessExpiresAt } = member.account;
  return {
    email: member.email,
    firstName: member.firstName,
    lastName: member.lastName,
    accountId: member.account.id,
    accountName: member.account.name,
    reviewStatus: member.account.reviewStatus,
    ...(member.account.reviewStatus === 'approved' && !isAuthorised ? { isAccessExpired: true } : {}),
    // The account menu's end date: only for access that runs now and ends (issue 20 part 3).
    ...(isAuthorised && accessExpiresAt ? { accessExpiresAt: accessExpiresAt.toISOString() } : {}),
    isAutoApprovedAccountMember: member.isAutoApproved,
  };
}
