import { Search, X } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import type { KbHit, KbQuery, KbSearchKey } from '../../../../shared/knowledge-base';
import { type KbAccessLevel, type KbTimeFilter, kbLimits } from '../../../../shared/knowledge-base-texts';
import type { PortalView } from '../../../../shared/portal';
import { Dialog, DialogClose, DialogTitle, FullScreenDialogContent } from '../../../components/ui/dialog';
import { InlineSnack } from '../../../components/ui/inline-snack';
import { Pagination } from '../../../components/ui/pagination';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { classNames } from '../../../lib/class-names';
import { useIsBelowMd } from '../../../lib/use-media-query';
import { reachablePages } from '../lib/kb-paging';
import { useKbTexts } from '../lib/kb-texts';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { useKbQuery } from '../lib/use-kb-query';
import { KbEntryDetails } from './kb-entry-details';
import { KbGrid } from './kb-grid';

/** Spec 3 §9 time options: 7 days, 1 month, 1 year and all time, and the extra last 1 day. */
const timeOptions: KbTimeFilter[] = ['all', 'last1d', 'last7d', 'last1m', 'last1y'];

type KnowledgeBaseDialogProps = {
  view: PortalView;
  searchKey: KbSearchKey;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** An entry to show at once (a search result or a panel entry was chosen). */
  initialEntry?: KbHit | null;
};

/**
 * The large knowledge base dialog (spec 3 §2): search, filters (Access, Products, Time; not for
 * public viewers), the grid with a selectable page size, and a details panel for the chosen row.
 */
