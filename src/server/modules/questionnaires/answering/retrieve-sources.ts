import type { DraftSource } from '../../../../shared/questionnaire-drafts';
import {
  type EvidenceIndex,
  faqSourceOf,
  type IndexedFaq,
  type IndexedItem,
  type IndexedPassage,
  itemSourceOf,
  passageSourceOf,
  splitControlId,
  statedPolarity,
  topicItems,
} from './draft-answer';
import { contentTerms, coverage, normaliseText, similarity } from './text-match';
import { topicsOf } from './topics';

/** What a source says on its own about yes or no: an item's state, an entry's opening word. */
export type SourceStance = 'yes' | 'no' | 'not_enabled' | 'in_progress' | null;

/**
 * One source a model may draft from: what it is shown (`text`, with an item's state spelt out) and
 * what the citation check needs (`stance`, `terms`). Every one comes from the viewer's evidence index,
 * so a model sees nothing the viewer may not read.
 */
export type RetrievedSource = {
  source: DraftSource;
  text: string;
  stance: SourceStance;
  terms: string[];
};

const stateWords = {
  Enabled: 'in place',
  NotEnabled: 'not enabled (not in place)',
  WorkInProgress: 'in progress (not yet in place)',
} as const;

function itemStance(item: IndexedItem): SourceStance {
  if (item.state === 'NotEnabled') return 'not_enabled';
  if (item.state === 'WorkInProgress') return 'in_progress';
  return item.isNegative ? 'no' : 'yes';
}

function fromItem(item: IndexedItem): RetrievedSource {
  const details = [
    item.explanation,
    item.listEntries.length > 0 ? `Listed: ${item.listEntries.join(', ')}.` : '',
    item.auditor ? `Auditor: ${item.auditor}.` : '',
    item.expiry ? `Valid until ${item.expiry}.` : '',
  ].filter(Boolean);
  return {
    source: itemSourceOf(item),
    text: `${item.cardTitle} › ${item.title}. State: ${stateWords[item.state]}. ${details.join(' ')}`.trim(),
    stance: itemStance(item),
    terms: item.terms,
  };
}

function fromFaq(entry: IndexedFaq): RetrievedSource {
  return {
    source: faqSourceOf(entry),
    text: `Q: ${entry.question}\nA: ${entry.answer}`,
    stance: statedPolarity(entry.answer),
    terms: contentTerms(`${entry.question} ${entry.answer}`),
  };
}

function fromPassage(passage: IndexedPassage): RetrievedSource {
  return {
    source: passageSourceOf(passage),
    text: `${passage.title}, page ${passage.page}: ${passage.text}`,
    stance: null,
    terms: passage.terms,
  };
}

function otherSources(index: EvidenceIndex): RetrievedSource[] {
  const { subprocessors, riskProfile } = index.evidence;
  const found: RetrievedSource[] = riskProfile.map((risk) => ({
    source: {
      kind: 'risk_profile',
      title: risk.title,
      url: risk.url,
      excerpt: risk.value,
      access: risk.access,
    },
    text: `${risk.title}: ${risk.value}`,
    stance: null,
    terms: contentTerms(`${risk.title} ${risk.value}`),
  }));
  for (const entry of subprocessors) {
    const text = `Subprocessor ${entry.name}: ${[entry.purpose, entry.location, entry.details].filter(Boolean).join('; ')}`;
    found.push({
      source: {
        kind: 'subprocessor',
        title: `Subprocessors › ${entry.name}`,
        url: entry.url,
        excerpt: text,
        access: entry.access,
      },
      text,
      stance: null,
      terms: contentTerms(`subprocessor ${text}`),
    });
  }
  return found;
}

type Candidates = {
  items: Map<string, RetrievedSource>;
  faq: { entry: IndexedFaq; candidate: RetrievedSource }[];
  rest: RetrievedSource[];
};
const candidatesByIndex = new WeakMap<EvidenceIndex, Candidates>();

/** Every source of an index as a model is shown it, made once per questionnaire, not per question. */
function candidatesOf(index: EvidenceIndex): Candidates {
  let candidates = candidatesByIndex.get(index);
  if (!candidates) {
    candidates = {
      items: new Map(index.items.map((item) => [item.itemUid, fromItem(item)])),
      faq: index.faq.map((entry) => ({ entry, candidate: fromFaq(entry) })),
      rest: [...index.passages.map(fromPassage), ...otherSources(index)],
    };
    candidatesByIndex.set(index, candidates);
  }
  return candidates;
}

/** How many sources a model is given per question: enough for compound questions, few enough to read. */
export const retrievedSourcesMax = 8;

/**
 * The sources most likely to answer a question: the items and entries of its topics first (in every
 * state, so "not enabled" reaches the model as such), then whatever shares its rarest words.
 */
export function retrieveSources(index: EvidenceIndex, question: string): RetrievedSource[] {
  const { text } = splitControlId(question);
  const normalised = normaliseText(text);
  const terms = contentTerms(text);
  if (terms.length === 0) return [];
  const topics = topicsOf(normalised);
  const scored: { candidate: RetrievedSource; score: number; key: string }[] = [];
  const add = (candidate: RetrievedSource, onTopic: boolean) => {
    const score =
      Math.max(
        similarity(terms, candidate.terms, index.weight),
        coverage(terms, candidate.terms, index.weight) * 0.8,
      ) + (onTopic ? 0.5 : 0);
    if (score < 0.15) return;
    const { source } = candidate;
    scored.push({ candidate, score, key: `${source.kind}:${source.title}:${source.page ?? ''}` });
  };
  const { items, faq, rest } = candidatesOf(index);
  const topicItemIds = new Set<string>();
  for (const topic of topics) {
    for (const item of topicItems(index, topic)) {
      topicItemIds.add(item.itemUid);
      add(items.get(item.itemUid)!, true);
    }
  }
  for (const [itemUid, candidate] of items) if (!topicItemIds.has(itemUid)) add(candidate, false);
  for (const { entry, candidate } of faq) {
    add(
      candidate,
      topics.some((topic) => topic.pattern.test(entry.normalised)),
    );
  }
  for (const candidate of rest) add(candidate, false);
  scored.sort((a, b) => b.score - a.score);
  const seen = new Set<string>();
  const chosen: RetrievedSource[] = [];
  for (const { candidate, key } of scored) {
    if (seen.has(key)) continue;
    seen.add(key);
    chosen.push(candidate);
    if (chosen.length === retrievedSourcesMax) break;
  }
  return chosen;
}
