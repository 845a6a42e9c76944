import { contentTerms, splitSentences } from './text-terms';
import type { AnswerInput, AnswerProvider } from './types';

const maxSentences = 3;
const maxAnswerLength = 700;
/** Share of the question's content words the chosen sentences must contain, for the best rewrite. */
const minCoverage = 0.6;

type Candidate = {
  sourceIndex: number;
  order: number;
  text: string;
  terms: Set<string>;
  titleTerms: Set<string>;
};

/**
 * The built-in answerer (offline, default): picks the sentences of the sources that share the most
 * content words with the question, joins them with a citation each, and answers null when they do not
 * cover enough of the question. It can only repeat what the sources say.
 */
export function createExtractiveAnswerer(): AnswerProvider {
  return {
    name: 'extractive',
    async answer(input: AnswerInput) {
      const variants = input.questionVariants
        .map((variant) => new Set(contentTerms(variant)))
        .filter((terms) => terms.size > 0);
      if (variants.length === 0) return null;
      // Questions (an FAQ's own wording) are not answers; the source title gives its sentences context.
      const candidates: Candidate[] = input.sources.flatMap((source) => {
        const titleTerms = new Set(contentTerms(source.title));
        return splitSentences(source.text)
          .filter((text) => !text.endsWith('?'))
          .map((text, order) => ({
            sourceIndex: source.index,
            order,
            text,
            terms: new Set(contentTerms(text)),
            titleTerms,
          }));
      });
      let best: { chosen: Candidate[]; coverage: number } = { chosen: [], coverage: 0 };
      for (const wanted of variants) {
        // Only a source that on its own covers the question may answer it: no mash-ups of sentences
        // that each share a word with the question but together claim something no source says.
        const anchored = candidates.filter(
          (candidate) => sourceCoverage(candidates, candidate.sourceIndex, wanted) >= minCoverage,
        );
        const picked = pickSentences(anchored, wanted);
        const covered = new Set(
          picked.flatMap((candidate) =>
            [...candidate.terms, ...candidate.titleTerms].filter((term) => wanted.has(term)),
          ),
        );
        const coverage = covered.size / wanted.size;
        if (coverage > best.coverage) best = { chosen: picked, coverage };
      }
      if (best.chosen.length === 0 || best.coverage < minCoverage) return null;
      return composeAnswer(best.chosen);
    },
  };
}

function sourceCoverage(candidates: Candidate[], sourceIndex: number, wanted: Set<string>): number {
  const covered = new Set<string>();
  for (const candidate of candidates) {
    if (candidate.sourceIndex !== sourceIndex) continue;
    for (const term of [...candidate.terms, ...candidate.titleTerms]) if (wanted.has(term)) covered.add(term);
  }
  return covered.size / wanted.size;
}

/** Greedy: the sentence adding the most uncovered question words, ties to earlier sources. */
function pickSentences(candidates: Candidate[], wanted: Set<string>): Candidate[] {
  const chosen: Candidate[] = [];
  const covered = new Set<string>();
  while (chosen.length < maxSentences) {
    let bestCandidate: Candidate | null = null;
    let bestGain = 0;
    let bestOverlap = 0;
    for (const candidate of candidates) {
      if (chosen.includes(candidate)) continue;
      let gain = 0;
      let overlap = 0;
      for (const term of candidate.terms) {
        if (!wanted.has(term)) continue;
        overlap++;
        if (!covered.has(term)) gain++;
      }
      if (gain > bestGain || (gain === bestGain && gain > 0 && overlap > bestOverlap)) {
        bestCandidate = candidate;
        bestGain = gain;
        bestOverlap = overlap;
      }
    }
    // A further sentence must add a question word; the first must share at least one.
    if (!bestCandidate || bestGain === 0) break;
    chosen.push(bestCandidate);
    for (const term of bestCandidate.terms) if (wanted.has(term)) covered.add(term);
  }
  return chosen;
}

function composeAnswer(chosen: Candidate[]): string {
  const ordered = [...chosen].sort((a, b) => a.sourceIndex - b.sourceIndex || a.order - b.order);
  let answer = '';
  for (const candidate of ordered) {
    const sentence = /[.!?]$/.test(candidate.text) ? candidate.text : `${candidate.text}.`;
    const cited = `${sentence.slice(0, -1)} [${candidate.sourceIndex}]${sentence.slice(-1)}`;
    if (answer && answer.length + cited.length > maxAnswerLength) break;
    answer = answer ? `${answer} ${cited}` : cited;
  }
  return answer;
}
