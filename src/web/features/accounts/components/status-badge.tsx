import type { AccessRequestKind, AccessRequestStatus } from '../../../../shared/access';
import type { ReviewStatus } from '../../../../shared/portal';
import { classNames } from '../../../lib/class-names';
import { requestKindLabels, requestStatusLabels, reviewStatusLabels } from '../lib/format';

type Tone = 'green' | 'red' | 'amber' | 'slate';

const tones: Record<Tone, string> = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  red: 'bg-red-50 text-red-800 ring-red-600/20',
  amber: 'bg-amber-50 text-amber-900 ring-amber-600/25',
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

export function Badge({ tone, children }: { tone: Tone; children: string }) {
  return (
    <span
      className={classNames(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

const reviewTones: Record<ReviewStatus, Tone> = {
  approved: 'green',
  declined: 'red',
  pending: 'amber',
  other: 'slate',
};

export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return <Badge tone={reviewTones[status]}>{reviewStatusLabels[status]}</Badge>;
}

const requestTones: Record<AccessRequestStatus, Tone> = {
  pending: 'amber',
  approved: 'green',
  auto_approved: 'green',
  declined: 'red',
  auto_declined: 'red',
};

export function RequestStatusBadge({ status }: { status: AccessRequestStatus }) {
  return <Badge tone={requestTones[status]}>{requestStatusLabels[status]}</Badge>;
}

/** Renewals and extensions stand out from first requests; a first request has no badge. */
export function RequestKindBadge({ kind }: { kind: AccessRequestKind }) {
  const label = requestKindLabels[kind];
  return label ? <Badge tone="slate">{label}</Badge> : null;
}
