import type {
  AccessRequestKind,
  AccessRequestStatus,
  DeclinedBy,
  RequesterType,
} from '../../../../shared/access';
import { requesterTypeLabels } from '../../../../shared/access';
import { formatDate as formatDisplayDate } from '../../../../shared/dates';
import type { ReviewStatus } from '../../../../shared/portal';

/** A date, or '—' for none. */
export function formatDate(iso: string | null): string {
  return iso ? formatDisplayDate(iso) : '—';
}

let regionNames: Intl.DisplayNames | null = null;

/** ISO 3166-1 alpha-2 code to an English name; the code itself when the platform does not know it. */
export function countryName(code: string | null): string {
  if (!code) return '—';
  try {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** Where a request came from, as the page sent it ('locked_item'), read as words ('Locked item'). */
export function sourceLabel(source: string | null | undefined): string {
  const words = (source ?? '').replace(/[_-]+/g, ' ').trim();
  return words ? `${words[0]!.toUpperCase()}${words.slice(1)}` : '—';
}

export function relationshipLabel(relationship: RequesterType | null): string {
  return relationship ? requesterTypeLabels[relationship] : '—';
}

export const requestStatusLabels: Record<AccessRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  auto_approved: 'Auto-approved',
  auto_declined: 'Auto-declined',
};

/** Renewal: access ended and the member asks again; Extension: more time asked before it ends. */
export const requestKindLabels: Record<AccessRequestKind, string | null> = {
  access: null,
  renewal: 'Renewal',
  extension: 'Extension',
};

export const declinedByLabels: Record<DeclinedBy, string> = {
  organisation: 'Declined by us',
  third_party: 'Declined for a third party',
};

export const reviewStatusLabels: Record<ReviewStatus, string> = {
  approved: 'Approved',
  declined: 'Declined',
  pending: 'Pending',
  other: 'Other',
};

export type Expiry = {
  label: string;
  /** The label inside a sentence ('Currently: expires December 25, 2026.'): the month keeps its capital. */
  phrase: string;
  isExpired: boolean;
};

const inSentence = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/**
 * Only an approved account has access that can expire: any other (never approved, declined, or
 * revoked with its old end date kept) says 'No access' rather than an end date.
 */
export function expiryOf(
  accessExpiresAt: string | null,
  reviewStatus: ReviewStatus = 'approved',
  now = new Date(),
): Expiry {
  if (!accessExpiresAt || reviewStatus !== 'approved') {
    const label = reviewStatus === 'approved' ? 'No expiry' : 'No access';
    return { label, phrase: inSentence(label), isExpired: false };
  }
  const isExpired = new Date(accessExpiresAt).getTime() <= now.getTime();
  const label = `${isExpired ? 'Expired' : 'Expires'} ${formatDate(accessExpiresAt)}`;
  return { label, phrase: inSentence(label), isExpired };
}
