import { stemmer } from 'stemmer';
import { synonymGroups } from '../../search';

/**
 * How questionnaire wording is compared with the trust center's: the same security vocabulary as
 * search (MFA = two-factor = 2FA), words stemmed (Porter, the `stemmer` package), and the words
 * every question shares ("do you have…") dropped, so two texts compare by what they are about.
 */

const stopWords = new Set(
  `a an the and or but of for to in on at by with from as into about over under than then that this these those
  is are was were be been being am do does did done doing have has had having can could will would shall should may
  might must you your yours we our ours us they their them it its i me my he she his her there here what which who whom
  whose when where why how all any each every some such no not only same so too very just also if else please
  describe provide explain confirm list state specify detail details indicate outline organization organisation
  company vendor supplier service provider yes other e.g i.e etc currently ensure ensures ensured`
    .split(/\s+/)
    .filter(Boolean),
);

const canonicalOfPhrase = new Map<string, string>();
for (const group of synonymGroups) {
  const canonical = group[0]!.replace(/[^a-z0-9]+/g, '');
  for (const form of group) canonicalOfPhrase.set(form, canonical);
}
const phrases = [...canonicalOfPhrase.keys()].sort((a, b) => b.length - a.length);
const phrasePattern = new RegExp(
  `(^|[^a-z0-9])(${phrases.map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})s?(?=$|[^a-z0-9])`,
  'g',
);

/** Lower-case, synonyms folded to one token each, curly quotes and dashes made plain. */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[‐-―]/g, '-')
    .replace(
      phrasePattern,
      (_match, before: string, phrase: string) => `${before} ${canonicalOfPhrase.get(phrase)} `,
    );
}

/** British spellings as American ones, so 'authorisation' and 'authorization' are one word. */
function american(word: string): string {
  return word
    .replace(/is(e|ed|es|ing|ation|ations|er|ers)$/, 'iz$1')
    .replace(/yse(d|s)?$/, 'yze$1')
    .replace(/(cent|met|fib)re(s)?$/, '$1er$2')
    .replace(/elling$/, 'eling')
    .replace(/our$/, 'or');
}

/** Stems that mean the same in a questionnaire: 'compliant' and 'comply', 'recent' and 'last'. */
const stemEquivalents = new Map([
  ['compliant', 'compli'],
  ['complianc', 'compli'],
  ['recent', 'last'],
  ['prior', 'befor'],
  ['latest', 'last'],
  ['annual', 'year'],
  ['yearli', 'year'],
  ['everi', 'every'],
]);

/** The stemmed content words of a text, in order, repeats kept once. */
export function contentTerms(text: string): string[] {
  const words = normaliseText(text).match(/[a-z0-9][a-z0-9'-]*/g) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    const plain = word.replace(/'s$/, '').replace(/^-+|-+$/g, '');
    if (plain.length < 2 && !/\d/.test(plain)) continue;
    if (stopWords.has(plain)) continue;
    const term = /\d/.test(plain)
      ? plain
      : (stemEquivalents.get(stemmer(american(plain))) ?? stemmer(american(plain)));
    if (!terms.includes(term)) terms.push(term);
  }
  return terms;
}

/** Words nearly every question could use ("support", "application"): they count for little in a match. */
const fillerTerms = new Set(
  [
    'application',
    'product',
    'service',
    'system',
    'support',
    'use',
    'based',
    'maintain',
    'perform',
    'provide',
    'offer',
    'place',
    'have',
    'customer',
    'data',
    'security',
    'secure',
    'regularly',
    'least',
    'policy',
    'process',
    'documented',
    'formal',
    'all',
    'employee',
  ].map((word) => stemmer(word)),
);

/** Inverse document frequency over a corpus of term lists: rare words decide a match, common ones barely. */
export function inverseFrequencies(documents: string[][]): (term: string) => number {
  const counts = new Map<string, number>();
  for (const terms of documents)
    for (const term of new Set(terms)) counts.set(term, (counts.get(term) ?? 0) + 1);
  const total = documents.length + 1;
  return (term) => Math.log(1 + total / (1 + (counts.get(term) ?? 0))) * (fillerTerms.has(term) ? 0.25 : 1);
}

/**
 * Weighted overlap of two term sets, 0–1: twice the weight shared over the weight of both (Dice), so a
 * short text fully inside a long one is a partial match, not a full one.
 */
export function similarity(a: string[], b: string[], weight: (term: string) => number): number {
  if (a.length === 0 || b.length === 0) return 0;
  const inB = new Set(b);
  let shared = 0;
  let sumA = 0;
  let sumB = 0;
  for (const term of a) {
    const value = weight(term);
    sumA += value;
    if (inB.has(term)) shared += value;
  }
  for (const term of b) sumB += weight(term);
  return (2 * shared) / (sumA + sumB);
}

/** Share of a's weight that b also has: how much of the question a source speaks to. */
export function coverage(a: string[], b: string[], weight: (term: string) => number): number {
  if (a.length === 0) return 0;
  const inB = new Set(b);
  let shared = 0;
  let sum = 0;
  for (const term of a) {
    const value = weight(term);
    sum += value;
    if (inB.has(term)) shared += value;
  }
  return shared / sum;
}
