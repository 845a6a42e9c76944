import { Check, Inbox, SlidersHorizontal, X } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AccessRequestRow } from '../../../../shared/access';
import { type AccessRequestPage, type QueueCounts, queueLimits } from '../../../../shared/access-queue';
import { countOf } from '../../../../shared/plural';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ErrorBox } from '../../../components/ui/error-box';
import { Pagination } from '../../../components/ui/pagination';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { classNames } from '../../../lib/class-names';
import { useAccessRequestDetail, useAccessRequestPage } from '../api/access-requests';
import { useAccessSettings } from '../api/access-settings';
import { usePermissionProfiles } from '../api/permission-profiles';
import { shortcutOf } from '../lib/queue-shortcuts';
import {
  activeFilterCount,
  type QueueView,
  searchParamsFromView,
  viewFromSearchParams,
  withChange,
} from '../lib/queue-view';
import { BulkApproveDialog, BulkDeclineDialog } from './bulk-decision-dialogs';
import { EmptyState, PageHeader } from './console-page';
import { Filters, SearchField } from './queue-filters';
import { ApproveDialog, DeclineDialog } from './request-decision-dialogs';
import { RequestDetailDrawer } from './request-detail-drawer';
import { RequestItem } from './request-item';
import { type MatchingState, useQueueSelection } from './use-queue-selection';

const statusTabs: { status: QueueView['status']; label: string }[] = [
  { status: 'pending', label: 'Pending' },
  { status: 'approved', label: 'Approved' },
  { status: 'declined', label: 'Declined' },
  { status: 'auto_approved', label: 'Auto-approved' },
  { status: 'auto_declined', label: 'Auto-declined' },
  { status: 'all', label: 'All' },
];

function countFor(counts: QueueCounts, status: QueueView['status']): number {
  const all = Object.values(counts).reduce((sum, value) => sum + value, 0);
  if (status === 'all') return all;
  if (status === 'decided') return all - counts.pending;
  return counts[status];
}

