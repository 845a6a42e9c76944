import type { LoginOutcome, RequestOutcome } from '../../../../shared/access';

/** The dialogs of the access flow (spec 3 §2 'Other dialogs'). */
export type OutcomeDialog =
  | 'request-sent'
  | 'check-email'
  | 'auto-approved'
  | 'account-exists'
  | 'access-expired'
  | 'declined'
  /** Declined at the request of a third party (spec 3 §3 request_declined_third_party). */
  | 'declined-third-party'
  | 'pending';

/** What the page does with an answer of login or request (spec 3 §4). */
export type OutcomeAction =
  /** Closes the modal, stores the e-mail as the last used one, and shows the dialog (if any). */
  | { kind: 'success'; dialog: OutcomeDialog | null }
  /** The failure handler: closes the modal and shows the dialog. */
  | { kind: 'failure'; dialog: OutcomeDialog }
  /** Switches to the request tab with the e-mail filled in. */
  | { kind: 'request-tab' }
  /** 'Please use your work email.' under the e-mail field. */
  | { kind: 'field-error' }
  /** 'Unfortunately, an unknown error has occurred.' */
  | { kind: 'unknown-error' };

const declinedOutcomes = new Set<string>(['request_declined', 'request_access_auto_declined']);

function failureDialog(outcome: LoginOutcome | RequestOutcome): OutcomeDialog | null {
  if (outcome === 'access_expired') return 'access-expired';
  if (outcome === 'pending_request') return 'pending';
  if (outcome === 'request_declined_third_party') return 'declined-third-party';
  if (declinedOutcomes.has(outcome)) return 'declined';
  return null;
}

export function loginOutcomeAction(outcome: LoginOutcome): OutcomeAction {
  if (outcome === 'check_email') return { kind: 'success', dialog: 'check-email' };
  if (outcome === 'request_declined_blocked_domain' || outcome === 'email_not_recognised') {
    return { kind: 'request-tab' };
  }
  if (outcome === 'not_work_email') return { kind: 'field-error' };
  const dialog = failureDialog(outcome);
  return dialog ? { kind: 'failure', dialog } : { kind: 'unknown-error' };
}

export function requestOutcomeAction(outcome: RequestOutcome): OutcomeAction {
  switch (outcome) {
    case 'pending':
      return { kind: 'success', dialog: 'request-sent' };
    case 'auto_approved':
      return { kind: 'success', dialog: 'auto-approved' };
    case 'account_already_exists':
      return { kind: 'success', dialog: 'account-exists' };
    // The spec says nothing happens; the request went through, so the modal closes quietly.
    case 'request_approved':
      return { kind: 'success', dialog: null };
    case 'not_work_email':
      return { kind: 'field-error' };
    case 'request_declined_blocked_domain':
      return { kind: 'failure', dialog: 'declined' };
    case 'unique_violation':
      return { kind: 'unknown-error' };
    default: {
      const dialog = failureDialog(outcome);
      return dialog ? { kind: 'failure', dialog } : { kind: 'unknown-error' };
    }
  }
}
