import { Check, Inbox, PanelRightOpen, Search, SlidersHorizontal, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type AccessRequestRow, RequesterType, requesterTypeLabels } from '../../../../shared/access';
import { type AccessRequestPage, type QueueCounts, queueLimits } from '../../../../shared/access-queue';
import { countOf } from '../../../../shared/plural';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ErrorBox } from '../../../components/ui/error-box';
import { Input } from '../../../components/ui/input';
import { Pagination } from '../../../components/ui/pagination';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { classNames } from '../../../lib/class-names';
import {
  fetchMatchingPendingRequests,
  useAccessRequestDetail,
  useAccessRequestPage,
} from '../api/access-requests';
import { useAccessSettings } from '../api/access-settings';
import { usePermissionProfiles } from '../api/permission-profiles';
import { countryName, declinedByLabels, formatDate, relationshipLabel, sourceLabel } from '../lib/format';
import { shortcutOf } from '../lib/queue-shortcuts';
import {
  activeFilterCount,
  type QueueView,
  searchParamsFromView,
  viewFromSearchParams,
  withChange,
} from '../lib/queue-view';
import { BulkApproveDialog, BulkDeclineDialog, type BulkSelection } from './bulk-decision-dialogs';
import { EmptyState, PageHeader } from './console-page';
import { ApproveDialog, DeclineDialog } from './request-decision-dialogs';
import { ndaLabel, RequestDetailDrawer } from './request-detail-drawer';
import { Badge, RequestKindBadge, RequestStatusBadge } from './status-badge';

const nameOf = (request: AccessRequestRow) => `${request.firstName} ${request.lastName}`.trim();

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

