import { Check, Inbox, X } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AccessRequestRow } from '../../../../shared/access';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { Skeleton } from '../../../components/ui/skeleton';
import { type RequestTab, useAccessRequests } from '../api/access-requests';
import { useAccessSettings } from '../api/access-settings';
import { usePermissionProfiles } from '../api/permission-profiles';
import { countryName, declinedByLabels, formatDate, relationshipLabel } from '../lib/format';
import { EmptyState, PageHeader, table } from './console-page';
import { ApproveDialog, DeclineDialog } from './request-decision-dialogs';
import { Badge, RequestStatusBadge } from './status-badge';

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <span className="block text-xs text-slate-500">
      {label}: <span className="text-slate-700">{value}</span>
    </span>
  );
}

function RequestRow({
  request,
  onApprove,
  onDecline,
}: {
  request: AccessRequestRow;
  onApprove?(request: AccessRequestRow): void;
  onDecline?(request: AccessRequestRow): void;
}) {
  const name = `${request.firstName} ${request.lastName}`.trim();
  const products =
    request.requestedProductNames.length > 0 ? request.requestedProductNames.join(', ') : request.productName;
  return (
    <tr data-testid="access-request-row">
      <td className={table.td}>
        <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {name}
          {request.kind === 'renewal' ? <Badge tone="slate">Renewal</Badge> : null}
        </span>
        <span className="block break-all text-slate-600">{request.email}</span>
        <Detail label="Job title" value={request.jobTitle} />
        <Detail label="Point of contact" value={request.pointOfContactEmail} />
      </td>
      <td className={table.td}>
        <span className="block font-medium text-slate-900">{request.companyName}</span>
        {request.kind === 'renewal' ? (
          <Detail label="Renews the expired access of" value={request.accountName} />
        ) : null}
        <Detail
          label="Relationship"
          value={request.relationship && relationshipLabel(request.relationship)}
        />
        <Detail label="Country" value={request.country && countryName(request.country)} />
      </td>
      <td className={table.td}>
        <Detail label="Products" value={products ?? '—'} />
        <Detail label="Item" value={request.itemTitle} />
        <Detail label="Source" value={request.source} />
        <Detail label="Invited by" value={request.invitedBy} />
      </td>
      <td className={`${table.td} whitespace-nowrap`}>
        <span className="block">{formatDate(request.createdAt)}</span>
        {request.status !== 'pending' ? (
          <span className="mt-1 block space-y-1">
            <RequestStatusBadge status={request.status} />
            <span className="block text-xs text-slate-500">{formatDate(request.decidedAt)}</span>
          </span>
        ) : null}
      </td>
      {onApprove && onDecline ? (
        <td className={`${table.td} text-right`}>
          <div className="flex justify-end gap-2">
            <Button size="sm" onClick={() => onApprove(request)}>
              <Check className="size-4" aria-hidden />
              Approve<span className="sr-only"> {name}</span>
            </Button>
            <Button size="sm" variant="secondary" onClick={() => onDecline(request)}>
              <X className="size-4" aria-hidden />
              Decline<span className="sr-only"> {name}</span>
            </Button>
          </div>
        </td>
      ) : (
        <td className={`${table.td} max-w-56 text-xs text-slate-600`}>
          {request.declinedBy ? (
            <span className="mb-1 block font-medium text-slate-800">
              {declinedByLabels[request.declinedBy]}
            </span>
          ) : null}
          {request.decisionReason ?? '—'}
          {request.accountName ? <span className="mt-1 block">Account: {request.accountName}</span> : null}
        </td>
      )}
    </tr>
  );
}

function RequestList({
  status,
  onApprove,
  onDecline,
}: {
  status: RequestTab;
  onApprove(request: AccessRequestRow): void;
  onDecline(request: AccessRequestRow): void;
}) {
  const requests = useAccessRequests(status);
  if (requests.isPending) {
    return (
      <div className="space-y-2" aria-busy="true">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (requests.isError) return <ErrorBox detail={requests.error.message} />;
  if (requests.data.length === 0) {
    return status === 'pending' ? (
      <EmptyState icon={<Inbox className="size-6" aria-hidden />} title="No requests waiting">
        New requests from the portal appear here for review.
      </EmptyState>
    ) : (
      <EmptyState icon={<Inbox className="size-6" aria-hidden />} title="No decided requests yet" />
    );
  }
  const isPending = status === 'pending';
  return (
    <div className={table.wrapper}>
      <table className={table.table}>
        <caption className="sr-only">
          {isPending ? 'Pending access requests' : 'Decided access requests'}
        </caption>
        <thead className={table.head}>
          <tr>
            <th scope="col" className={table.th}>
              Requester
            </th>
            <th scope="col" className={table.th}>
              Company
            </th>
            <th scope="col" className={table.th}>
              Requested
            </th>
            <th scope="col" className={table.th}>
              {isPending ? 'Date' : 'Date and decision'}
            </th>
            <th scope="col" className={table.th}>
              {isPending ? <span className="sr-only">Actions</span> : 'Reason'}
            </th>
          </tr>
        </thead>
        <tbody className={table.body}>
          {requests.data.map((request) => (
            <RequestRow
              key={request.id}
              request={request}
              onApprove={isPending ? onApprove : undefined}
              onDecline={isPending ? onDecline : undefined}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const tabClassName =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 transition hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

/** The review queue: pending requests to approve or decline, and the decided ones. */
export function AccessRequestsScreen({ csrfToken }: { csrfToken: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: RequestTab = searchParams.get('tab') === 'decided' ? 'decided' : 'pending';
  const [approving, setApproving] = useState<AccessRequestRow | null>(null);
  const [declining, setDeclining] = useState<AccessRequestRow | null>(null);
  const settings = useAccessSettings();
  const profiles = usePermissionProfiles();
  const pendingCount = useAccessRequests('pending').data?.length;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Access requests"
        description="Visitors who asked for access to restricted content. Approving creates or extends their company's account."
      />
      <Tabs.Root
        value={tab}
        onValueChange={(next) => setSearchParams(next === 'decided' ? { tab: 'decided' } : {})}
      >
        <Tabs.List aria-label="Requests" className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
          <Tabs.Trigger value="pending" className={tabClassName}>
            Pending{pendingCount ? ` (${pendingCount})` : ''}
          </Tabs.Trigger>
          <Tabs.Trigger value="decided" className={tabClassName}>
            Decided
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="pending" className="mt-4">
          <RequestList status="pending" onApprove={setApproving} onDecline={setDeclining} />
        </Tabs.Content>
        <Tabs.Content value="decided" className="mt-4">
          <RequestList status="decided" onApprove={setApproving} onDecline={setDeclining} />
        </Tabs.Content>
      </Tabs.Root>
      <ApproveDialog
        request={approving}
        csrfToken={csrfToken}
        defaultAccessDays={settings.data?.defaultAccessDays}
        profiles={profiles.data ?? []}
        onClose={() => setApproving(null)}
      />
      <DeclineDialog request={declining} csrfToken={csrfToken} onClose={() => setDeclining(null)} />
    </div>
  );
}
