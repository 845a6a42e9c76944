import Fuse from 'fuse.js';
import type { CardView } from '../../../../shared/cards';
import type { KbHit } from '../../../../shared/knowledge-base';
import type { PortalView } from '../../../../shared/portal';
import { itemResultType, type SearchResult } from '../../../../shared/search';
import type { TopicView } from '../../../../shared/updates';
import { foldedWords, foldText } from './fold-text';
import { createGramFilter, type GramFilter } from './gram-filter';
import { fuzzySnippet, minInsideWordLength, wordSnippet } from './snippet';

/**
 * Main and Public mode's engine (spec 1 §4) over what the page holds, so it shows nothing the page would not:
 * cards, documents, and the updates and knowledge-base entries the page's panels load through the gate.
 * Names and short fields match fuzzily (Fuse.js); long ones word by word, folded: fuzzy over them cost
 * 82 ms a keystroke for 2 000 items. Names rank above short fields, above long ones.
 */

type LocalEntry = {
  result: SearchResult;
  title: string;
  /** Matched fuzzily. */
  shortFields: string[];
  /** Matched word by word. */
  longFields: string[];
};

/** Folded texts with a leading space, so `includes(' ' + word)` finds a word start. */
type IndexedEntry = LocalEntry & {
  titleText: string;
  shortText: string;
  longText: string;
  /** All three: most entries miss a word, and one look here tells. */
  allText: string;
};

const maxResults = 200;
const minQueryLength = 2;
/** Fuzzy matching also reports stray letters; only runs of a few characters read as a match. */
const minMarkedRun = 3;
/** Data fields longer than this are matched word by word rather than fuzzily. */
const shortFieldMaxLength = 80;
/** Rank bands: a multi-word match ranks by the mean band of its words. */
const band = { title: 0, short: 1, long: 2 } as const;
/** Within a band, after word starts: a word inside a word, then fuzzy matches by Fuse.js score (< 1). */
const insideWordPenalty = 0.1;
const fuzzyPenalty = 0.2;
const fuzzyScoreWeight = 0.7;

function cardHeading(card: Pick<CardView, 'displayText' | 'title'>): string {
  return card.displayText?.trim() || card.title;
}