/** Search waits for a pause in typing before it changes the address (and so the query). */
function SearchField({ value, onSearch }: { value: string; onSearch(q: string): void }) {
  const [text, setText] = useState(value);
  const latest = useRef(value);
  // Only typing starts a search: a new onSearch (the router's, after any address change) must not
  // re-send the text of the render before "Clear filters" emptied it.
  const search = useRef(onSearch);
  search.current = onSearch;
  useEffect(() => {
    // Back/Forward, a shared link or Clear filters changed the search: show it.
    if (value !== latest.current) {
      latest.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === latest.current) return;
    const timer = setTimeout(() => {
      latest.current = trimmed;
      search.current(trimmed);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <div className="relative min-w-0 flex-1 basis-64">
      <label htmlFor="queue-search" className="sr-only">
        Search requests
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden
      />
      <Input
        id="queue-search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Name, e-mail, domain or company"
        className="pl-9"
        autoComplete="off"
      />
    </div>
  );
}

type FilterOption = { value: string; label: string };

function FilterLabel({ id, label }: { id: string; label: string }) {
  return (
    <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-700">
      {label}
    </label>
  );
}

function FilterSelect({
  id,
  label,
  anyLabel,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  anyLabel: string;
  options: FilterOption[];
  value: string | undefined;
  onChange(value: string | undefined): void;
}) {
  return (
    <div>
      <FilterLabel id={id} label={label} />
      <Select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

function FilterDate({
  id,
  label,
  value,
  bounds,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  bounds: { min?: string; max?: string };
  onChange(value: string | undefined): void;
}) {
  return (
    <div>
      <FilterLabel id={id} label={label} />
      <Input
        id={id}
        type="date"
        value={value ?? ''}
        {...bounds}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </div>
  );
}

const requesterTypeOptions = RequesterType.options.map((type) => ({
  value: type,
  label: requesterTypeLabels[type],
}));
const ndaOptions = [
  { value: 'yes', label: 'Accepted' },
  { value: 'no', label: 'Not accepted' },
];

function Filters({
  view,
  facets,
  onChange,
}: {
  view: QueueView;
  facets: AccessRequestPage['facets'] | undefined;
  onChange(change: Partial<QueueView>): void;
}) {
  return (
    <fieldset
      id="queue-filters"
      className="grid grid-cols-1 gap-3 rounded-2xl bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4"
    >
      <legend className="sr-only">Filters</legend>
      <FilterSelect
        id="filter-product"
        label="Product"
        anyLabel="Any product"
        options={(facets?.products ?? []).map((product) => ({ value: product.id, label: product.name }))}
        value={view.productId}
        onChange={(productId) => onChange({ productId })}
      />
      <FilterSelect
        id="filter-requester-type"
        label="Requester type"
        anyLabel="Any type"
        options={requesterTypeOptions}
        value={view.requesterType}
        onChange={(value) => onChange({ requesterType: value as QueueView['requesterType'] })}
      />
      <FilterSelect
        id="filter-country"
        label="Country"
        anyLabel="Any country"
        options={(facets?.countries ?? []).map((code) => ({ value: code, label: countryName(code) }))}
        value={view.country}
        onChange={(country) => onChange({ country })}
      />
      <FilterSelect
        id="filter-source"
        label="Source"
        anyLabel="Any source"
        options={(facets?.sources ?? []).map((source) => ({ value: source, label: sourceLabel(source) }))}
        value={view.source}
        onChange={(source) => onChange({ source })}
      />
      <FilterDate
        id="filter-from"
        label="Asked from"
        value={view.from}
        bounds={{ max: view.to }}
        onChange={(from) => onChange({ from })}
      />
      <FilterDate
        id="filter-to"
        label="Asked until"
        value={view.to}
        bounds={{ min: view.from }}
        onChange={(to) => onChange({ to })}
      />
      <FilterSelect
        id="filter-nda"
        label="NDA"
        anyLabel="Any"
        options={ndaOptions}
        value={view.hasNda}
        onChange={(value) => onChange({ hasNda: value as QueueView['hasNda'] })}
      />
    </fieldset>
  );
}

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <span className="block text-xs text-slate-600">
      {label}: <span className="text-slate-800">{value}</span>
    </span>
  );
}

function RequestItem({
  request,
  isActive,
  isSelected,
  rowRef,
  onSelect,
  onActivate,
  onOpen,
  onApprove,
  onDecline,
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
        {isPending ? (
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
            {isPending ? (
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

type Selection = {
  viewKey: string;
  ids: ReadonlySet<string>;
  seen: ReadonlyMap<string, AccessRequestRow>;
};
const emptySelection = (viewKey: string): Selection => ({ viewKey, ids: new Set(), seen: new Map() });

/** The view without its page: moving between pages keeps what is selected. */
function selectionKeyOf(view: QueueView): string {
  const params = searchParamsFromView(view);
  params.delete('page');
  return params.toString();
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong.');

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
  state: { isLoading: boolean; error: string | null; total: number | null };
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

/**
 * The review queue: a page of requests chosen by status, search, filters and sort (all in the
 * address), decided one at a time or selected and decided together; j/k, x, o, a and d work it
 * from the keyboard.
 */
export function AccessRequestsScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => viewFromSearchParams(searchParams), [searchParams]);
  const page = useAccessRequestPage(view);
  const settings = useAccessSettings();
  const profiles = usePermissionProfiles();
  const [filtersOpen, setFiltersOpen] = useState(() => activeFilterCount(view) > 0);
  const [approving, setApproving] = useState<AccessRequestRow | null>(null);
  const [declining, setDeclining] = useState<AccessRequestRow | null>(null);
  const [showing, setShowing] = useState<AccessRequestRow | null>(null);
  const forgetMailLink = useRequestFromMailLink(setShowing);
  const [bulk, setBulk] = useState<{ verb: 'approve' | 'decline'; selection: BulkSelection } | null>(null);
  // A selection belongs to one view (paging keeps it) and remembers the rows staff saw, for names.
  const selectionKey = selectionKeyOf(view);
  const [selection, setSelection] = useState<Selection>(() => emptySelection(selectionKey));
  const [matching, setMatching] = useState<{
    isLoading: boolean;
    error: string | null;
    total: number | null;
  }>({
    isLoading: false,
    error: null,
    total: null,
  });
  // No row is active until staff move to one (j/k, or focus): a and d never act on a row nobody chose.
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const rowElements = useRef(new Map<number, HTMLLIElement>());

  const rows = page.data?.requests ?? [];
  const pendingRows = rows.filter((row) => row.status === 'pending');
  const current = selection.viewKey === selectionKey ? selection : emptySelection(selectionKey);
  const selectedIds = current.ids;
  const selectedOnPage = pendingRows.filter((row) => selectedIds.has(row.id));
  const pendingMatching = page.data?.counts.pending ?? 0;

  const changeView = useCallback(
    (change: Partial<QueueView>, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => searchParamsFromView(withChange(viewFromSearchParams(current), change)),
        options,
      );
      setActiveIndex(null);
    },
    [setSearchParams],
  );
  const onSearch = useCallback(
    (q: string) => changeView({ q: q || undefined }, { replace: true }),
    [changeView],
  );

  const clearSelection = () => {
    setSelection(emptySelection(selectionKey));
    setMatching({ isLoading: false, error: null, total: null });
  };
  const changeSelection = (rowsChanged: AccessRequestRow[], on: boolean) => {
    const ids = new Set(selectedIds);
    const seen = new Map(current.seen);
    for (const row of rowsChanged) {
      if (on) ids.add(row.id);
      else ids.delete(row.id);
      seen.set(row.id, row);
    }
    setSelection({ viewKey: selectionKey, ids, seen });
  };
  const toggle = (row: AccessRequestRow, on: boolean) => changeSelection([row], on);
  const selectAllMatching = async () => {
    setMatching({ isLoading: true, error: null, total: null });
    try {
      const found = await fetchMatchingPendingRequests(view);
      const seen = new Map(current.seen);
      for (const row of pendingRows) seen.set(row.id, row);
      setSelection({ viewKey: selectionKey, ids: new Set(found.ids), seen });
      setMatching({ isLoading: false, error: null, total: found.total });
    } catch (error) {
      setMatching({ isLoading: false, error: messageOf(error), total: null });
    }
  };
  const openBulk = (verb: 'approve' | 'decline') => {
    const known = new Map(current.seen);
    for (const row of rows) known.set(row.id, row);
    const seen = [...known.values()].filter((row) => selectedIds.has(row.id));
    setBulk({ verb, selection: { ids: [...selectedIds], seen } });
  };

  const activeRow = activeIndex === null ? undefined : rows[Math.min(activeIndex, rows.length - 1)];
  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActiveIndex(next);
    const element = rowElements.current.get(next);
    element?.focus({ preventScroll: true });
    element?.scrollIntoView({ block: 'nearest' });
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
    if (!activeRow) return;
    if (shortcut === 'open') return setShowing(activeRow);
    if (activeRow.status !== 'pending') return;
    if (shortcut === 'approve') return setApproving(activeRow);
    if (shortcut === 'decline') return setDeclining(activeRow);
    if (shortcut === 'toggle-selection') toggle(activeRow, !selectedIds.has(activeRow.id));
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => shortcutHandler.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const filterCount = activeFilterCount(view);
  const hasNarrowing = filterCount > 0 || Boolean(view.q);
  const data = page.data;
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, first + data.requests.length - 1) : 0;

  return (
    <div className="space-y-4">
      <PageHeader
        title="Access requests"
        description="Visitors who asked for access to restricted content. Approving creates or extends their company's account."
      />
      <StatusTabs view={view} counts={data?.counts} />
      <div className="flex flex-wrap items-center gap-2">
        <SearchField value={view.q ?? ''} onSearch={onSearch} />
        <div className="flex items-center gap-2">
          <label htmlFor="queue-sort" className="sr-only">
            Sort
          </label>
          <Select
            id="queue-sort"
            value={data?.sort ?? view.sort ?? (view.status === 'pending' ? 'oldest' : 'newest')}
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
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontal className="size-4" aria-hidden />
            Filters{filterCount > 0 ? ` (${filterCount})` : ''}
          </Button>
        </div>
        {hasNarrowing ? (
          <Button
            variant="ghost"
            onClick={() => {
              changeView({
                q: undefined,
                productId: undefined,
                requesterType: undefined,
                country: undefined,
                source: undefined,
                from: undefined,
                to: undefined,
                hasNda: undefined,
              });
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </div>
      {filtersOpen ? (
        <Filters view={view} facets={data?.facets} onChange={(change) => changeView(change)} />
      ) : null}

      {selectedIds.size > 0 ? (
        <section
          aria-label="Selected requests"
          className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-xl bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg"
        >
          <span className="mr-auto font-medium" aria-live="polite">
            {countOf(selectedIds.size, 'request')} selected
          </span>
          <Button size="sm" variant="secondary" onClick={() => openBulk('approve')}>
            <Check className="size-4" aria-hidden />
            Approve {selectedIds.size}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => openBulk('decline')}>
            <X className="size-4" aria-hidden />
            Decline {selectedIds.size}
          </Button>
          <Button size="sm" variant="dark" onClick={clearSelection}>
            Clear selection
          </Button>
        </section>
      ) : null}

      {page.isPending ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : page.isError ? (
        <ErrorBox detail={page.error.message} />
      ) : rows.length === 0 ? (
        hasNarrowing ? (
          <EmptyState icon={<Inbox className="size-6" aria-hidden />} title="No requests match this view">
            Change the search or filters to see more.
          </EmptyState>
        ) : view.status === 'pending' ? (
          <EmptyState icon={<Inbox className="size-6" aria-hidden />} title="No requests waiting">
            New requests from the portal appear here for review.
          </EmptyState>
        ) : (
          <EmptyState icon={<Inbox className="size-6" aria-hidden />} title="No requests here yet" />
        )
      ) : (
        <div
          className="overflow-hidden rounded-2xl bg-white shadow-xs ring-1 ring-slate-200"
          aria-busy={page.isFetching}
        >
          <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-sm sm:px-5">
            {pendingRows.length > 0 ? (
              <Checkbox
                checked={
                  selectedOnPage.length === 0
                    ? false
                    : selectedOnPage.length === pendingRows.length
                      ? true
                      : 'indeterminate'
                }
                onCheckedChange={(on) => changeSelection(pendingRows, on === true)}
                aria-label="Select every pending request on this page"
              />
            ) : null}
            <p className="text-slate-600" aria-live="polite">
              Showing{' '}
              <span className="font-medium text-slate-900 tabular-nums">
                {first}–{last}
              </span>{' '}
              of <span className="font-medium text-slate-900 tabular-nums">{data?.total}</span>
            </p>
            <SelectAllMatching
              pageIsSelected={pendingRows.length > 0 && selectedOnPage.length === pendingRows.length}
              selectedCount={selectedIds.size}
              pendingMatching={pendingMatching}
              state={matching}
              onSelectAll={() => void selectAllMatching()}
            />
          </div>
          <ul aria-label="Access requests" className="divide-y divide-slate-100">
            {rows.map((request, index) => (
              <RequestItem
                key={request.id}
                request={request}
                isActive={activeRow?.id === request.id}
                isSelected={selectedIds.has(request.id)}
                rowRef={(element) => {
                  if (element) rowElements.current.set(index, element);
                  else rowElements.current.delete(index);
                }}
                onSelect={(on) => toggle(request, on)}
                onActivate={() => setActiveIndex(index)}
                onOpen={() => setShowing(request)}
                onApprove={() => setApproving(request)}
                onDecline={() => setDeclining(request)}
              />
            ))}
          </ul>
        </div>
      )}
      {data ? (
        <Pagination
          label="Access request pages"
          page={data.page}
          totalPages={data.pageCount}
          disabled={page.isFetching}
          onPageChange={(next) => changeView({ page: next })}
        />
      ) : null}
      <p className="hidden text-xs text-slate-500 md:block">
        Keyboard: <kbd className="font-sans font-semibold">j</kbd> /{' '}
        <kbd className="font-sans font-semibold">k</kbd> next and previous,{' '}
        <kbd className="font-sans font-semibold">x</kbd> select,{' '}
        <kbd className="font-sans font-semibold">o</kbd> details,{' '}
        <kbd className="font-sans font-semibold">a</kbd> approve,{' '}
        <kbd className="font-sans font-semibold">d</kbd> decline.
      </p>

      <ApproveDialog
        request={approving}
        defaultAccessDays={settings.data?.defaultAccessDays}
        profiles={profiles.data ?? []}
        onClose={() => setApproving(null)}
      />
      <DeclineDialog request={declining} onClose={() => setDeclining(null)} />
      <BulkApproveDialog
        selection={bulk?.verb === 'approve' ? bulk.selection : null}
        defaultAccessDays={settings.data?.defaultAccessDays}
        profiles={profiles.data ?? []}
        onClose={() => setBulk(null)}
        onDone={clearSelection}
      />
      <BulkDeclineDialog
        selection={bulk?.verb === 'decline' ? bulk.selection : null}
        onClose={() => setBulk(null)}
        onDone={clearSelection}
      />
      <RequestDetailDrawer
        request={showing}
        onClose={() => {
          setShowing(null);
          forgetMailLink();
        }}
        onApprove={(request) => {
          setShowing(null);
          forgetMailLink();
          setApproving(request);
        }}
        onDecline={(request) => {
          setShowing(null);
          forgetMailLink();
          setDeclining(request);
        }}
      />
    </div>
  );
}
