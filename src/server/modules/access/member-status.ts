import type { LoginOutcome } from '../../../shared/access';
import type { accessRequests, accounts } from '../../db/schema';

type AccountState = Pick<typeof accounts.$inferSelect, 'reviewStatus' | 'accessExpiresAt' | 'reviewedAt'>;
type RequestState = Pick<typeof accessRequests.$inferSelect, 'status' | 'declinedBy' | 'createdAt'>;

export function isAccountAuthorised(
  account: Pick<AccountState, 'reviewStatus' | 'accessExpiresAt'>,
  now: Date,
): boolean {
  return (
    account.reviewStatus === 'approved' &&
    (account.accessExpiresAt === null || account.accessExpiresAt.getTime() > now.getTime())
  );
}

export type MemberStanding =
  | 'authorised'
  | Exclude<LoginOutcome, 'check_email' | 'email_not_recognised' | 'not_work_email'>;

function declinedOutcome(request: Pick<RequestState, 'declinedBy'> | null): MemberStanding {
  return request?.declinedBy === 'third_party' ? 'request_declined_third_party' : 'request_declined';
}

/**
 * What a member's account means for them: authorised, or the outcome the access modal shows.
 * An account declined by an automatic rule answers the 'auto' variant; 'other' reads as under review.
 * An expired member who asked again since the account's last review is pending, or declined.
 */
export function memberStanding(
  account: AccountState,
  latestRequest: RequestState | null,
  now: Date,
): MemberStanding {
  if (isAccountAuthorised(account, now)) return 'authorised';
  if (account.reviewStatus === 'approved') {
    const askedSinceReview =
      latestRequest !== null &&
      (account.reviewedAt === null || latestRequest.createdAt.getTime() > account.reviewedAt.getTime());
    if (askedSinceReview && latestRequest.status === 'pending') return 'pending_request';
    if (askedSinceReview && latestRequest.status === 'declined') return declinedOutcome(latestRequest);
    return 'access_expired';
  }
  if (account.reviewStatus === 'declined') {
    return latestRequest?.status === 'auto_declined'
      ? 'request_access_auto_declined'
      : declinedOutcome(latestRequest);
  }
  return 'pending_request';
}

/** The standing of an address with no member row, from its newest request; null when it never asked. */
export function requestStanding(request: RequestState | null): MemberStanding | null {
  if (!request) return null;
  if (request.status === 'pending') return 'pending_request';
  if (request.status === 'declined') return declinedOutcome(request);
  if (request.status === 'auto_declined') return 'request_access_auto_declined';
  return null;
}
