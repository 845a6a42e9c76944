import {
  type SearchResult,
  type SearchResultType,
  searchGroupLabels,
  searchGroupOrder,
  searchLimits,
} from '../../../../shared/search';

export type ResultGroup = {
  type: SearchResultType;
  label: string;
  /** The group's results loaded so far, best first. */
  results: SearchResult[];
  /** Every match of this type the viewer may see (the server's count; loaded results when local). */
  count: number;
};

/**
 * Groups in the spec's order (Documents, Controls, Facts, FAQs, Trust Items, Updates, Webpage), except
 * that the group holding the best match leads: 'Top match' is always the first entry (decision 180).
 */
export function groupResults(
  matches: readonly SearchResult[],
  counts?: Partial<Record<SearchResultType, number>>,
  /** Each group's heading in the page's language; the spec's English when not given. */
  labels: Record<SearchResultType, string> = searchGroupLabels,
): ResultGroup[] {
  const byType = new Map<SearchResultType, SearchResult[]>();
  for (const match of matches) {
    const list = byType.get(match.type) ?? [];
    list.push(match);
    byType.set(match.type, list);
  }
  const leading = matches[0]?.type;
  const order = leading
    ? [leading, ...searchGroupOrder.filter((type) => type !== leading)]
    : searchGroupOrder;
  return order.flatMap((type) => {
    const results = byType.get(type);
    if (!results) return [];
    return [
      {
        type,
        label: labels[type],
        results,
        count: Math.max(counts?.[type] ?? 0, results.length),
      },
    ];
  });
}

export type GroupDisplay = {
  collapsed: ReadonlySet<SearchResultType>;
  expanded: ReadonlySet<SearchResultType>;
};

/** What a group shows: nothing when collapsed, the first 3 until '...N more' is used, else all. */
export function visibleResults(group: ResultGroup, display: GroupDisplay): SearchResult[] {
  if (display.collapsed.has(group.type)) return [];
  if (display.expanded.has(group.type)) return group.results;
  return group.results.slice(0, searchLimits.groupPreviewCount);
}

/** How many loaded results the '...N more' link reveals (0: no link). */
export function hiddenCount(group: ResultGroup, display: GroupDisplay): number {
  if (display.collapsed.has(group.type) || display.expanded.has(group.type)) return 0;
  return Math.max(0, group.results.length - searchLimits.groupPreviewCount);
}

/** The results up/down arrows move through, in screen order. */
export function navigableResults(groups: readonly ResultGroup[], display: GroupDisplay): SearchResult[] {
  return groups.flatMap((group) => visibleResults(group, display));
}

/** A stable key for a result across groups (ids are unique per type only). */
export function resultKey(result: Pick<SearchResult, 'type' | 'id'>): string {
  return `${result.type}:${result.id}`;
}

/** The DOM id of a result's option, for aria-activedescendant. */
export function optionId(listboxId: string, key: string): string {
  return `${listboxId}-${key.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
}
