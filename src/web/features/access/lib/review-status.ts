import type { Translator } from '../../../../shared/i18n/translator';
import type { PortalView } from '../../../../shared/portal';

type MemberReview = Pick<NonNullable<PortalView['viewer']['member']>, 'reviewStatus' | 'isAccessExpired'>;

/**
 * Spec 3 §4: 'Review {status}' for approved, declined or pending; nothing for other. An approval
 * whose access has ended is no longer 'approved' to the member: it says 'Access expired' (decision 233).
 */
export function reviewStatusLabel({ t }: Translator, member: MemberReview): string | null {
  if (member.isAccessExpired) return t('header.accessExpired');
  if (member.reviewStatus === 'approved') return t('header.reviewApproved');
  if (member.reviewStatus === 'declined') return t('header.reviewDeclined');
  if (member.reviewStatus === 'pending') return t('header.reviewPending');
  return null;
}

/** 'Access until March 12, 2027' (spec 3 §9 date format) for access that ends; null for access that does not. */
export function accessEndLabel(
  translator: Translator,
  member: Pick<NonNullable<PortalView['viewer']['member']>, 'accessExpiresAt'>,
): string | null {
  return member.accessExpiresAt
    ? translator.t('header.accessUntil', { date: translator.date(member.accessExpiresAt) })
    : null;
}
