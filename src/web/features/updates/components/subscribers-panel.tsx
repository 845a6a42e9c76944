import { Ban, Download, Search, Trash2 } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import { formatDate } from '../../../../shared/dates';
import {
  categoryLabels,
  type SubscriberListResponse,
  type SubscriberStatus,
  type SubscriberView,
  updateCategories,
} from '../../../../shared/updates';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { Input } from '../../../components/ui/input';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { FilterTabs } from '../../../components/ui/tabs';
import { classNames } from '../../../lib/class-names';
import { createBlock, deleteSubscriber, useSubscriberMutation, useSubscribers } from '../api/staff-updates';

type Filter = SubscriberStatus | 'all';

const statusLabels: Record<SubscriberStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
  blocked: 'Blocked',
};

const statusStyles: Record<SubscriberStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  confirmed: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  unsubscribed: 'bg-slate-100 text-slate-700 ring-slate-300',
  blocked: 'bg-red-50 text-red-800 ring-red-300',
};

function StatusBadge({ status }: { status: SubscriberStatus }) {
  return (
    <span
      className={classNames(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        statusStyles[status],
      )}
    >
      {statusLabels[status]}
    </span>
  );
}

type Pending = { kind: 'delete' | 'block'; subscriber: SubscriberView };

/** Who an update of each kind reaches now: confirmed subscribers who follow it and have not paused. */
function Reach({ data }: { data: Pick<SubscriberListResponse, 'reach' | 'paused'> }) {
  return (
    <div className="rounded-2xl bg-white px-5 py-4 shadow-xs ring-1 ring-slate-200">
      <h3 className="text-sm font-semibold text-slate-900">An update now reaches</h3>
      <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {updateCategories.map((category) => (
          <div key={category} className="flex gap-1.5">
            <dt className="text-slate-600">{categoryLabels[category]}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{data.reach[category]}</dd>
          </div>
        ))}
        <div className="flex gap-1.5">
          <dt className="text-slate-600">Paused</dt>
          <dd className="font-medium text-slate-900 tabular-nums">{data.paused}</dd>
        </div>
      </dl>
    </div>
  );
}

function follows(subscriber: SubscriberView): string {
  const kinds = subscriber.categories
    ? subscriber.categories.map((category) => categoryLabels[category]).join(', ')
    : 'All';
  return subscriber.productNames ? `${kinds} · ${subscriber.productNames.join(', ')}` : kinds;
}

