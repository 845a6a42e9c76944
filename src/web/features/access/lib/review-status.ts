import { formatDate } from '../../../../shared/dates';
import type { PortalView } from '../../../../shared/portal';
import { headerTexts } from './header-texts';

type MemberReview = Pick<NonNullable<PortalView['viewer']['member']>, 'reviewStatus' | 'isAccessExpired'>;

/**
 * Spec 3 §4: 'Review {status}' for approved, declined or pending; nothing for other. An approval
 * whose access has ended is no longer 'approved' to the member: it says 'Access expired' (decision 233).
 */
export function reviewStatusLabel(member: MemberReview): string | null {
  if (member.isAccessExpired) return headerTexts.accessExpired;
  return member.reviewStatus === 'other' ? null : headerTexts.review(member.reviewStatus);
}

/** 'Access until March 12, 2027' (spec 3 §9 date format) for access that ends; null for access that does not. */
export function accessEndLabel(
  member: Pick<NonNullable<PortalView['viewer']['member']>, 'accessExpiresAt'>,
): string | null {
  return member.accessExpiresAt ? headerTexts.accessUntil(formatDate(member.accessExpiresAt)) : null;
}
