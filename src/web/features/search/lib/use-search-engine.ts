import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PortalView } from '../../../../shared/portal';
import { type SearchResult, type SearchResultType, searchLimits } from '../../../../shared/search';
import { fetchAllFaqs, fetchAllTopics, postSearch, type SearchTarget } from '../api/search-api';
import type { LocalSearchIndex } from './local-search';
import { newSearchFailure, type SearchFailure } from './search-failure';
import { useSearchTexts } from './search-texts';
import { createTermScheduler } from './term-scheduler';

export type SearchEngineKind = 'server' | 'local';

export type SearchState = {
  term: string;
  status: 'idle' | 'loading' | 'done' | 'error';
  matches: SearchResult[];
  counts: Partial<Record<SearchResultType, number>>;
  total: number;
  nextOffset: number | null;
  isLoadingMore: boolean;
  /** The failure of this result set's last request (the search, or loading more); the next one clears it. */
  failure: SearchFailure | null;
};

export const idleSearch: SearchState = {
  term: '',
  status: 'idle',
  matches: [],
  counts: {},
  total: 0,
  nextOffset: null,
  isLoadingMore: false,
  failure: null,
};

/** One page of the local matches, with the counts of all of them, as the server answers a page. */
export function localPage(all: readonly SearchResult[], offset: number, limit: number) {
  const counts: Partial<Record<SearchResultType, number>> = {};
  for (const match of all) counts[match.type] = (counts[match.type] ?? 0) + 1;
  const end = Math.min(all.length, offset + limit);
  return {
    matches: all.slice(offset, end),
    counts,
    total: all.length,
    nextOffset: end < all.length ? end : null,
  };
}

type EngineOptions = {
  engine: SearchEngineKind;
  view: PortalView;
  target: SearchTarget;
};

/**
 * One search at a time for the dialog: local (Fuse.js, 100 ms debounce) or server (500 ms debounce);
 * either shows 15 results, then 10 more per load 500 ms after the list is scrolled to its end. Identical terms in
 * a row are skipped; an answer for an older term never overwrites a newer one.
 */
export function useSearchEngine({ engine, view, target }: EngineOptions) {
  const searchTexts = useSearchTexts();
  const [state, setState] = useState<SearchState>(idleSearch);
  const stateRef = useRef(state);
  stateRef.current = state;
  const generation = useRef(0);
  const localIndex = useRef<Promise<LocalSearchIndex> | null>(null);
  const controller = useRef<AbortController | null>(null);
  const loadMoreTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Every local match of the current term; the list shows them a page at a time, like the server's. */
  const localMatches = useRef<SearchResult[]>([]);
  const latest = useRef({ view, target });
  latest.current = { view, target };

  const loadLocalIndex = useCallback(() => {
    localIndex.current ??= (async () => {
      const { view: currentView, target: currentTarget } = latest.current;
      const [{ createLocalSearchIndex }, topics, faqs] = await Promise.all([
        import('./local-search'),
        // Updates and FAQs are searched too when they load; the items still are when they cannot.
        fetchAllTopics(currentTarget, window.location.search).catch(() => []),
        fetchAllFaqs(currentTarget, window.location.search).catch(() => []),
      ]);
      return createLocalSearchIndex(currentView, topics, faqs);
    })();
    localIndex.current.catch(() => {
      localIndex.current = null;
    });
    return localIndex.current;
  }, []);

  const run = useCallback(
    async (term: string) => {
      const current = ++generation.current;
      controller.current?.abort();
      if (loadMoreTimer.current) clearTimeout(loadMoreTimer.current);
      if (!term) {
        setState(idleSearch);
        return;
      }
      setState({ ...idleSearch, term, status: 'loading' });
      try {
        if (engine === 'local') {
          const index = await loadLocalIndex();
          if (current !== generation.current) return;
          localMatches.current = index.search(term);
          const page = localPage(localMatches.current, 0, searchLimits.firstPageSize);
          setState({ ...idleSearch, term, status: 'done', ...page });
          return;
        }
        const abort = new AbortController();
        controller.current = abort;
        const { result } = await postSearch(
          latest.current.target,
          window.location.search,
          { term, offset: 0, limit: searchLimits.firstPageSize },
          abort.signal,
        );
        if (current !== generation.current) return;
        setState({
          term,
          status: 'done',
          matches: result.matches,
          counts: result.counts,
          total: result.total,
          nextOffset: result.nextOffset,
          isLoadingMore: false,
          failure: null,
        });
      } catch {
        if (current !== generation.current) return;
        setState({
          ...idleSearch,
          term,
          status: 'error',
          failure: newSearchFailure(searchTexts.searchFailed),
        });
      }
    },
    [engine, loadLocalIndex],
  );

  const scheduler = useMemo(
    () =>
      createTermScheduler(
        engine === 'local' ? searchLimits.localDebounceMs : searchLimits.serverDebounceMs,
        (term) => void run(term),
      ),
    [engine, run],
  );

  useEffect(() => () => scheduler.cancel(), [scheduler]);
  useEffect(
    () => () => {
      controller.current?.abort();
      if (loadMoreTimer.current) clearTimeout(loadMoreTimer.current);
    },
    [],
  );

  /** Infinite scroll (both engines, spec 1 §4): the next 10, after the spec's 500 ms delay. */
  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (current.status !== 'done' || current.isLoadingMore) return;
    if (current.nextOffset === null) return;
    const { term, nextOffset: offset } = current;
    const owner = generation.current;
    stateRef.current = { ...current, isLoadingMore: true };
    setState(stateRef.current);
    loadMoreTimer.current = setTimeout(async () => {
      try {
        const result =
          engine === 'local'
            ? localPage(localMatches.current, offset, searchLimits.nextPageSize)
            : (
                await postSearch(latest.current.target, window.location.search, {
                  term,
                  offset,
                  limit: searchLimits.nextPageSize,
                })
              ).result;
        if (owner !== generation.current) return;
        setState((previous) => {
          const seen = new Set(previous.matches.map((match) => `${match.type}:${match.id}`));
          const added = result.matches.filter((match) => !seen.has(`${match.type}:${match.id}`));
          return {
            ...previous,
            matches: [...previous.matches, ...added],
            counts: result.counts,
            total: result.total,
            nextOffset: result.nextOffset,
            isLoadingMore: false,
            failure: null,
          };
        });
      } catch {
        if (owner !== generation.current) return;
        setState((previous) => ({
          ...previous,
          isLoadingMore: false,
          failure: newSearchFailure(searchTexts.searchFailed),
        }));
      }
    }, searchLimits.loadMoreDelayMs);
  }, [engine]);

  const reset = useCallback(() => {
    scheduler.reset();
    generation.current += 1;
    controller.current?.abort();
    if (loadMoreTimer.current) clearTimeout(loadMoreTimer.current);
    setState(idleSearch);
  }, [scheduler]);

  const setTerm = useCallback(
    (term: string) => {
      if (!term.trim()) {
        reset();
        return;
      }
      if (engine === 'local') void loadLocalIndex();
      scheduler.schedule(term);
    },
    [engine, scheduler, reset, loadLocalIndex],
  );

  /** 'Try again' after a failed search: the same term at once, without the debounce. */
  const retry = useCallback(() => {
    const { term } = stateRef.current;
    if (term) void run(term);
  }, [run]);

  return { state, setTerm, loadMore, retry, reset, prepare: engine === 'local' ? loadLocalIndex : undefined };
}
