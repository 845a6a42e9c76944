import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AccessRequestRow } from '../../../../shared/access';
import type { AccessRequestHistoryEntry } from '../../../../shared/access-queue';
import { Button } from '../../../components/ui/button';
import { Drawer, DrawerContent } from '../../../components/ui/drawer';
import { ErrorBox } from '../../../components/ui/error-box';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAccessRequestDetail } from '../api/access-requests';
import {
  countryName,
  declinedByLabels,
  formatDate,
  relationshipLabel,
  requestKindLabels,
  sourceLabel,
} from '../lib/format';
import { searchParamsFromView } from '../lib/queue-view';
import { RequestKindBadge, RequestStatusBadge } from './status-badge';

const nameOf = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-b border-slate-200 px-4 py-4 sm:px-6">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        {children}
      </dl>
    </section>
  );
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </>
  );
}

export function ndaLabel(nda: AccessRequestRow['nda']): string {
  if (!nda) return 'Not accepted';
  return nda.isCurrent
    ? `Accepted on ${formatDate(nda.acceptedAt)}`
    : `Accepted an earlier version on ${formatDate(nda.acceptedAt)}`;
}

/** "Asked Nov 3 (extension) · decided Nov 4 by Alex · 90 days": one earlier request in a line. */
function askedAndDecided(entry: AccessRequestHistoryEntry): string {
  const kind = requestKindLabels[entry.kind];
  const decided = entry.decidedAt
    ? ` · decided ${formatDate(entry.decidedAt)}${entry.decidedBy ? ` by ${entry.decidedBy}` : ''}`
    : '';
  return `Asked ${formatDate(entry.createdAt)}${kind ? ` (${kind.toLowerCase()})` : ''}${decided}${
    entry.accessDays ? ` · ${entry.accessDays} days` : ''
  }`;
}

function HistoryEntry({ entry }: { entry: AccessRequestHistoryEntry }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm">
      <span className="min-w-0">
        <span className="block font-medium text-slate-900">
          {nameOf(entry)} <span className="font-normal break-all text-slate-600">{entry.email}</span>
        </span>
        <span className="block text-xs text-slate-600">{askedAndDecided(entry)}</span>
        {entry.decisionReason ? (
          <span className="block text-xs text-slate-600">
            {entry.declinedBy ? `${declinedByLabels[entry.declinedBy]}: ` : ''}
            {entry.decisionReason}
          </span>
        ) : null}
      </span>
      <RequestStatusBadge status={entry.status} />
    </li>
  );
}

