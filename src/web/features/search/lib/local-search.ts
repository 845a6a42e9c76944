import Fuse, { type FuseResult } from 'fuse.js';
import type { CardView } from '../../../../shared/cards';
import type { PortalView } from '../../../../shared/portal';
import { itemResultType, type SearchResult, type SnippetPart } from '../../../../shared/search';
import type { TopicView } from '../../../../shared/updates';

/**
 * The local engine of Main and Public mode (spec 1 §4): Fuse.js over what the page already holds
 * (the view's items and documents, and the visible trust updates). The view carries only what this
 * viewer may see, so local search can show nothing the page itself would not.
 */

type LocalEntry = { result: SearchResult; title: string; fields: string[] };

const snippetRadius = 60;
const maxResults = 200;
const minMarkedRun = 3;

function cardHeading(card: Pick<CardView, 'displayText' | 'title'>): string {
  return card.displayText?.trim() || card.title;
}

/** Text of an update's sanitised HTML, for matching and the snippet. */
export function htmlText(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

function itemEntries(view: PortalView): LocalEntry[] {
  return view.cards.flatMap((card) =>
    card.items
      .filter((item) => item.enabledState !== 'NotEnabled')
      .map((item): LocalEntry => {
        const type = itemResultType(card.kind);
        const fields = [
          item.explanation,
          ...(item.listEntries ?? []),
          item.type,
          item.maturity,
          item.recurrence,
          item.auditor,
          cardHeading(card),
        ].filter((value): value is string => Boolean(value));
        return {
          title: item.title,
          fields,
          result: {
            id: item.itemUid,
            type,
            source: 'fuse',
            title: item.title,
            icon: null,
            snippet: null,
            metadata: {
              itemUid: item.itemUid,
              kind: card.kind,
              cardTitle: cardHeading(card),
              explanation: item.explanation,
              isLocked: item.isLocked,
              customUrlSlug: item.customUrlSlug,
            },
          },
        };
      }),
  );
}

function documentEntries(view: PortalView): LocalEntry[] {
  return view.documents.files.map((file) => {
    const card = view.cards.find((candidate) =>
      candidate.items.some((item) => item.itemUid === file.itemUid),
    );
    return {
      title: file.title,
      fields: [file.originalName],
      result: {
        id: file.fileId,
        type: 'document',
        source: 'fuse',
        title: file.title,
        icon: null,
        snippet: null,
        metadata: {
          fileId: file.fileId,
          fileName: file.originalName,
          mimeType: file.contentType,
          itemUid: file.itemUid,
          kind: card?.kind ?? 'Documents',
        },
        content: [{ value: '' }],
      },
    };
  });
}

function topicEntries(topics: readonly TopicView[]): LocalEntry[] {
  return topics.flatMap((topic) => {
    const latest = topic.updates[0];
    if (!latest) return [];
    const messages = topic.updates.map((update) => htmlText(update.html));
    return [
      {
        title: topic.subject,
        fields: [...messages, topic.category],
        result: {
          id: topic.id,
          type: 'update',
          source: 'fuse',
          title: topic.subject,
          icon: null,
          snippet: null,
          metadata: {
            topicId: topic.id,
            updateId: latest.id,
            description: messages[0] ?? '',
            category: topic.category,
            createdAt: latest.createdAt,
          },
        },
      },
    ];
  });
}

/** The matched words of a data field, with some context either side (title-only matches: null). */
function snippetOf(match: FuseResult<LocalEntry>): SnippetPart[] | null {
  const field = match.matches?.find((candidate) => candidate.key === 'fields' && candidate.indices.length);
  if (!field?.value) return null;
  const text = field.value;
  // Fuzzy matching also reports stray letters; only runs of a few characters read as a match.
  const runs = field.indices.filter(([from, to]) => to - from + 1 >= minMarkedRun);
  if (runs.length === 0) return null;
  const longest = [...runs].sort((a, b) => b[1] - b[0] - (a[1] - a[0]))[0]!;
  const start = Math.max(0, longest[0] - snippetRadius);
  const end = Math.min(text.length, longest[1] + 1 + snippetRadius);
  const parts: SnippetPart[] = [];
  let cursor = start;
  const inWindow = runs.filter(([from, to]) => from >= start && to < end).sort((a, b) => a[0] - b[0]);
  for (const [from, to] of inWindow) {
    if (from < cursor) continue;
    if (from > cursor) parts.push({ text: text.slice(cursor, from), isMatch: false });
    parts.push({ text: text.slice(from, to + 1), isMatch: true });
    cursor = to + 1;
  }
  if (cursor < end) parts.push({ text: text.slice(cursor, end), isMatch: false });
  if (start > 0) parts.unshift({ text: '…', isMatch: false });
  if (end < text.length) parts.push({ text: '…', isMatch: false });
  return parts;
}

export type LocalSearchIndex = { search(term: string): SearchResult[]; size: number };

export function createLocalSearchIndex(view: PortalView, topics: readonly TopicView[]): LocalSearchIndex {
  const entries = [...documentEntries(view), ...itemEntries(view), ...topicEntries(topics)];
  const fuse = new Fuse(entries, {
    keys: [
      { name: 'title', weight: 3 },
      { name: 'fields', weight: 1 },
    ],
    includeMatches: true,
    includeScore: true,
    ignoreLocation: true,
    threshold: 0.3,
    minMatchCharLength: 2,
  });
  return {
    size: entries.length,
    search(term) {
      const trimmed = term.trim();
      if (!trimmed) return [];
      return fuse
        .search(trimmed, { limit: maxResults })
        .map((match) => ({ ...match.item.result, snippet: snippetOf(match) }) as SearchResult);
    },
  };
}
