import type { LoginOutcome } from '../../../shared/access';
import type { accessRequests, accounts } from '../../db/schema';

type AccountState = Pick<typeof accounts.$inferSelect, 'reviewStatus' | 'accessExpiresAt'>;
type RequestState = Pick<typeof accessRequests.$inferSelect, 'status'>;

export function isAccountAuthorised(account: AccountState, now: Date): boolean {
  return (
    account.reviewStatus === 'approved' &&
    (account.accessExpiresAt === null || account.accessExpiresAt.getTime() > now.getTime())
  );
}

export type MemberStanding =
  | 'authorised'
  | Exclude<LoginOutcome, 'check_email' | 'email_not_recognised' | 'not_work_email'>;

/**
 * What a member's account means for them: authorised, or the outcome the access modal shows.
 * An account declined by an automatic rule answers the 'auto' variant; 'other' reads as under review.
 */
export function memberStanding(
  account: AccountState,
  latestRequest: RequestState | null,
  now: Date,
): MemberStanding {
  if (isAccountAuthorised(account, now)) return 'authorised';
  if (account.reviewStatus === 'approved') return 'access_expired';
  if (account.reviewStatus === 'declined') {
    return latestRequest?.status === 'auto_declined' ? 'request_access_auto_declined' : 'request_declined';
  }
  return 'pending_request';
}

/** The standing of an address with no member row, from its newest request; null when it never asked. */
export function requestStanding(request: RequestState | null): MemberStanding | null {
  if (!request) return null;
  if (request.status === 'pending') return 'pending_request';
  if (request.status === 'declined') return 'request_declined';
  if (request.status === 'auto_declined') return 'request_access_auto_declined';
  return null;
}