function History({
  title,
  entries,
  total,
  search,
  empty,
}: {
  title: string;
  entries: AccessRequestHistoryEntry[];
  /** All there are; the list holds the newest few, and says so with a way to the rest. */
  total: number;
  /** The queue's search that finds all of them. */
  search: string;
  empty: string;
}) {
  return (
    <section className="border-b border-slate-200 px-4 py-4 sm:px-6">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {total > entries.length ? (
        <p className="mt-1 text-xs text-slate-600">
          The newest {entries.length} of {total}.{' '}
          <Link
            className="font-medium text-slate-900 underline underline-offset-2"
            to={{ search: searchParamsFromView({ status: 'all', page: 1, q: search }).toString() }}
          >
            See all {total} in the queue
          </Link>
        </p>
      ) : null}
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {entries.map((entry) => (
            <HistoryEntry key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}

type RequestDetail = NonNullable<ReturnType<typeof useAccessRequestDetail>['data']>;
type ShownRequest = RequestDetail['request'];

function RequesterSection({ shown }: { shown: ShownRequest }) {
  return (
    <Section title="Requester">
      <Term label="Status">
        <span className="flex flex-wrap items-center gap-2">
          <RequestStatusBadge status={shown.status} />
          <RequestKindBadge kind={shown.kind} />
        </span>
      </Term>
      <Term label="Company">{shown.companyName}</Term>
      {shown.jobTitle ? <Term label="Job title">{shown.jobTitle}</Term> : null}
      <Term label="Relationship">{relationshipLabel(shown.relationship)}</Term>
      <Term label="Country">{countryName(shown.country)}</Term>
      {shown.pointOfContactEmail ? <Term label="Point of contact">{shown.pointOfContactEmail}</Term> : null}
      <Term label="NDA">{ndaLabel(shown.nda)}</Term>
      <Term label="Asked on">{formatDate(shown.createdAt)}</Term>
    </Section>
  );
}

function askedProducts(shown: ShownRequest): string {
  return shown.requestedProductNames.length > 0
    ? shown.requestedProductNames.join(', ')
    : (shown.productName ?? '—');
}

function askedItem(shown: ShownRequest): string {
  return shown.itemTitle ?? (shown.itemKind ? `A ${shown.itemKind} item` : '—');
}

function AskedForSection({ shown }: { shown: ShownRequest }) {
  return (
    <Section title="Asked for">
      <Term label="Products">{askedProducts(shown)}</Term>
      <Term label="Item">{askedItem(shown)}</Term>
      <Term label="Source">{sourceLabel(shown.source)}</Term>
      <Term label="Invited by">{shown.invitedBy ?? '—'}</Term>
      <Term label="Updates by e-mail">{shown.wantsUpdates ? 'Yes' : 'No'}</Term>
      {shown.customCheckbox !== null ? (
        <Term label="Custom checkbox">{shown.customCheckbox ? 'Ticked' : 'Not ticked'}</Term>
      ) : null}
      {shown.accountName ? <Term label="Account">{shown.accountName}</Term> : null}
    </Section>
  );
}

function DecisionSection({ shown }: { shown: ShownRequest }) {
  if (shown.status === 'pending') return null;
  return (
    <Section title="Decision">
      <Term label="Decided">
        {formatDate(shown.decidedAt)}
        {shown.decidedBy ? ` by ${shown.decidedBy}` : ''}
      </Term>
      {shown.declinedBy ? <Term label="Declined by">{declinedByLabels[shown.declinedBy]}</Term> : null}
      {shown.decisionReason ? <Term label="Reason">{shown.decisionReason}</Term> : null}
    </Section>
  );
}

/** The earlier requests of the person and of their company domain (none for a personal mailbox). */
function EarlierRequests({ detail }: { detail: RequestDetail }) {
  return (
    <>
      <History
        title="Other requests from this person"
        entries={detail.samePerson}
        total={detail.samePersonTotal}
        search={detail.request.email}
        empty="None: this is their first request."
      />
      {detail.domain ? (
        <History
          title={`Other people at ${detail.domain}`}
          entries={detail.sameDomain}
          total={detail.sameDomainTotal}
          search={detail.domain}
          empty="No one else from this domain has asked."
        />
      ) : (
        <section className="px-4 py-4 text-sm text-slate-600 sm:px-6">
          A personal mailbox provider: other requests from this domain say nothing about the requester's
          company.
        </section>
      )}
    </>
  );
}

function RequestDetailBody({ requestId }: { requestId: string }) {
  const detail = useAccessRequestDetail(requestId);
  if (detail.isPending) {
    return (
      <div className="space-y-3 p-6" aria-busy="true">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <div className="p-6">
        <ErrorBox detail={detail.error.message} />
      </div>
    );
  }
  const shown = detail.data.request;
  return (
    <>
      <RequesterSection shown={shown} />
      <AskedForSection shown={shown} />
      <DecisionSection shown={shown} />
      <EarlierRequests detail={detail.data} />
    </>
  );
}

type RequestDetailDrawerProps = {
  request: AccessRequestRow | null;
  onClose(): void;
  onApprove(request: AccessRequestRow): void;
  onDecline(request: AccessRequestRow): void;
  /** The role may approve and decline (access:review); without it the drawer only shows. */
  canDecide: boolean;
};

/**
 * Everything the requester gave and asked for, with the earlier requests and decisions for the same
 * person and the same company domain, so a decision can follow the ones made before.
 */
export function RequestDetailDrawer({
  request,
  onClose,
  onApprove,
  onDecline,
  canDecide,
}: RequestDetailDrawerProps) {
  return (
    <Drawer open={request !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {request ? (
        <DrawerContent
          title={nameOf(request)}
          description={`${request.email} · ${request.companyName}`}
          actions={
            request.status === 'pending' && canDecide ? (
              <>
                <Button size="sm" onClick={() => onApprove(request)}>
                  <Check className="size-4" aria-hidden />
                  Approve
                </Button>
                <Button size="sm" variant="secondary" onClick={() => onDecline(request)}>
                  <X className="size-4" aria-hidden />
                  Decline
                </Button>
              </>
            ) : null
          }
        >
          <RequestDetailBody requestId={request.id} />
        </DrawerContent>
      ) : null}
    </Drawer>
  );
}
