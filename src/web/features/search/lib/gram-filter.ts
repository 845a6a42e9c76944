/**
 * A cheap pass before Fuse.js's bitap, the costly part of a keystroke. A match with k edits keeps m - k of
 * the pattern's m characters and m - 1 - 2k of its adjacent pairs (q-gram lemma), so a text holding fewer
 * cannot match and is skipped. It only keeps too much, never too little: Fuse's answer is unchanged.
 */

/** Bits per text: characters and pairs hash into it, a collision only keeps a text. */
const wordsPerText = 64;
const bitMask = wordsPerText * 32 - 1;
/** Fuse.js matches longer patterns in pieces of this length, a text matching if any piece does. */
const fuseChunkLength = 32;

/** Where a character (second: noSecond) or an adjacent pair of UTF-16 units sets its bit. */
function gramBit(first: number, second: number): number {
  return (Math.imul((first << 16) | second, 2654435761) >>> 16) & bitMask;
}
const noSecond = 0xffff;

/** Fuse.js's pieces of a pattern (src/search/bitap/index.ts). */
function fuseChunks(pattern: string): string[] {
  if (pattern.length <= fuseChunkLength) return [pattern];
  const chunks: string[] = [];
  const remainder = pattern.length % fuseChunkLength;
  for (let start = 0; start < pattern.length - remainder; start += fuseChunkLength)
    chunks.push(pattern.slice(start, start + fuseChunkLength));
  if (remainder) chunks.push(pattern.slice(pattern.length - fuseChunkLength));
  return chunks;
}

type ChunkTest = { characters: number[]; pairs: number[]; needCharacters: number; needPairs: number };

function chunkTest(chunk: string, threshold: number): ChunkTest {
  const length = chunk.length;
  let errors = 0;
  // The same comparison as Fuse's score: errors / pattern length against the threshold.
  while ((errors + 1) / length <= threshold) errors++;
  const characters: number[] = [];
  const pairs: number[] = [];
  for (let index = 0; index < length; index++) {
    characters.push(gramBit(chunk.charCodeAt(index), noSecond));
    if (index + 1 < length) pairs.push(gramBit(chunk.charCodeAt(index), chunk.charCodeAt(index + 1)));
  }
  return { characters, pairs, needCharacters: length - errors, needPairs: length - 1 - 2 * errors };
}

export type GramFilter = {
  /** Indexes of the texts Fuse.js could match `pattern` in, at `threshold`. */
  candidates(pattern: string, threshold: number): number[];
};

export function createGramFilter(texts: readonly string[]): GramFilter {
  const bits = new Uint32Array(texts.length * wordsPerText);
  texts.forEach((text, textIndex) => {
    const base = textIndex * wordsPerText;
    const set = (bit: number) => {
      bits[base + (bit >>> 5)]! |= 1 << (bit & 31);
    };
    for (let index = 0; index < text.length; index++) {
      set(gramBit(text.charCodeAt(index), noSecond));
      if (index + 1 < text.length) set(gramBit(text.charCodeAt(index), text.charCodeAt(index + 1)));
    }
  });
  const present = (base: number, grams: readonly number[]) => {
    let count = 0;
    for (const bit of grams) if (bits[base + (bit >>> 5)]! & (1 << (bit & 31))) count++;
    return count;
  };
  return {
    candidates(pattern, threshold) {
      const tests = fuseChunks(pattern).map((chunk) => chunkTest(chunk, threshold));
      const kept: number[] = [];
      for (let textIndex = 0; textIndex < texts.length; textIndex++) {
        const base = textIndex * wordsPerText;
        const mayMatch = tests.some(
          (test) =>
            present(base, test.characters) >= test.needCharacters &&
            (test.needPairs <= 0 || present(base, test.pairs) >= test.needPairs),
        );
        if (mayMatch) kept.push(textIndex);
      }
      return kept;
    },
  };
}
