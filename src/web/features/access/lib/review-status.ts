import type { ReviewStatus } from '../../../../shared/portal';
import { headerTexts } from './header-texts';

/** Spec 3 §4: 'Review {status}' for approved, declined or pending; nothing for other. */
export function reviewStatusLabel(status: ReviewStatus): string | null {
  return status === 'other' ? null : headerTexts.review(status);
}
