import type { SnippetPart } from '../../../../shared/search';
import { foldWithOrigins } from './fold-text';

/** A [from, to) range of characters, end exclusive. */
export type TextRange = [number, number];

const snippetRadius = 60;
/** Shorter query words only match where a word starts ("a" is not every "a" in a text). */
export const minInsideWordLength = 2;
/** Inside a word, shorter ones are not marked either: "at" in "data" reads as noise. */
const minInsideMarkLength = 3;

function isWordStart(folded: string, at: number): boolean {
  return at === 0 || folded.charCodeAt(at - 1) === 32;
}

type WordMarks = { ranges: TextRange[]; wordsFound: number; markedLength: number };

/**
 * Where the query's words occur in a folded text: where words start when a word does start one
 * somewhere, else wherever it occurs. Sorted; overlapping ranges and ranges one space apart merge
 * ("[tabletop exercises]").
 */
export function wordMarks(folded: string, words: readonly string[]): WordMarks {
  const ranges: TextRange[] = [];
  let wordsFound = 0;
  for (const word of words) {
    const starts: TextRange[] = [];
    const inside: TextRange[] = [];
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + 1)) {
      if (isWordStart(folded, at)) starts.push([at, at + word.length]);
      else if (word.length >= minInsideMarkLength) inside.push([at, at + word.length]);
    }
    const found = starts.length ? starts : inside;
    if (found.length) wordsFound++;
    ranges.push(...found);
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: TextRange[] = [];
  let markedLength = 0;
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && (range[0] <= last[1] || (range[0] === last[1] + 1 && folded[last[1]] === ' ')))
      last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  for (const [from, to] of merged) markedLength += to - from;
  return { ranges: merged, wordsFound, markedLength };
}

/**
 * Little words a question is made of ("do you have a…"): marked only when the query has nothing else.
 * The portal's texts are English; a stop-word package would bring every language into the search chunk.
 */
const englishStopWords = new Set(
  'a an and are as at be by do does for from has have how i in is it of on or our the their to we what when where which who with you your'.split(
    ' ',
  ),
);

/** The query's words worth marking: its stop words only when it has no other words. */
export function wordsToMark(words: readonly string[]): readonly string[] {
  const meaningful = words.filter((word) => !englishStopWords.has(word));
  return meaningful.length > 0 ? meaningful : words;
}

/** The text around its longest marked range, with every range in that window marked. */
export function snippetParts(text: string, ranges: readonly TextRange[]): SnippetPart[] | null {
  if (ranges.length === 0) return null;
  const longest = ranges.reduce((best, range) => (range[1] - range[0] > best[1] - best[0] ? range : best));
  // The window starts and ends between words, never inside one.
  let start = Math.max(0, longest[0] - snippetRadius);
  if (start > 0) {
    const space = text.indexOf(' ', start - 1);
    start = space !== -1 && space < longest[0] ? space + 1 : longest[0];
  }
  let end = Math.min(text.length, longest[1] + snippetRadius);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    end = space >= longest[1] ? space : longest[1];
  }
  const parts: SnippetPart[] = [];
  let cursor = start;
  for (const [from, to] of ranges) {
    if (from < cursor || to > end) continue;
    if (from > cursor) parts.push({ text: text.slice(cursor, from), isMatch: false });
    parts.push({ text: text.slice(from, to), isMatch: true });
    cursor = to;
  }
  if (cursor < end) parts.push({ text: text.slice(cursor, end), isMatch: false });
  if (start > 0) parts.unshift({ text: '…', isMatch: false });
  if (end < text.length) parts.push({ text: '…', isMatch: false });
  return parts;
}

/**
 * A snippet of the field showing most of the query's words (then the most marked text; the earlier
 * field on a tie), or null when none of them occurs in any field.
 */
export function wordSnippet(fields: readonly string[], words: readonly string[]): SnippetPart[] | null {
  let best: {
    field: string;
    marks: WordMarks;
    originalRange: (from: number, to: number) => TextRange;
  } | null = null;
  const marked = wordsToMark(words);
  for (const field of fields) {
    const { folded, originalRange } = foldWithOrigins(field, { collapse: false });
    const marks = wordMarks(folded, marked);
    if (
      marks.wordsFound > 0 &&
      (!best ||
        marks.wordsFound > best.marks.wordsFound ||
        (marks.wordsFound === best.marks.wordsFound && marks.markedLength > best.marks.markedLength))
    )
      best = { field, marks, originalRange };
  }
  if (!best) return null;
  const { field, marks, originalRange } = best;
  return snippetParts(
    field,
    marks.ranges.map(([from, to]) => originalRange(from, to)),
  );
}

/** A snippet from fuzzy ranges of the folded text (inclusive [from, to] pairs, as Fuse.js gives). */
export function fuzzySnippet(
  text: string,
  indices: ReadonlyArray<readonly [number, number]>,
  minRun: number,
): SnippetPart[] | null {
  const { originalRange } = foldWithOrigins(text);
  const ranges = indices
    .filter(([from, to]) => to - from + 1 >= minRun)
    .map(([from, to]) => originalRange(from, to + 1))
    .sort((a, b) => a[0] - b[0]);
  return snippetParts(text, ranges);
}

const wordCharacter = /[\p{L}\p{N}]/u;

/**
 * A mark never splits a word ("[Train]ing" reads as two words once marked): each grows over the
 * letters and digits touching it, and marks that then touch become one ("[2][024]" is "[2024]").
 */
export function wholeWordMarks(parts: readonly SnippetPart[]): SnippetPart[] {
  const texts = parts.map((part) => part.text);
  for (let index = 0; index < parts.length; index++) {
    if (!parts[index]!.isMatch) continue;
    const before = index > 0 && !parts[index - 1]!.isMatch ? index - 1 : -1;
    if (before >= 0) {
      let cut = texts[before]!.length;
      while (cut > 0 && wordCharacter.test(texts[before]![cut - 1]!)) cut--;
      texts[index] = texts[before]!.slice(cut) + texts[index];
      texts[before] = texts[before]!.slice(0, cut);
    }
    const after = index + 1 < parts.length && !parts[index + 1]!.isMatch ? index + 1 : -1;
    if (after >= 0) {
      let cut = 0;
      while (cut < texts[after]!.length && wordCharacter.test(texts[after]![cut]!)) cut++;
      texts[index] += texts[after]!.slice(0, cut);
      texts[after] = texts[after]!.slice(cut);
    }
  }
  const joined: SnippetPart[] = [];
  parts.forEach((part, index) => {
    const text = texts[index]!;
    if (!text) return;
    const last = joined.at(-1);
    if (last && last.isMatch === part.isMatch) last.text += text;
    else joined.push({ text, isMatch: part.isMatch });
  });
  return joined;
}
