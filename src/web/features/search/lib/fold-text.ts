/**
 * Text as local search compares it: lower case, no accents, each run of non-letters one space
 * ("Sécurité, multi-factor!" → "securite multi factor"); foldWithOrigins maps ranges back for marking.
 */

const asciiOnly = /^[ -~\t\n\r]*$/;
const letterOrDigit = /^[\p{L}\p{N}]+$/u;
const combiningMarks = /\p{M}/gu;
/** Letters that carry their "accent" in the letter itself, so NFD leaves them whole. */
const letterFolds: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ς: 'σ',
};
const foldedCharacters = new Map<string, string>();

function foldCharacter(character: string): string {
  let folded = foldedCharacters.get(character);
  if (folded === undefined) {
    const bare = character.normalize('NFD').replace(combiningMarks, '').toLowerCase();
    const plain = letterFolds[bare] ?? bare;
    folded = plain === '' ? '' : letterOrDigit.test(plain) ? plain : ' ';
    foldedCharacters.set(character, folded);
  }
  return folded;
}

export function foldText(text: string): string {
  // Agrees with the character-by-character path on every ASCII text; most texts take this one.
  if (asciiOnly.test(text))
    return text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  let folded = '';
  for (const character of text) {
    const piece = foldCharacter(character);
    if (piece !== ' ') folded += piece;
    else if (folded !== '' && !folded.endsWith(' ')) folded += ' ';
  }
  return folded.endsWith(' ') ? folded.slice(0, -1) : folded;
}

/** The words of a query, folded: what every matched entry has to contain. */
export function foldedWords(text: string): string[] {
  return foldText(text).split(' ').filter(Boolean);
}

export type FoldedText = {
  folded: string;
  /** The original range [start, end) of folded[from, to), with any dropped accent marks. */
  originalRange(from: number, to: number): [number, number];
};

/**
 * The folded text and where each of its characters came from. With `collapse: false` every
 * character that is not a letter or digit stays one space, so plain ASCII keeps its positions.
 */
export function foldWithOrigins(text: string, { collapse = true } = {}): FoldedText {
  if (!collapse && asciiOnly.test(text))
    return {
      folded: text.toLowerCase().replace(/[^a-z0-9]/g, ' '),
      originalRange: (from, to) => [from, to],
    };
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let previousLetterUnit = -1;
  const append = (piece: string, start: number, end: number) => {
    if (piece === '') {
      // A combining mark belongs to the letter before it.
      if (previousLetterUnit >= 0) ends.fill(end, previousLetterUnit);
    } else if (piece === ' ') {
      // Runs of spaces collapse into one, and none leads.
      if (!collapse || (folded !== '' && !folded.endsWith(' '))) {
        folded += ' ';
        starts.push(start);
        ends.push(end);
      }
      previousLetterUnit = -1;
    } else {
      previousLetterUnit = starts.length;
      folded += piece;
      for (let unit = 0; unit < piece.length; unit++) {
        starts.push(start);
        ends.push(end);
      }
    }
  };
  if (asciiOnly.test(text)) {
    const lower = text.toLowerCase();
    for (let index = 0; index < lower.length; index++) {
      const code = lower.charCodeAt(index);
      const isLetterOrDigit = (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
      append(isLetterOrDigit ? lower[index]! : ' ', index, index + 1);
    }
  } else {
    let offset = 0;
    for (const character of text) {
      append(foldCharacter(character), offset, offset + character.length);
      offset += character.length;
    }
  }
  if (collapse && folded.endsWith(' ')) {
    folded = folded.slice(0, -1);
    starts.pop();
    ends.pop();
  }
  return {
    folded,
    originalRange: (from, to) => [starts[from] ?? text.length, ends[to - 1] ?? text.length],
  };
}
