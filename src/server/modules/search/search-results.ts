import { cardKinds } from '../../../shared/card-kinds';
import {
  itemResultType,
  type SearchResult,
  type SearchResultType,
  SearchResultType as SearchResultTypes,
  type SnippetPart,
} from '../../../shared/search';
import type { MatchPage, MatchRow } from './queries';

const icons: Record<SearchResultType, string> = {
  document: 'file-text',
  control: 'shield-check',
  fact: 'info',
  faq: 'message-circle-question',
  trust_item: 'badge-check',
  update: 'megaphone',
  webpage: 'globe',
};

/** ts_headline marks matches with ⟦ ⟧; the client gets parts instead, so nothing is rendered as HTML. */
export function snippetParts(headline: string | null): SnippetPart[] | null {
  if (!headline) return null;
  const parts: SnippetPart[] = [];
  for (const [index, piece] of headline.split(/[⟦⟧]/).entries()) {
    if (piece) parts.push({ text: piece, isMatch: index % 2 === 1 });
  }
  return parts.length > 0 ? parts : null;
}

const isoDate = (value: string | Date | null) =>
  value ? new Date(value).toISOString() : new Date(0).toISOString();

export function toSearchResult(row: MatchRow): SearchResult {
  const snippet = snippetParts(row.headline);
  const base = { id: row.id, source: 'semantic' as const, title: row.title, snippet };
  switch (row.type) {
    case 'file':
      return {
        ...base,
        type: 'document',
        icon: icons.document,
        metadata: {
          fileId: row.id,
          fileName: row.file_name ?? row.title,
          mimeType: row.mime_type ?? 'application/octet-stream',
          itemUid: row.item_id!,
          kind: row.card_kind ?? 'Documents',
        },
        // The passage of the document's text that matched, when it has text; else its file name.
        content: [{ value: snippet ? snippet.map((part) => part.text).join('') : (row.file_name ?? '') }],
      };
    case 'item': {
      const kind = row.card_kind!;
      const type = itemResultType(kind);
      return {
        ...base,
        type,
        icon: icons[type],
        metadata: {
          itemUid: row.id,
          kind,
          cardTitle: row.card_title ?? cardKinds[kind].title,
          explanation: row.is_locked ? null : (row.body ?? ''),
          isLocked: row.is_locked,
          customUrlSlug: row.custom_url_slug,
        },
      };
    }
    case 'update':
      return {
        ...base,
        type: 'update',
        icon: icons.update,
        metadata: {
          topicId: row.topic_id!,
          updateId: row.id,
          description: row.body ?? '',
          category: row.category ?? 'general',
          createdAt: isoDate(row.created_at),
        },
      };
    case 'kb':
      return {
        ...base,
        type: 'faq',
        icon: icons.faq,
        metadata: { answer: row.body ?? '', comment: row.comment ?? '' },
      };
  }
}

/** Counts per result group; items count in the group of their card. */
export function groupCounts(counts: MatchPage['counts']): Record<SearchResultType, number> {
  const result = Object.fromEntries(SearchResultTypes.options.map((type) => [type, 0])) as Record<
    SearchResultType,
    number
  >;
  for (const entry of counts) {
    const type: SearchResultType =
      entry.type === 'item'
        ? itemResultType(entry.card_kind!)
        : entry.type === 'file'
          ? 'document'
          : entry.type === 'kb'
            ? 'faq'
            : 'update';
    result[type] += entry.count;
  }
  return result;
}