/** Subscribers by status with counts, a search, and per address: block or delete. */
export function SubscribersPanel({ canEdit }: { canEdit: boolean }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDeferredValue(search.trim());
  const subscribers = useSubscribers({
    status: filter === 'all' ? undefined : filter,
    q: query || undefined,
    page,
  });
  const [pending, setPending] = useState<Pending | null>(null);
  const remove = useSubscriberMutation((id: string) => deleteSubscriber(id));
  const block = useSubscriberMutation((email: string) => createBlock({ kind: 'email', value: email }));

  const counts = subscribers.data?.counts;
  const total = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : null;
  const label = (text: string, count: number | null | undefined) => (
    <>
      {text}
      <span className="ms-1.5 rounded-full bg-slate-200/70 px-1.5 text-xs tabular-nums">{count ?? '–'}</span>
    </>
  );
  const options = [
    { value: 'all' as const, label: label('All', total) },
    ...(Object.keys(statusLabels) as SubscriberStatus[]).map((status) => ({
      value: status,
      label: label(statusLabels[status], counts?.[status]),
    })),
  ];

  function confirm() {
    if (!pending) return;
    const done = (message: string) => () => {
      toast.success(message);
      setPending(null);
    };
    const failed = (error: Error) => toast.error(error.message);
    if (pending.kind === 'delete') {
      remove.mutate(pending.subscriber.id, { onSuccess: done('Subscriber deleted'), onError: failed });
    } else {
      block.mutate(pending.subscriber.email, { onSuccess: done('Address blocked'), onError: failed });
    }
  }

  return (
    <section aria-labelledby="subscribers-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="subscribers-heading" className="text-lg font-semibold tracking-tight text-slate-950">
          E-mail subscribers
        </h2>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <div className="relative w-full sm:w-72">
            <Search
              className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden
            />
            <Input
              type="search"
              aria-label="Search subscribers by e-mail"
              placeholder="Search by e-mail"
              className="ps-9"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          </div>
          <a href="/api/subscribers/export.csv" download className={buttonClassName('secondary', 'sm')}>
            <Download className="size-4" aria-hidden />
            Export CSV
          </a>
        </div>
      </div>
      {subscribers.data ? <Reach data={subscribers.data} /> : null}
      <FilterTabs
        label="Subscriber status"
        value={filter}
        options={options}
        onValueChange={(value) => {
          setFilter(value);
          setPage(1);
        }}
      >
        {subscribers.isError ? <ErrorBox detail={subscribers.error.message} /> : null}
        {subscribers.isPending ? <Skeleton className="h-48 w-full rounded-2xl" /> : null}
        {subscribers.data ? (
          <div className="overflow-hidden rounded-2xl bg-white shadow-xs ring-1 ring-slate-200">
            {subscribers.data.subscribers.length === 0 ? (
              <p className="px-5 py-10 text-center text-sm text-slate-600">No subscribers match.</p>
            ) : (
              <div className="overflow-x-auto">
                <Table>
                  <TableHead className="bg-slate-50 text-xs font-medium text-slate-600">
                    <TableRow>
                      <TableHeaderCell className="px-5 py-2.5">E-mail</TableHeaderCell>
                      <TableHeaderCell className="px-3 py-2.5">Status</TableHeaderCell>
                      <TableHeaderCell className="hidden px-3 py-2.5 sm:table-cell">Follows</TableHeaderCell>
                      <TableHeaderCell className="hidden px-3 py-2.5 md:table-cell">Source</TableHeaderCell>
                      <TableHeaderCell className="hidden px-3 py-2.5 sm:table-cell">Since</TableHeaderCell>
                      {canEdit ? (
                        <TableHeaderCell className="px-5 py-2.5 text-end">
                          <span className="sr-only">Actions</span>
                        </TableHeaderCell>
                      ) : null}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {subscribers.data.subscribers.map((subscriber) => (
                      <TableRow key={subscriber.id} data-testid="subscriber-row">
                        <TableCell className="max-w-64 truncate px-5 py-3 font-medium text-slate-900">
                          {subscriber.email}
                        </TableCell>
                        <TableCell className="px-3 py-3">
                          <StatusBadge status={subscriber.status} />
                        </TableCell>
                        <TableCell className="hidden px-3 py-3 text-slate-700 sm:table-cell">
                          {follows(subscriber)}
                          {subscriber.pausedAt ? (
                            <span className="ms-1.5 text-slate-500">(paused)</span>
                          ) : null}
                        </TableCell>
                        <TableCell className="hidden px-3 py-3 text-slate-600 md:table-cell">
                          {subscriber.source.replaceAll('_', ' ')}
                        </TableCell>
                        <TableCell className="hidden px-3 py-3 whitespace-nowrap text-slate-600 sm:table-cell">
                          {formatDate(subscriber.confirmedAt ?? subscriber.createdAt)}
                        </TableCell>
                        {canEdit ? (
                          <TableCell className="px-5 py-3">
                            <div className="flex justify-end gap-1">
                              {subscriber.status !== 'blocked' ? (
                                <Button
                                  size="sm"
                                  variant="ghost"
                                  aria-label={`Block ${subscriber.email}`}
                                  onClick={() => setPending({ kind: 'block', subscriber })}
                                >
                                  <Ban className="size-4" aria-hidden />
                                </Button>
                              ) : null}
                              <Button
                                size="sm"
                                variant="ghost"
                                aria-label={`Delete ${subscriber.email}`}
                                onClick={() => setPending({ kind: 'delete', subscriber })}
                              >
                                <Trash2 className="size-4" aria-hidden />
                              </Button>
                            </div>
                          </TableCell>
                        ) : null}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            )}
            {subscribers.data.totalPages > 1 ? (
              <div className="border-t border-slate-100 px-5 py-3">
                <Pagination
                  label="Subscriber pages"
                  page={subscribers.data.page}
                  totalPages={subscribers.data.totalPages}
                  onPageChange={setPage}
                  disabled={subscribers.isPlaceholderData}
                />
              </div>
            ) : null}
          </div>
        ) : null}
      </FilterTabs>
      <AlertDialog
        open={pending !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setPending(null))}
        title={pending?.kind === 'block' ? 'Block this address?' : 'Delete this subscriber?'}
        description={
          pending?.kind === 'block'
            ? `${pending.subscriber.email} gets no more updates and cannot subscribe again until you unblock it.`
            : `${pending?.subscriber.email ?? ''} is removed. The address may subscribe again later.`
        }
        confirmLabel={pending?.kind === 'block' ? 'Block' : 'Delete'}
        isDestructive
        isBusy={remove.isPending || block.isPending}
        onConfirm={confirm}
      />
    </section>
  );
}