/** Text of an update's sanitised HTML, for matching and the snippet. */
export function htmlText(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

function present(values: ReadonlyArray<string | null>): string[] {
  return values.filter((value): value is string => Boolean(value?.trim()));
}

function itemEntries(view: PortalView): LocalEntry[] {
  return view.cards.flatMap((card) =>
    card.items
      .filter((item) => item.enabledState !== 'NotEnabled')
      .map((item): LocalEntry => {
        const type = itemResultType(card.kind);
        const listEntries = item.listEntries ?? [];
        const isShort = (entry: string) => entry.length <= shortFieldMaxLength;
        return {
          title: item.title,
          shortFields: present([
            ...listEntries.filter(isShort),
            item.type,
            item.maturity,
            item.recurrence,
            item.auditor,
            cardHeading(card),
          ]),
          longFields: present([item.explanation, ...listEntries.filter((entry) => !isShort(entry))]),
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
      shortFields: [file.originalName],
      longFields: [],
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
        shortFields: [topic.category],
        longFields: messages,
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

/** Knowledge-base entries the gate's search key reaches: the question is the title (spec 1 §3 FAQ result). */
function faqEntries(hits: readonly KbHit[]): LocalEntry[] {
  return hits.map((hit) => ({
    title: hit.content,
    shortFields: [],
    longFields: present([hit.answer, hit.comment]),
    result: {
      id: hit.objectID,
      type: 'faq',
      source: 'fuse',
      title: hit.content,
      icon: null,
      snippet: null,
      metadata: { answer: hit.answer, comment: hit.comment },
    },
  }));
}

export type LocalSearchIndex = { search(term: string): SearchResult[]; size: number };

type Hit = {
  entry: number;
  score: number;
  /** The short field Fuse.js matched (folded) and where, for the snippet when no word occurs as typed. */
  fuzzyField?: { folded: string; indices: ReadonlyArray<readonly [number, number]> };
};

const fuzzyOptions = {
  includeMatches: true,
  includeScore: true,
  ignoreLocation: true,
  threshold: 0.3,
  minMatchCharLength: 2,
  // The texts and the pattern are folded already.
  isCaseSensitive: true,
};

/** A query word as the exact path looks for it: at a word start, and (if long enough) anywhere. */
type QueryWord = { word: string; wordStart: string; matchesInside: boolean };

function rankIn(text: string, query: QueryWord, rank: number): number | null {
  if (text.includes(query.wordStart)) return rank;
  if (query.matchesInside && text.includes(query.word)) return rank + insideWordPenalty;
  return null;
}

/** The mean rank of the query's words in the entry (where each occurs first), null if one is missing. */
function exactRank(entry: IndexedEntry, words: readonly QueryWord[]): number | null {
  for (const query of words)
    if (!entry.allText.includes(query.matchesInside ? query.word : query.wordStart)) return null;
  let total = 0;
  for (const query of words) {
    const rank =
      rankIn(entry.titleText, query, band.title) ??
      rankIn(entry.shortText, query, band.short) ??
      rankIn(entry.longText, query, band.long);
    if (rank === null) return null;
    total += rank;
  }
  return total / words.length;
}

/** Where the query shows in the entry's fields: long fields first, then short ones. */
function snippetOf(entry: IndexedEntry, hit: Hit, words: readonly string[]) {
  const fields = [
    ...(words.some((word) => entry.longText.includes(word)) ? entry.longFields : []),
    ...(words.some((word) => entry.shortText.includes(word)) ? entry.shortFields : []),
  ];
  const snippet = wordSnippet(fields, words);
  if (snippet) return snippet;
  const fuzzy = hit.fuzzyField;
  const field = fuzzy && entry.shortFields.find((candidate) => foldText(candidate) === fuzzy.folded);
  return field && fuzzy ? fuzzySnippet(field, fuzzy.indices, minMarkedRun) : null;
}

export function createLocalSearchIndex(
  view: PortalView,
  topics: readonly TopicView[],
  faqs: readonly KbHit[] = [],
): LocalSearchIndex {
  const entries: IndexedEntry[] = [
    ...documentEntries(view),
    ...itemEntries(view),
    ...topicEntries(topics),
    ...faqEntries(faqs),
  ].map((entry) => {
    const titleText = ` ${foldText(entry.title)}`;
    const shortText = ` ${entry.shortFields.map(foldText).join(' ')}`;
    const longText = ` ${entry.longFields.map(foldText).join(' ')}`;
    return { ...entry, titleText, shortText, longText, allText: titleText + shortText + longText };
  });
  const titles = entries.map((entry) => entry.titleText.slice(1));
  const titleFilter = createGramFilter(titles);
  // Short fields repeat (a card's heading, a type, a recurrence): each distinct one is matched once.
  const owners = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    for (const field of entry.shortFields) {
      const folded = foldText(field);
      const list = owners.get(folded);
      if (!list) owners.set(folded, [index]);
      else if (list.at(-1) !== index) list.push(index);
    }
  });
  const shortValues = [...owners.keys()];
  const shortFilter = createGramFilter(shortValues);
  /** Fuse.js over the texts the gram filter keeps (most of them cannot match): `[text index, match]`. */
  const fuzzyMatches = (texts: readonly string[], filter: GramFilter, pattern: string) => {
    const kept = filter.candidates(pattern, fuzzyOptions.threshold);
    const fuse = new Fuse(
      kept.map((index) => texts[index]!),
      fuzzyOptions,
    );
    return fuse.search(pattern).map((match) => [kept[match.refIndex]!, match] as const);
  };

  return {
    size: entries.length,
    search(term) {
      const words = foldedWords(term);
      if (words.join('').length < minQueryLength) return [];
      const pattern = words.join(' ');
      const queryWords = words.map((word) => ({
        word,
        wordStart: ` ${word}`,
        matchesInside: word.length >= minInsideWordLength,
      }));
      const hits = new Map<number, Hit>();
      const offer = (hit: Hit) => {
        const known = hits.get(hit.entry);
        if (!known || hit.score < known.score) hits.set(hit.entry, { ...known, ...hit });
        else if (hit.fuzzyField && !known.fuzzyField) known.fuzzyField = hit.fuzzyField;
      };
      entries.forEach((entry, index) => {
        const rank = exactRank(entry, queryWords);
        if (rank !== null) offer({ entry: index, score: rank });
      });
      for (const [entry, match] of fuzzyMatches(titles, titleFilter, pattern)) {
        offer({ entry, score: band.title + fuzzyPenalty + fuzzyScoreWeight * (match.score ?? 1) });
      }
      for (const [value, match] of fuzzyMatches(shortValues, shortFilter, pattern)) {
        const score = band.short + fuzzyPenalty + fuzzyScoreWeight * (match.score ?? 1);
        const fuzzyField = { folded: match.item, indices: match.matches?.[0]?.indices ?? [] };
        for (const entry of owners.get(shortValues[value]!) ?? []) offer({ entry, score, fuzzyField });
      }
      return [...hits.values()]
        .sort(
          (a, b) =>
            a.score - b.score ||
            entries[a.entry]!.title.length - entries[b.entry]!.title.length ||
            a.entry - b.entry,
        )
        .slice(0, maxResults)
        .map((hit) => {
          const entry = entries[hit.entry]!;
          return { ...entry.result, snippet: snippetOf(entry, hit, words) } as SearchResult;
        });
    },
  };
}
