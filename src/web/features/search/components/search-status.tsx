import { CircleAlert, SearchX } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSearchTexts } from '../lib/search-texts';
import type { SearchState } from '../lib/use-search-engine';

/** Empty query, loading, failed and no-match states of the results area (spec 1 §2, §8). */
export function SearchStatus({
  status,
  hasTerm,
  onRetry,
}: {
  status: SearchState['status'];
  hasTerm: boolean;
  onRetry(): void;
}) {
  const searchTexts = useSearchTexts();
  // A term waiting out the debounce is about to be searched: show the loading state, not 'start'.
  if (status === 'loading' || (hasTerm && status === 'idle')) {
    return (
      <div className="space-y-3 p-4" aria-busy="true" data-testid="search-loading">
        <span className="sr-only">{searchTexts.searching}</span>
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="flex items-center gap-3">
            <Skeleton className="size-9 shrink-0 rounded-lg" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-2/5" />
              <Skeleton className="h-3 w-4/5" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  // A failure is not 'No results found': nothing was searched, so say so and offer the search again.
  if (status === 'error' && hasTerm)
    return <SearchErrorState title={searchTexts.searchErrorState} onRetry={onRetry} />;
  if (!hasTerm) {
    return (
      <p className="m-auto px-6 py-12 text-center text-sm text-slate-600" data-testid="search-empty">
        {searchTexts.startSearching}
      </p>
    );
  }
  return (
    <div
      className="m-auto flex flex-col items-center gap-2 px-6 py-12 text-center"
      data-testid="search-no-results"
    >
      <SearchX className="size-8 text-slate-400" aria-hidden />
      <p className="font-medium text-slate-900">{searchTexts.noResults}</p>
      <p className="text-sm text-slate-600">{searchTexts.tryDifferentTerm}</p>
    </div>
  );
}

/** The results area after a failed request; the snack above it says what failed (spec 1 §8). */
export function SearchErrorState({ title, onRetry }: { title: string; onRetry(): void }) {
  const searchTexts = useSearchTexts();
  return (
    <div className="m-auto flex flex-col items-center gap-3 px-6 py-8 text-center" data-testid="search-error">
      <CircleAlert className="size-8 text-red-600" aria-hidden />
      <p className="font-medium text-slate-900">{title}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-lg px-3 py-1.5 text-sm font-medium text-brand-ink ring-1 ring-slate-300 hover:bg-slate-50"
      >
        {searchTexts.tryAgain}
      </button>
    </div>
  );
}