export function KnowledgeBaseDialog({
  view,
  searchKey,
  open,
  onOpenChange,
  initialEntry,
}: KnowledgeBaseDialogProps) {
  const kbTexts = useKbTexts();
  const mode = view.viewer.mode;
  const isPublic = mode === 'public';
  const isSmall = useIsBelowMd();
  const ids = useId();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), kbLimits.searchDebounceMs);
  const [access, setAccess] = useState<KbAccessLevel | ''>('');
  const [product, setProduct] = useState('');
  const [time, setTime] = useState<KbTimeFilter>('all');
  const [pageSize, setPageSize] = useState<number>(kbLimits.defaultPageSize);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<KbHit | null>(initialEntry ?? null);
  const [snack, setSnack] = useState<{ message: string; id: number } | null>(null);
  const dismissSnack = useCallback(() => setSnack(null), []);

  const accessOptions = searchKey.accessLevels;
  const productOptions = view.products.filter(
    (candidate) => searchKey.productIds === null || searchKey.productIds.includes(candidate.productId),
  );

  const request: KbQuery = useMemo(
    () => ({
      key: searchKey.key,
      query,
      page,
      hitsPerPage: pageSize,
      filters: {
        ...(access ? { accessLevels: [access] } : {}),
        ...(product ? { productIds: [product] } : {}),
        time,
      },
    }),
    [searchKey.key, query, page, pageSize, access, product, time],
  );
  const result = useKbQuery(open ? request : null);
  const hits = result.data?.hits ?? [];
  const totalPages = result.data ? reachablePages(result.data.nbPages, result.data.hitsPerPage) : 0;
  const isFiltered = query !== '' || access !== '' || product !== '' || time !== 'all';

  function resetPage<Value>(setter: (value: Value) => void) {
    return (value: Value) => {
      setter(value);
      setPage(0);
    };
  }

  const filterClass = 'w-full sm:w-40';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <FullScreenDialogContent
        data-testid="kb-dialog"
        className="md:inset-8 md:mx-auto md:max-w-[1200px] md:rounded-2xl md:shadow-2xl md:ring-1 md:ring-slate-900/10"
      >
        <header className="flex items-center gap-3 border-b border-slate-200 px-5 py-4">
          <DialogTitle className="text-lg font-semibold tracking-tight text-slate-950">
            {kbTexts.panelTitle}
          </DialogTitle>
          <DialogClose
            className="ms-auto grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            aria-label={kbTexts.close}
          >
            <X className="size-5" aria-hidden />
          </DialogClose>
        </header>
        <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-5 py-3">
          <div className="relative min-w-[14rem] flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden
            />
            <input
              type="search"
              aria-label={kbTexts.searchPlaceholder}
              placeholder={kbTexts.searchPlaceholder}
              maxLength={kbLimits.queryMaxLength}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setPage(0);
              }}
              className="block h-10 w-full rounded-lg border border-slate-300 bg-white pe-3 ps-9 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-ink focus-visible:outline-2 focus-visible:outline-offset-0"
              data-testid="kb-search"
            />
          </div>
          {!isPublic ? (
            <div className="flex w-full flex-wrap gap-3 sm:w-auto" data-testid="kb-filters">
              <div>
                <label htmlFor={`${ids}-access`} className="block text-xs font-medium text-slate-700">
                  {kbTexts.filterAccess}
                </label>
                <Select
                  id={`${ids}-access`}
                  className={classNames('mt-1', filterClass)}
                  value={access}
                  onChange={(event) => resetPage(setAccess)(event.target.value as KbAccessLevel | '')}
                >
                  <option value="">{kbTexts.allLevels}</option>
                  {accessOptions.map((level) => (
                    <option key={level} value={level}>
                      {kbTexts.accessLevels[level]}
                    </option>
                  ))}
                </Select>
              </div>
              <div>
                <label htmlFor={`${ids}-products`} className="block text-xs font-medium text-slate-700">
                  {kbTexts.filterProducts}
                </label>
                <Select
                  id={`${ids}-products`}
                  className={classNames('mt-1', filterClass)}
                  value={product}
                  onChange={(event) => resetPage(setProduct)(event.target.value)}
                >
                  <option value="">{kbTexts.allProducts}</option>
                  {productOptions.map((option) => (
                    <option key={option.productId} value={option.productId}>
                      {option.productName}
                    </option>
                  ))}
                </Select>
              </div>
              <div>
                <label htmlFor={`${ids}-time`} className="block text-xs font-medium text-slate-700">
                  {kbTexts.filterTime}
                </label>
                <Select
                  id={`${ids}-time`}
                  className={classNames('mt-1', filterClass)}
                  value={time}
                  onChange={(event) => resetPage(setTime)(event.target.value as KbTimeFilter)}
                >
                  {timeOptions.map((option) => (
                    <option key={option} value={option}>
                      {kbTexts.timeFilters[option]}
                    </option>
                  ))}
                </Select>
              </div>
            </div>
          ) : null}
        </div>

        <div className="relative flex min-h-0 flex-1">
          {/* Rows take no focus on phones: the region does, so a keyboard can scroll the grid. */}
          <ScrollRegion
            className="min-h-0 min-w-0 flex-1 overflow-auto"
            aria-busy={result.isFetching}
            label={kbTexts.entriesLabel}
          >
            {result.isPending && open ? (
              <div className="space-y-3 p-5">
                {Array.from({ length: 6 }, (_, index) => (
                  <Skeleton key={index} className="h-12 w-full" />
                ))}
              </div>
            ) : result.isError ? (
              <p role="alert" className="p-8 text-center text-sm text-red-700">
                {result.error.message}
              </p>
            ) : hits.length === 0 ? (
              <p className="p-10 text-center text-sm text-slate-600" data-testid="kb-empty">
                {isFiltered ? kbTexts.noMatches : kbTexts.noEntries}
              </p>
            ) : (
              <KbGrid
                hits={hits}
                isPublic={isPublic}
                selectedId={selected?.objectID ?? null}
                onRowOpen={isSmall ? null : setSelected}
              />
            )}
          </ScrollRegion>
          {selected ? (
            // Small screens get an entry only from outside (a search result); it covers the grid.
            <div className={isSmall ? 'absolute inset-0 z-[2]' : 'w-[380px] shrink-0'}>
              <KbEntryDetails
                hit={selected}
                showMetadata={mode === 'main'}
                products={view.products}
                onCopied={(message) => setSnack({ message, id: Date.now() })}
                onClose={() => setSelected(null)}
              />
            </div>
          ) : null}
          {snack ? <InlineSnack key={snack.id} message={snack.message} onDismiss={dismissSnack} /> : null}
        </div>

        <footer className="flex flex-wrap items-center gap-4 border-t border-slate-200 px-5 py-3">
          <label htmlFor={`${ids}-page-size`} className="flex items-center gap-2 text-sm text-slate-700">
            {kbTexts.rowsPerPage}
          </label>
          <Select
            id={`${ids}-page-size`}
            className="w-24"
            value={String(pageSize)}
            onChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
            data-testid="kb-page-size"
          >
            {kbLimits.pageSizeOptions.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
          {result.data ? (
            <span className="text-sm text-slate-600">{kbTexts.entryCount(result.data.nbHits)}</span>
          ) : null}
          <div className="ms-auto min-w-[16rem]">
            <Pagination
              label={kbTexts.pagesLabel}
              page={page + 1}
              totalPages={totalPages}
              disabled={result.isFetching}
              onPageChange={(next) => setPage(next - 1)}
            />
          </div>
        </footer>
      </FullScreenDialogContent>
    </Dialog>
  );
}
