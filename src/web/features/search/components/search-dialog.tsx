import { useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { PortalView } from '../../../../shared/portal';
import { type SearchResult, type SearchResultType, searchLimits } from '../../../../shared/search';
import { Dialog, DialogClose, DialogTitle, FullScreenDialogContent } from '../../../components/ui/dialog';
import { InlineSnack } from '../../../components/ui/inline-snack';
import { trackEvent } from '../../../lib/analytics';
import { classNames } from '../../../lib/class-names';
import { useIsBelowMd } from '../../../lib/use-media-query';
import { fetchSearchSetup, type SearchTarget } from '../api/search-api';
import { type GroupDisplay, groupResults, navigableResults, optionId, resultKey } from '../lib/group-results';
import { readRememberedMode, rememberMode, type SearchMode } from '../lib/mode-memory';
import { navigateInPage, openResult } from '../lib/open-result';
import { useSearchTexts } from '../lib/search-texts';
import { useAiAnswer } from '../lib/use-ai-answer';
import { type SearchEngineKind, useSearchEngine } from '../lib/use-search-engine';
import { AiAnswer } from './ai-answer';
import { ModeSwitch } from './mode-switch';
import { ResultDetail } from './result-detail';
import { SearchResultList } from './search-result-list';
import { SearchStatus } from './search-status';

type SearchDialogProps = {
  view: PortalView;
  basePath: string;
  initialTerm: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** In-page navigation to an item's address; replaceable in tests. */
  navigate?(address: string): void;
  /** Full navigation, for an item the page does not hold; replaceable in tests. */
  load?(address: string): void;
};

/** Spec 1 §4 when the setup has not answered yet: accounts and previews as one search the server. */
function engineForMode(view: PortalView): SearchEngineKind {
  const { mode, preview } = view.viewer;
  if (mode === 'account_external') return 'server';
  if (mode === 'preview' && preview && (preview.accountId || preview.permissionProfileId)) return 'server';
  return 'local';
}

const emptyDisplay: GroupDisplay = { collapsed: new Set(), expanded: new Set() };

/** Analytics (spec 1 §7): a query counts once it has rested 700 ms, with its result count. */
function useQueryAnalytics({
  mode,
  state,
  engine,
}: {
  mode: SearchMode;
  state: { term: string; status: string; total: number };
  engine: SearchEngineKind;
}) {
  useEffect(() => {
    const entered = state.term.trim();
    if (mode !== 'search' || state.status !== 'done' || !entered) return;
    const timer = window.setTimeout(() => {
      trackEvent({
        name: 'search_query_entered',
        subject: entered,
        props: { resultCount: state.total, searchType: engine },
      });
      trackEvent({
        name: 'client_searched',
        props: { searchType: engine === 'local' ? 'fuse' : 'semantic', resultCount: state.total },
      });
    }, searchLimits.analyticsQueryDelayMs);
    return () => window.clearTimeout(timer);
  }, [state.term, state.status]);
}

/** The snack shows the current mode's last failure until dismissed; the next request's outcome replaces it. */
function useFailureSnack(failure: { id: number; message: string } | null) {
  const [dismissedFailureId, setDismissedFailureId] = useState<number | null>(null);
  const snack = failure && failure.id !== dismissedFailureId ? failure : null;
  const dismiss = useCallback(() => setDismissedFailureId(failure?.id ?? null), [failure?.id]);
  return { snack, dismiss };
}

/** On phones the dialog fills the screen: the organisation's logo or name, its portal title, Close. */
function PhoneHeader({ view }: { view: PortalView }) {
  const searchTexts = useSearchTexts();
  const { organisation, customisation } = view;
  return (
    <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-3 md:hidden">
      {organisation.logoUrl ? (
        <img
          src={organisation.logoUrl}
          alt={organisation.name}
          className="h-7 w-auto max-w-[9rem] object-contain"
        />
      ) : (
        <span className="font-semibold text-slate-950">{organisation.name}</span>
      )}
      {customisation.showPortalTitle ? (
        <span className="truncate text-sm font-medium text-slate-700">{customisation.portalTitle}</span>
      ) : null}
      <DialogClose
        className="ms-auto grid size-9 place-items-center rounded-lg text-slate-600 hover:bg-slate-100"
        aria-label={searchTexts.close}
      >
        <X className="size-5" aria-hidden />
      </DialogClose>
    </div>
  );
}

type SearchFooterProps = { mode: SearchMode; hasResults: boolean; countText: string | null };

function SearchFooter({ mode, hasResults, countText }: SearchFooterProps) {
  const searchTexts = useSearchTexts();
  return (
    <footer
      className={classNames(
        'items-center gap-4 border-t border-slate-200 px-4 py-2.5 text-xs text-slate-600',
        hasResults ? 'flex' : 'hidden md:flex',
      )}
      data-testid="search-footer"
    >
      {mode === 'search' ? (
        <span className="font-medium text-slate-800" aria-live="polite">
          {countText}
        </span>
      ) : null}
      <span className="ms-auto hidden items-center gap-3 md:flex">
        {hasResults ? (
          <>
            <KeyHint keys="↵" label={searchTexts.toSelect} />
            <KeyHint keys="↑ ↓" label={searchTexts.toNavigate} />
          </>
        ) : null}
        <KeyHint keys="esc" label={searchTexts.toClose} />
      </span>
    </footer>
  );
}

type ResultsPaneProps = {
  listboxId: string;
  groups: ReturnType<typeof groupResults>;
  display: GroupDisplay;
  topMatchKey: string | null;
  selectedKey: string | null;
  selected: SearchResult | null;
  isSmall: boolean;
  isLoadingMore: boolean;
  onSelectKey(key: string): void;
  onOpen(result: SearchResult): void;
  onToggleGroup(type: SearchResultType): void;
  onShowMore(type: SearchResultType): void;
  onEndReached(): void;
};

/** The grouped results and, on wide screens, the selected one's details beside them. */
function ResultsPane({ selected, onSelectKey, onOpen, ...list }: ResultsPaneProps) {
  const searchTexts = useSearchTexts();
  return (
    <div className="flex min-h-0 flex-1">
      <SearchResultList
        {...list}
        renderInlineDetail={(result) => <ResultDetail result={result} onOpen={onOpen} />}
        onSelect={(result) => onSelectKey(resultKey(result))}
        onOpen={(result) => {
          // On a phone the first tap shows a result's details inline; the second opens it.
          if (list.isSmall && list.selectedKey !== resultKey(result)) onSelectKey(resultKey(result));
          else onOpen(result);
        }}
      />
      {!list.isSmall ? (
        <aside
          aria-label={searchTexts.selectedResult}
          className="hidden min-w-0 flex-1 overflow-y-auto border-s border-slate-200 bg-slate-50/60 md:block"
          data-testid="search-side-panel"
        >
          {selected ? <ResultDetail result={selected} onOpen={onOpen} /> : null}
        </aside>
      ) : null}
    </div>
  );
}

/** The search field's keys: Enter asks (Ask AI) or opens the selected result, arrows move the selection. */
function inputKeyHandler(keys: {
  mode: SearchMode;
  ask(): void;
  move(step: 1 | -1): void;
  openSelected: (() => void) | null;
}) {
  return (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (keys.mode === 'ask_ai') {
      if (event.key === 'Enter') {
        event.preventDefault();
        keys.ask();
      }
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      keys.move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && keys.openSelected) {
      event.preventDefault();
      keys.openSelected();
    }
  };
}

type SearchInputProps = {
  inputRef: React.RefObject<HTMLInputElement | null>;
  mode: SearchMode;
  listboxId: string;
  isExpanded: boolean;
  activeKey: string | null;
  term: string;
  onTermChange(term: string): void;
  onKeyDown(event: React.KeyboardEvent<HTMLInputElement>): void;
};

/** The combobox: its listbox is the results; in Ask AI it takes a question. */
function SearchInput({ inputRef, mode, listboxId, isExpanded, activeKey, term, ...on }: SearchInputProps) {
  const searchTexts = useSearchTexts();
  const label = mode === 'ask_ai' ? searchTexts.askQuestion : searchTexts.placeholder;
  return (
    <input
      ref={inputRef}
      type="text"
      role="combobox"
      aria-expanded={isExpanded}
      aria-controls={listboxId}
      aria-autocomplete="list"
      aria-activedescendant={activeKey ? optionId(listboxId, activeKey) : undefined}
      aria-label={label}
      placeholder={mode === 'ask_ai' ? searchTexts.askQuestionEnter : searchTexts.placeholder}
      maxLength={searchLimits.termMaxLength}
      value={term}
      onChange={(event) => on.onTermChange(event.target.value)}
      onKeyDown={on.onKeyDown}
      className="block h-11 w-full rounded-lg border border-slate-300 bg-white pe-3 ps-9 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-ink focus-visible:outline-2 focus-visible:outline-offset-0 md:text-sm"
      data-testid="search-input"
    />
  );
}

/**
 * The search dialog (spec 1 §2): Search over what the viewer may see, grouped by type with a
 * 'Top match' pre-selected and its details beside the list (inline on small screens), and Ask AI
 * when it is available. Closing it discards everything (the entry remounts it on the next open).
 */
export default function SearchDialog({
  view,
  basePath,
  initialTerm,
  open,
  onOpenChange,
  navigate = navigateInPage,
  load = (address) => window.location.assign(address),
}: SearchDialogProps) {
  const searchTexts = useSearchTexts();
  const target: SearchTarget = useMemo(
    () => ({
      organisationSlug: view.organisation.slug,
      productId: view.product.productId,
      productSlug: view.product.isDefault ? null : view.product.productSlug,
    }),
    [view.organisation.slug, view.product.productId, view.product.isDefault, view.product.productSlug],
  );
  const setup = useQuery({
    queryKey: ['search-setup', target.organisationSlug, target.productId],
    queryFn: () => fetchSearchSetup(target, window.location.search),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const engine = setup.data?.engine ?? engineForMode(view);
  const isAnswerAvailable = setup.data?.isAnswerAvailable ?? false;

  const [term, setTermValue] = useState(initialTerm);
  const [preferredMode, setPreferredMode] = useState<SearchMode>(readRememberedMode);
  const mode: SearchMode = isAnswerAvailable ? preferredMode : 'search';
  const search = useSearchEngine({ engine, view, target });
  const answer = useAiAnswer(target);
  const isSmall = useIsBelowMd();
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxId = useId();

  const [display, setDisplay] = useState<GroupDisplay>(emptyDisplay);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);

  const { state } = search;
  const groupLabels = searchTexts.groups;
  const groups = useMemo(
    () => groupResults(state.matches, state.counts, groupLabels),
    [state.matches, state.counts, groupLabels],
  );
  const navigable = useMemo(() => navigableResults(groups, display), [groups, display]);
  const topMatch = state.matches[0];
  const selected = navigable.find((result) => resultKey(result) === selectedKey) ?? null;

  // New results: groups open, the 'Top match' pre-selected on wide screens (spec 1 §2). Only a new
  // result set resets the selection, not a resize or a page of 'load more'.
  useEffect(() => {
    setDisplay(emptyDisplay);
    setSelectedKey(!isSmall && topMatch ? resultKey(topMatch) : null);
  }, [state.term, state.status]);

  // The first search of a typed-in term, and the engine once the setup has answered.
  // Runs when the engine (setup) or mode changes, not on every keystroke (onChange does that).
  const setTerm = search.setTerm;
  useEffect(() => {
    if (mode === 'search' && term.trim()) setTerm(term);
  }, [engine, mode, setTerm]);

  useEffect(() => {
    if (engine === 'local' && search.prepare) void search.prepare().catch(() => undefined);
  }, [engine, search.prepare]);

  function changeTerm(value: string) {
    setTermValue(value);
    if (mode === 'search') search.setTerm(value);
  }

  function changeMode(next: SearchMode) {
    setPreferredMode(next);
    rememberMode(next);
    answer.reset();
    inputRef.current?.focus();
  }

  useQueryAnalytics({ mode, state, engine });

  function select(result: SearchResult) {
    trackEvent({ name: 'search_item_selected', subject: state.term.trim(), props: { searchType: engine } });
    openResult(result, { view, basePath, navigate, load, close: () => onOpenChange(false) });
  }

  function move(step: 1 | -1) {
    if (navigable.length === 0) return;
    const index = navigable.findIndex((result) => resultKey(result) === selectedKey);
    const next = index === -1 ? (step === 1 ? 0 : navigable.length - 1) : index + step;
    const bounded = Math.min(navigable.length - 1, Math.max(0, next));
    const key = resultKey(navigable[bounded]!);
    setSelectedKey(key);
    document.getElementById(optionId(listboxId, key))?.scrollIntoView?.({ block: 'nearest' });
  }

  const onInputKeyDown = inputKeyHandler({
    mode,
    ask: () => void answer.ask(term),
    move,
    openSelected: selected ? () => select(selected) : null,
  });

  function toggleGroup(type: SearchResultType) {
    setDisplay((current) => {
      const collapsed = new Set(current.collapsed);
      if (collapsed.has(type)) collapsed.delete(type);
      else collapsed.add(type);
      return { ...current, collapsed };
    });
  }

  function showMore(type: SearchResultType) {
    setDisplay((current) => ({ ...current, expanded: new Set(current.expanded).add(type) }));
  }

  const hasResults = mode === 'search' && state.status === 'done' && state.matches.length > 0;
  const isSearching = term.trim().length > 0 && (state.status === 'loading' || state.status === 'idle');
  // A count belongs to a finished search of a term: not under "Start searching above", not beside an error.
  const hasCount = mode === 'search' && term.trim().length > 0 && state.status === 'done';
  // The snack shows the current mode's last failure: the next request's outcome replaces it.
  const failure =
    mode === 'search' ? state.failure : answer.state.status === 'error' ? answer.state.failure : null;
  const { snack, dismiss: dismissSnack } = useFailureSnack(failure);
  const dialogTitle = `Search ${view.organisation.name} ${view.customisation.portalTitle}`;
  // A term on its way (debounce or request) has no count yet: the footer says so, never '0 results'.
  const countText = isSearching ? searchTexts.searching : hasCount ? searchTexts.results(state.total) : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <FullScreenDialogContent
        data-testid="search-dialog"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          const input = inputRef.current;
          input?.focus();
          input?.setSelectionRange(input.value.length, input.value.length);
        }}
        className={classNames(
          // One steady height on wide screens (spec 1 §9: 700 px, at most 80vh), whatever the state shows.
          'md:inset-auto md:top-[10vh] md:left-1/2 md:h-[min(700px,80vh)] md:w-[min(960px,calc(100vw-4rem))] md:min-w-[700px] md:-translate-x-1/2',
          'md:rounded-2xl md:shadow-2xl md:ring-1 md:ring-slate-900/10 motion-safe:md:animate-[attest-fade-in_150ms_ease-out]',
        )}
      >
        <DialogTitle className="sr-only">{dialogTitle}</DialogTitle>
        <PhoneHeader view={view} />
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3">
          <div className="relative min-w-0 flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden
            />
            <SearchInput
              inputRef={inputRef}
              mode={mode}
              listboxId={listboxId}
              isExpanded={hasResults}
              activeKey={mode === 'search' ? selectedKey : null}
              term={term}
              onTermChange={changeTerm}
              onKeyDown={onInputKeyDown}
            />
          </div>
          {isAnswerAvailable ? <ModeSwitch mode={mode} onChange={changeMode} /> : null}
          <DialogClose
            className="hidden rounded-md border border-slate-200 px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-50 md:inline-flex"
            aria-label={searchTexts.close}
          >
            esc
          </DialogClose>
        </div>

        <div
          className={classNames(
            'relative flex min-h-[200px] min-w-0 flex-1 flex-col overflow-hidden',
            // Room for the snack, so it never covers the state or the last result under it.
            snack && 'pb-20',
          )}
        >
          {mode === 'ask_ai' ? (
            <AiAnswer
              state={answer.state}
              onOpenSource={select}
              onRetry={() => {
                if (answer.state.status === 'error') void answer.ask(answer.state.question);
              }}
            />
          ) : hasResults ? (
            <ResultsPane
              listboxId={listboxId}
              groups={groups}
              display={display}
              topMatchKey={topMatch ? resultKey(topMatch) : null}
              selectedKey={selectedKey}
              selected={selected}
              isSmall={isSmall}
              isLoadingMore={state.isLoadingMore}
              onSelectKey={setSelectedKey}
              onOpen={select}
              onToggleGroup={toggleGroup}
              onShowMore={showMore}
              onEndReached={search.loadMore}
            />
          ) : (
            <SearchStatus status={state.status} hasTerm={term.trim().length > 0} onRetry={search.retry} />
          )}
          {snack ? (
            <InlineSnack key={snack.id} message={snack.message} tone="error" onDismiss={dismissSnack} />
          ) : null}
        </div>

        <SearchFooter mode={mode} hasResults={hasResults} countText={countText} />
      </FullScreenDialogContent>
    </Dialog>
  );
}

function KeyHint({ keys, label }: { keys: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <kbd className="rounded border border-slate-200 bg-white px-1.5 py-0.5 font-sans text-[11px] font-medium text-slate-700">
        {keys}
      </kbd>
      {label}
    </span>
  );
}
