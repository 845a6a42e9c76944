import { Check, PanelRightOpen, X } from 'lucide-react';
import type { AccessRequestRow } from '../../../../shared/access';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { classNames } from '../../../lib/class-names';
import { countryName, declinedByLabels, formatDate, relationshipLabel, sourceLabel } from '../lib/format';
import { ndaLabel } from './request-detail-drawer';
import { Badge, RequestKindBadge, RequestStatusBadge } from './status-badge';

const nameOf = (request: AccessRequestRow) => `${request.firstName} ${request.lastName}`.trim();

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <span className="block text-xs text-slate-600">
      {label}: <span className="text-slate-800">{value}</span>
    </span>
  );
}

/** One request in the queue: who, what they asked for, and its actions. */
export function RequestItem({
  request,
  isActive,
  isSelected,
  rowRef,
  onSelect,
  onActivate,
  onOpen,
  onApprove,
  onDecline,
  canDecide,
}: {
  request: AccessRequestRow;
  isActive: boolean;
  isSelected: boolean;
  rowRef(element: HTMLLIElement | null): void;
  onSelect(selected: boolean): void;
  onActivate(): void;
  onOpen(): void;
  onApprove(): void;
  onDecline(): void;
  /** The role may approve, decline and select (access:review). */
  canDecide: boolean;
}) {
  const name = nameOf(request);
  const isPending = request.status === 'pending';
  const products =
    request.requestedProductNames.length > 0 ? request.requestedProductNames.join(', ') : request.productName;
  return (
    <li
      ref={rowRef}
      data-testid="access-request-row"
      data-active={isActive || undefined}
      tabIndex={-1}
      onFocus={onActivate}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) onOpen();
      }}
      className={classNames(
        'flex items-start gap-3 px-4 py-4 outline-none sm:px-5',
        isActive ? 'bg-slate-50 shadow-[inset_3px_0_0_var(--color-brand)]' : '',
        isSelected ? 'bg-brand-soft/40' : '',
      )}
    >
      <div className="flex h-6 w-5 shrink-0 items-center">
        {isPending && canDecide ? (
          <Checkbox checked={isSelected} onCheckedChange={onSelect} aria-label={`Select ${name}`} />
        ) : null}
      </div>
      <div className="grid min-w-0 flex-1 grid-cols-1 gap-x-6 gap-y-2 text-sm md:grid-cols-2 xl:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1.2fr)_auto]">
        <div className="min-w-0">
          <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {name}
            <RequestKindBadge kind={request.kind} />
            {request.nda ? (
              <Badge tone={request.nda.isCurrent ? 'green' : 'amber'}>
                {request.nda.isCurrent ? 'NDA' : 'Old NDA'}
              </Badge>
            ) : null}
          </span>
          <span className="block text-slate-600 [overflow-wrap:anywhere]">{request.email}</span>
          <Detail label="Job title" value={request.jobTitle} />
          <Detail label="Point of contact" value={request.pointOfContactEmail} />
        </div>
        <div className="min-w-0">
          <span className="block font-medium text-slate-900">{request.companyName}</span>
          {request.kind === 'renewal' ? (
            <Detail label="Renews the expired access of" value={request.accountName} />
          ) : null}
          {request.kind === 'extension' ? (
            <Detail label="Extends the access of" value={request.accountName} />
          ) : null}
          <Detail
            label="Relationship"
            value={request.relationship && relationshipLabel(request.relationship)}
          />
          <Detail label="Country" value={request.country && countryName(request.country)} />
        </div>
        <div className="min-w-0">
          <Detail label="Products" value={products ?? '—'} />
          <Detail label="Item" value={request.itemTitle} />
          <Detail label="Source" value={sourceLabel(request.source)} />
          <Detail label="Invited by" value={request.invitedBy} />
          {request.nda ? <Detail label="NDA" value={ndaLabel(request.nda)} /> : null}
        </div>
        <div className="flex min-w-0 flex-col gap-2 md:col-span-2 xl:col-span-1 xl:items-end">
          <span className="text-xs text-slate-600">
            <span className="sr-only">Asked on </span>
            {formatDate(request.createdAt)}
          </span>
          {isPending ? null : (
            <span className="flex flex-wrap items-center gap-2 xl:justify-end">
              <RequestStatusBadge status={request.status} />
              <span className="text-xs text-slate-600">{formatDate(request.decidedAt)}</span>
            </span>
          )}
          {request.decisionReason || request.declinedBy ? (
            <span className="max-w-64 text-xs text-slate-600 xl:text-right">
              {request.declinedBy ? `${declinedByLabels[request.declinedBy]}. ` : ''}
              {request.decisionReason}
            </span>
          ) : null}
          <div className="flex flex-wrap gap-2 xl:justify-end">
            {isPending && canDecide ? (
              <>
                <Button size="sm" onClick={onApprove}>
                  <Check className="size-4" aria-hidden />
                  Approve<span className="sr-only"> {name}</span>
                </Button>
                <Button size="sm" variant="secondary" onClick={onDecline}>
                  <X className="size-4" aria-hidden />
                  Decline<span className="sr-only"> {name}</span>
                </Button>
              </>
            ) : null}
            <Button size="sm" variant="ghost" onClick={onOpen}>
              <PanelRightOpen className="size-4" aria-hidden />
              Details<span className="sr-only"> of {name}</span>
            </Button>
          </div>
        </div>
      </div>
    </li>
  );
}
