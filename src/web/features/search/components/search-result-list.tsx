import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { SearchResult, SearchResultType } from '../../../../shared/search';
import { Skeleton } from '../../../components/ui/skeleton';
import { classNames } from '../../../lib/class-names';
import {
  type GroupDisplay,
  hiddenCount,
  optionId,
  type ResultGroup,
  resultKey,
  visibleResults,
} from '../lib/group-results';
import { resultSubtitle } from '../lib/result-texts';
import { useSearchTexts } from '../lib/search-texts';
import { ResultIcon } from './result-icon';
import { SnippetText } from './snippet-text';

/** Spec 1 §9: rows of 82 px; past 5 results the list stops growing at 467 px and scrolls. */
const rowHeightPx = 82;
const listCapPx = 467;
const rowsBeforeCap = 5;
const endThresholdPx = 24;

type SearchResultListProps = {
  listboxId: string;
  groups: ResultGroup[];
  display: GroupDisplay;
  topMatchKey: string | null;
  selectedKey: string | null;
  isSmall: boolean;
  isLoadingMore: boolean;
  renderInlineDetail(result: SearchResult): ReactNode;
  onSelect(result: SearchResult): void;
  onOpen(result: SearchResult): void;
  onToggleGroup(type: SearchResultType): void;
  onShowMore(type: SearchResultType): void;
  onEndReached(): void;
};

/** Results grouped by type, each group collapsible with its count, 3 shown until '...N more'. */
export function SearchResultList({
  listboxId,
  groups,
  display,
  topMatchKey,
  selectedKey,
  isSmall,
  isLoadingMore,
  renderInlineDetail,
  onSelect,
  onOpen,
  onToggleGroup,
  onShowMore,
  onEndReached,
}: SearchResultListProps) {
  const searchTexts = useSearchTexts();
  const baseId = useId();
  const rowCount = groups.reduce((sum, group) => sum + visibleResults(group, display).length, 0);
  const maxHeight = !isSmall && rowCount > rowsBeforeCap ? listCapPx : undefined;

  return (
    <div
      id={listboxId}
      className="min-h-0 w-full overflow-y-auto overscroll-contain md:w-[46%] md:shrink-0"
      style={{ maxHeight, minHeight: !isSmall ? Math.min(rowCount, rowsBeforeCap) * rowHeightPx : undefined }}
      data-testid="search-results"
      onScroll={(event) => {
        const list = event.currentTarget;
        if (list.scrollTop + list.clientHeight >= list.scrollHeight - endThresholdPx) onEndReached();
      }}
    >
      {groups.map((group) => {
        const isCollapsed = display.collapsed.has(group.type);
        const shown = visibleResults(group, display);
        const more = hiddenCount(group, display);
        const headingId = `${baseId}-${group.type}`;
        const selectedIndex = shown.findIndex((result) => resultKey(result) === selectedKey);
        // On small screens the selected result's details open right under it (spec 1 §2).
        const segments =
          isSmall && selectedIndex >= 0
            ? [shown.slice(0, selectedIndex + 1), shown.slice(selectedIndex + 1)]
            : [shown];
        return (
          <section key={group.type} aria-labelledby={headingId} data-testid={`search-group-${group.type}`}>
            <h3 className="sticky top-0 z-[1] bg-white/95 backdrop-blur-sm">
              <button
                type="button"
                id={headingId}
                aria-expanded={!isCollapsed}
                onClick={() => onToggleGroup(group.type)}
                className="flex w-full items-center gap-2 px-4 pt-3 pb-1.5 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase hover:text-slate-900"
              >
                <ChevronDown
                  className={classNames('size-3.5 transition', isCollapsed && '-rotate-90')}
                  aria-hidden
                />
                {group.label}
                <span className="rounded-full bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-700 normal-case">
                  {group.count}
                </span>
              </button>
            </h3>
            {segments.map((segment, segmentIndex) =>
              segment.length > 0 ? (
                <div key={segmentIndex === 0 ? 'head' : 'tail'}>
                  <div role="listbox" aria-label={group.label} className="px-2">
                    {segment.map((result) => {
                      const key = resultKey(result);
                      const isSelected = key === selectedKey;
                      return (
                        <div
                          key={key}
                          tabIndex={-1}
                          id={optionId(listboxId, key)}
                          role="option"
                          aria-selected={isSelected}
                          data-testid="search-result"
                          onMouseMove={() => {
                            if (!isSmall && !isSelected) onSelect(result);
                          }}
                          onClick={() => onOpen(result)}
                          onKeyDown={(event) => {
                            if (event.key === 'Enter') onOpen(result);
                          }}
                          className={classNames(
                            'flex min-h-[82px] cursor-pointer items-start gap-3 rounded-lg px-3 py-3',
                            isSelected ? 'bg-brand-soft ring-1 ring-brand/30' : 'hover:bg-slate-50',
                          )}
                        >
                          <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-600">
                            <ResultIcon type={result.type} className="size-4" />
                          </span>
                          <span className="min-w-0 flex-1">
                            <span className="flex items-center gap-2">
                              <span className="truncate text-sm font-medium text-slate-900">
                                {result.title}
                              </span>
                              {key === topMatchKey ? (
                                <span className="shrink-0 rounded-full bg-emerald-50 px-2 py-0.5 text-[11px] font-medium text-emerald-800 ring-1 ring-emerald-600/20">
                                  {searchTexts.topMatch}
                                </span>
                              ) : null}
                            </span>
                            <span className="mt-1 line-clamp-2 text-xs leading-5 text-slate-600">
                              {result.snippet ? (
                                <SnippetText parts={result.snippet} />
                              ) : (
                                resultSubtitle(result)
                              )}
                            </span>
                          </span>
                        </div>
                      );
                    })}
                  </div>
                  {segmentIndex === 0 && segments.length === 2 && selectedIndex >= 0 ? (
                    <div
                      className="mx-2 mb-2 rounded-lg border border-slate-200 bg-slate-50"
                      data-testid="search-inline-detail"
                    >
                      {renderInlineDetail(shown[selectedIndex]!)}
                    </div>
                  ) : null}
                </div>
              ) : null,
            )}
            {more > 0 ? (
              <button
                type="button"
                onClick={() => onShowMore(group.type)}
                className="mx-5 mb-1 rounded text-xs font-medium text-brand-ink hover:underline"
              >
                {searchTexts.more(more)}
              </button>
            ) : null}
          </section>
        );
      })}
      {isLoadingMore ? (
        <div className="space-y-2 px-5 py-3" aria-busy="true" data-testid="search-loading-more">
          <span className="sr-only">{searchTexts.loadingMore}</span>
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-3 w-3/4" />
        </div>
      ) : null}
    </div>
  );
}