/** Links, so each status view is an address of its own; the counts follow the other filters. */
function StatusTabs({ view, counts }: { view: QueueView; counts: QueueCounts | undefined }) {
  return (
    <nav aria-label="Request status" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
        {statusTabs.map((tab) => {
          const isCurrent = view.status === tab.status;
          return (
            <li key={tab.status}>
              <Link
                to={{ search: searchParamsFromView(withChange(view, { status: tab.status })).toString() }}
                aria-current={isCurrent ? 'page' : undefined}
                className={classNames(
                  'flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition',
                  isCurrent ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {tab.label}
                {counts ? (
                  <span className="rounded-full bg-slate-200/70 px-1.5 text-xs text-slate-700 tabular-nums">
                    {countFor(counts, tab.status)}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A staff mail links one request (?request=id): its details open once they load, whatever page of the
 * queue shows. Returns what forgets the link, so closing the details does not open them again.
 */
function useRequestFromMailLink(open: (request: AccessRequestRow) => void): () => void {
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get('request');
  const linked = useAccessRequestDetail(linkedId && uuidPattern.test(linkedId) ? linkedId : null);
  const found = linked.data?.request;
  const openedId = useRef<string | null>(null);
  useEffect(() => {
    if (!found || openedId.current === found.id) return;
    openedId.current = found.id;
    open(found);
  }, [found, open]);
  return useCallback(() => {
    setSearchParams(
      (current) => {
        if (!current.has('request')) return current;
        const next = new URLSearchParams(current);
        next.delete('request');
        return next;
      },
      { replace: true },
    );
  }, [setSearchParams]);
}

/**
 * Once a whole page is selected, offers every pending request the view matches (up to selectAllMax),
 * like a mail client; then says how many are selected.
 */
function SelectAllMatching({
  pageIsSelected,
  selectedCount,
  pendingMatching,
  state,
  onSelectAll,
}: {
  pageIsSelected: boolean;
  selectedCount: number;
  pendingMatching: number;
  state: MatchingState;
  onSelectAll(): void;
}) {
  if (state.total !== null && selectedCount > 0) {
    return (
      <p className="text-slate-700" data-testid="all-matching-selected">
        {state.total > selectedCount
          ? `The first ${selectedCount.toLocaleString('en')} of ${state.total.toLocaleString('en')} pending requests that match are selected.`
          : `All ${countOf(selectedCount, 'pending request')} that match are selected.`}
      </p>
    );
  }
  if (!pageIsSelected || pendingMatching <= selectedCount) return null;
  const shown = Math.min(pendingMatching, queueLimits.selectAllMax).toLocaleString('en');
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Button size="sm" variant="ghost" onClick={onSelectAll} disabled={state.isLoading}>
        {state.isLoading
          ? 'Selecting…'
          : pendingMatching > queueLimits.selectAllMax
            ? `Select the first ${shown} of ${pendingMatching.toLocaleString('en')} pending requests that match`
            : `Select all ${shown} pending requests that match`}
      </Button>
      {state.error ? (
        <span role="alert" className="text-red-700">
          {state.error}
        </span>
      ) : null}
    </span>
  );
}

const isDialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

type RowActions = {
  open(row: AccessRequestRow): void;
  approve(row: AccessRequestRow): void;
  decline(row: AccessRequestRow): void;
  toggle(row: AccessRequestRow): void;
};

/**
 * j/k move through the rows, x selects, o opens, a and d decide. No row is active until staff move to
 * one (j/k, or focus): a and d never act on a row nobody chose.
 */
function useQueueKeyboard(rows: AccessRequestRow[], actions: RowActions) {
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const rowElements = useRef(new Map<number, HTMLLIElement>());
  const activeRow = activeIndex === null ? undefined : rows[Math.min(activeIndex, rows.length - 1)];
  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActiveIndex(next);
    const element = rowElements.current.get(next);
    element?.focus({ preventScroll: true });
    element?.scrollIntoView({ block: 'nearest' });
  };
  const act = (shortcut: NonNullable<ReturnType<typeof shortcutOf>>, row: AccessRequestRow) => {
    if (shortcut === 'open') return actions.open(row);
    if (row.status !== 'pending') return;
    if (shortcut === 'approve') return actions.approve(row);
    if (shortcut === 'decline') return actions.decline(row);
    if (shortcut === 'toggle-selection') actions.toggle(row);
  };

  const shortcutHandler = useRef<(event: KeyboardEvent) => void>(() => {});
  shortcutHandler.current = (event) => {
    const shortcut = shortcutOf(event, isDialogOpen());
    if (!shortcut || rows.length === 0) return;
    event.preventDefault();
    if (activeIndex === null) {
      if (shortcut === 'next' || shortcut === 'previous') moveTo(0);
      return;
    }
    const current = Math.min(activeIndex, rows.length - 1);
    // After a decision the next request slides into the active place: j first focuses it.
    if (shortcut === 'next')
      return moveTo(document.activeElement === rowElements.current.get(current) ? current + 1 : current);
    if (shortcut === 'previous') return moveTo(current - 1);
    if (activeRow) act(shortcut, activeRow);
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => shortcutHandler.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const forget = useCallback(() => setActiveIndex(null), []);
  return {
    activeRow,
    activate: setActiveIndex,
    forget,
    rowRef: (index: number) => (element: HTMLLIElement | null) => {
      if (element) rowElements.current.set(index, element);
      else rowElements.current.delete(index);
    },
  };
}

const clearedFilters: Partial<QueueView> = {
  q: undefined,
  productId: undefined,
  requesterType: undefined,
  country: undefined,
  source: undefined,
  from: undefined,
  to: undefined,
  hasNda: undefined,
};

type QueueToolbarProps = {
  view: QueueView;
  sort: AccessRequestPage['sort'] | undefined;
  filtersOpen: boolean;
  onToggleFilters(): void;
  changeView(change: Partial<QueueView>, options?: { replace?: boolean }): void;
};

/** Search, sort, the filters' switch and Clear filters. */
function QueueToolbar({ view, sort, filtersOpen, onToggleFilters, changeView }: QueueToolbarProps) {
  const filterCount = activeFilterCount(view);
  const onSearch = useCallback(
    (q: string) => changeView({ q: q || undefined }, { replace: true }),
    [changeView],
  );
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SearchField value={view.q ?? ''} onSearch={onSearch} />
      <div className="flex items-center gap-2">
        <label htmlFor="queue-sort" className="sr-only">
          Sort
        </label>
        <Select
          id="queue-sort"
          value={sort ?? view.sort ?? (view.status === 'pending' ? 'oldest' : 'newest')}
          onChange={(event) => changeView({ sort: event.target.value as QueueView['sort'] })}
          className="w-40"
        >
          <option value="oldest">Oldest first</option>
          <option value="newest">Newest first</option>
          <option value="name">Name A–Z</option>
          <option value="company">Company A–Z</option>
        </Select>
        <Button
          variant="secondary"
          aria-expanded={filtersOpen}
          aria-controls="queue-filters"
          onClick={onToggleFilters}
        >
          <SlidersHorizontal className="size-4" aria-hidden />
          Filters{filterCount > 0 ? ` (${filterCount})` : ''}
        </Button>
      </div>
      {filterCount > 0 || view.q ? (
        <Button variant="ghost" onClick={() => changeView(clearedFilters)}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

type Selection = ReturnType<typeof useQueueSelection>;

function SelectionBar({ selection }: { selection: Selection }) {
  const count = selection.selectedIds.size;
  if (count === 0) return null;
  return (
    <section
      aria-label="Selected requests"
      className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-xl bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg"
    >
      <span className="me-auto font-medium" aria-live="polite">
        {countOf(count, 'request')} selected
      </span>
      <Button size="sm" variant="secondary" onClick={() => selection.openBulk('approve')}>
        <Check className="size-4" aria-hidden />
        Approve {count}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => selection.openBulk('decline')}>
        <X className="size-4" aria-hidden />
        Decline {count}
      </Button>
      <Button size="sm" variant="dark" onClick={selection.clear}>
        Clear selection
      </Button>
    </section>
  );
}

function NoRequests({ view }: { view: QueueView }) {
  const icon = <Inbox className="size-6" aria-hidden />;
  if (activeFilterCount(view) > 0 || view.q) {
    return (
      <EmptyState icon={icon} title="No requests match this view">
        Change the search or filters to see more.
      </EmptyState>
    );
  }
  if (view.status === 'pending') {
    return (
      <EmptyState icon={icon} title="No requests waiting">
        New requests from the portal appear here for review.
      </EmptyState>
    );
  }
  return <EmptyState icon={icon} title="No requests here yet" />;
}

function pageCheckboxState(selection: Selection): boolean | 'indeterminate' {
  const { selectedOnPage, pendingRows } = selection;
  if (selectedOnPage.length === 0) return false;
  return selectedOnPage.length === pendingRows.length ? true : 'indeterminate';
}

/** Above the rows: select the page's pending requests, which rows of how many, select all that match. */
function QueueListHeader({
  data,
  selection,
  canDecide,
}: {
  data: AccessRequestPage;
  selection: Selection;
  canDecide: boolean;
}) {
  const { pendingRows, selectedOnPage } = selection;
  const first = data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = Math.min(data.total, first + data.requests.length - 1);
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-sm sm:px-5">
      {pendingRows.length > 0 && canDecide ? (
        <Checkbox
          checked={pageCheckboxState(selection)}
          onCheckedChange={(on) => selection.changeSelection(pendingRows, on === true)}
          aria-label="Select every pending request on this page"
        />
      ) : null}
      <p className="text-slate-600" aria-live="polite">
        Showing{' '}
        <span className="font-medium text-slate-900 tabular-nums">
          {first}–{last}
        </span>{' '}
        of <span className="font-medium text-slate-900 tabular-nums">{data.total}</span>
      </p>
      {canDecide ? (
        <SelectAllMatching
          pageIsSelected={pendingRows.length > 0 && selectedOnPage.length === pendingRows.length}
          selectedCount={selection.selectedIds.size}
          pendingMatching={data.counts.pending}
          state={selection.matching}
          onSelectAll={() => void selection.selectAllMatching()}
        />
      ) : null}
    </div>
  );
}

type QueueResultsProps = {
  page: ReturnType<typeof useAccessRequestPage>;
  view: QueueView;
  selection: Selection;
  keyboard: ReturnType<typeof useQueueKeyboard>;
  actions: RowActions;
  canDecide: boolean;
};

function QueueResults({ page, view, selection, keyboard, actions, canDecide }: QueueResultsProps) {
  if (page.isPending) {
    return (
      <div className="space-y-2" aria-busy="true">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (page.isError) return <ErrorBox detail={page.error.message} />;
  const rows = page.data.requests;
  if (rows.length === 0) return <NoRequests view={view} />;
  return (
    <div
      className="overflow-hidden rounded-2xl bg-white shadow-xs ring-1 ring-slate-200"
      aria-busy={page.isFetching}
    >
      <QueueListHeader data={page.data} selection={selection} canDecide={canDecide} />
      <ul aria-label="Access requests" className="divide-y divide-slate-100">
        {rows.map((request, index) => (
          <RequestItem
            key={request.id}
            request={request}
            isActive={keyboard.activeRow?.id === request.id}
            isSelected={selection.selectedIds.has(request.id)}
            rowRef={keyboard.rowRef(index)}
            onSelect={(on) => selection.toggle(request, on)}
            onActivate={() => keyboard.activate(index)}
            onOpen={() => actions.open(request)}
            onApprove={() => actions.approve(request)}
            onDecline={() => actions.decline(request)}
            canDecide={canDecide}
          />
        ))}
      </ul>
    </div>
  );
}

function Key({ children }: { children: ReactNode }) {
  return <kbd className="font-sans font-semibold">{children}</kbd>;
}

function KeyboardHelp() {
  return (
    <p className="hidden text-xs text-slate-500 md:block">
      Keyboard: <Key>j</Key> / <Key>k</Key> next and previous, <Key>x</Key> select, <Key>o</Key> details,{' '}
      <Key>a</Key> approve, <Key>d</Key> decline.
    </p>
  );
}

/** Which request is being approved, declined or shown, and the link from a staff mail. */
function useRequestDialogs() {
  const [approving, setApproving] = useState<AccessRequestRow | null>(null);
  const [declining, setDeclining] = useState<AccessRequestRow | null>(null);
  const [showing, setShowing] = useState<AccessRequestRow | null>(null);
  const forgetMailLink = useRequestFromMailLink(setShowing);
  const closeDetails = () => {
    setShowing(null);
    forgetMailLink();
  };
  return {
    approving,
    declining,
    showing,
    open: setShowing,
    approve: setApproving,
    decline: setDeclining,
    closeApprove: () => setApproving(null),
    closeDecline: () => setDeclining(null),
    closeDetails,
    approveFromDetails: (request: AccessRequestRow) => {
      closeDetails();
      setApproving(request);
    },
    declineFromDetails: (request: AccessRequestRow) => {
      closeDetails();
      setDeclining(request);
    },
  };
}

function QueueDialogs({
  dialogs,
  selection,
  canDecide,
}: {
  dialogs: ReturnType<typeof useRequestDialogs>;
  selection: Selection;
  canDecide: boolean;
}) {
  const settings = useAccessSettings();
  const profiles = usePermissionProfiles();
  const { bulk } = selection;
  return (
    <>
      <ApproveDialog
        request={dialogs.approving}
        defaultAccessDays={settings.data?.defaultAccessDays}
        profiles={profiles.data ?? []}
        onClose={dialogs.closeApprove}
      />
      <DeclineDialog request={dialogs.declining} onClose={dialogs.closeDecline} />
      <BulkApproveDialog
        selection={bulk?.verb === 'approve' ? bulk.selection : null}
        defaultAccessDays={settings.data?.defaultAccessDays}
        profiles={profiles.data ?? []}
        onClose={selection.closeBulk}
        onDone={selection.clear}
      />
      <BulkDeclineDialog
        selection={bulk?.verb === 'decline' ? bulk.selection : null}
        onClose={selection.closeBulk}
        onDone={selection.clear}
      />
      <RequestDetailDrawer
        request={dialogs.showing}
        onClose={dialogs.closeDetails}
        onApprove={dialogs.approveFromDetails}
        onDecline={dialogs.declineFromDetails}
        canDecide={canDecide}
      />
    </>
  );
}

/**
 * The review queue: a page of requests chosen by status, search, filters and sort (all in the
 * address), decided one at a time or selected and decided together; j/k, x, o, a and d work it
 * from the keyboard.
 */
/** canDecide: the role holds access:review; without it the queue is read-only (decision 375). */
export function AccessRequestsScreen({ canDecide }: { canDecide: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => viewFromSearchParams(searchParams), [searchParams]);
  const page = useAccessRequestPage(view);
  const [filtersOpen, setFiltersOpen] = useState(() => activeFilterCount(view) > 0);
  const dialogs = useRequestDialogs();
  const rows = page.data?.requests ?? [];
  // A selection belongs to one view (paging keeps it) and remembers the rows staff saw, for names.
  const selection = useQueueSelection(view, rows);
  const ignore = () => {};
  const actions: RowActions = {
    open: dialogs.open,
    approve: canDecide ? dialogs.approve : ignore,
    decline: canDecide ? dialogs.decline : ignore,
    toggle: canDecide ? (row) => selection.toggle(row, !selection.selectedIds.has(row.id)) : ignore,
  };
  const keyboard = useQueueKeyboard(rows, actions);
  const { forget } = keyboard;
  const changeView = useCallback(
    (change: Partial<QueueView>, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => searchParamsFromView(withChange(viewFromSearchParams(current), change)),
        options,
      );
      forget();
    },
    [setSearchParams, forget],
  );
  const data = page.data;

  return (
    <div className="space-y-4">
      <PageHeader
        title="Access requests"
        description="Visitors who asked for access to restricted content. Approving creates or extends their company's account."
      />
      <StatusTabs view={view} counts={data?.counts} />
      <QueueToolbar
        view={view}
        sort={data?.sort}
        filtersOpen={filtersOpen}
        onToggleFilters={() => setFiltersOpen((open) => !open)}
        changeView={changeView}
      />
      {filtersOpen ? (
        <Filters view={view} facets={data?.facets} onChange={(change) => changeView(change)} />
      ) : null}
      {canDecide ? <SelectionBar selection={selection} /> : null}
      <QueueResults
        page={page}
        view={view}
        selection={selection}
        keyboard={keyboard}
        actions={actions}
        canDecide={canDecide}
      />
      {data ? (
        <Pagination
          label="Access request pages"
          page={data.page}
          totalPages={data.pageCount}
          disabled={page.isFetching}
          onPageChange={(next) => changeView({ page: next })}
        />
      ) : null}
      <KeyboardHelp />
      <QueueDialogs dialogs={dialogs} selection={selection} canDecide={canDecide} />
    </div>
  );
}
