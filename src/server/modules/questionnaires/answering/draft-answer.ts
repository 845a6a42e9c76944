import type { Confidence, DraftSource, DraftStatus } from '../../../../shared/questionnaire-drafts';
import type { Evidence, FaqEvidence, ItemEvidence, PassageEvidence } from './evidence';
import { contentTerms, coverage, inverseFrequencies, normaliseText, similarity } from './text-match';
import { type Topic, topicsOf } from './topics';

/**
 * The built-in answerer (issue 32 §2): deterministic, offline, and bound by one rule — no source, no
 * answer. A question is matched to topics (topics.ts) and to the organisation's own answers; an answer
 * is drafted only when a source states it, and disagreeing sources leave it for a person.
 */
export type Draft = {
  answer: string | null;
  status: DraftStatus;
  confidence: Confidence | null;
  note: string;
  sources: DraftSource[];
};

export type IndexedFaq = FaqEvidence & {
  terms: string[];
  normalised: string;
  polarity: Polarity;
  kind: string;
};
export type IndexedItem = ItemEvidence & {
  terms: string[];
  titleTerms: string[];
  normalised: string;
  /** A title that states an absence ("Customer data not used for training"): enabled means no. */
  isNegative: boolean;
};
export type IndexedPassage = PassageEvidence & { terms: string[]; normalised: string };
type Polarity = 'yes' | 'no' | null;

export type EvidenceIndex = {
  evidence: Evidence;
  faq: IndexedFaq[];
  items: IndexedItem[];
  itemsByKey: Map<string, IndexedItem[]>;
  passages: IndexedPassage[];
  weight: (term: string) => number;
};

/** An entry's answer says yes or no when it opens with it ("Yes.", "No,", "Not yet."). */
export function statedPolarity(answer: string): Polarity {
  const opening = answer.trim().toLowerCase();
  if (/^yes\b/.test(opening)) return 'yes';
  if (/^(no|not yet|not currently|we do not|we don't)\b/.test(opening)) return 'no';
  return null;
}

export function indexEvidence(evidence: Evidence): EvidenceIndex {
  const faq = evidence.faq.map((entry) => ({
    ...entry,
    terms: contentTerms(entry.question),
    normalised: normaliseText(entry.question),
    polarity: statedPolarity(entry.answer),
    kind: questionKind(normaliseText(entry.question)),
  }));
  const items = evidence.items.map((item) => ({
    ...item,
    terms: contentTerms(`${item.title} ${item.explanation} ${item.listEntries.join(' ')}`),
    titleTerms: contentTerms(item.title),
    normalised: normaliseText(item.title),
    isNegative: /\b(not|never|no)\b/i.test(item.title),
  }));
  const passages = evidence.passages.map((passage) => ({
    ...passage,
    terms: contentTerms(passage.text),
    normalised: normaliseText(passage.text),
  }));
  const itemsByKey = new Map<string, IndexedItem[]>();
  for (const item of items) {
    if (!item.catalogueKey) continue;
    itemsByKey.set(item.catalogueKey, [...(itemsByKey.get(item.catalogueKey) ?? []), item]);
  }
  const weight = inverseFrequencies([
    ...faq.map((entry) => entry.terms),
    ...items.map((item) => item.titleTerms),
  ]);
  return { evidence, faq, items, itemsByKey, passages, weight };
}

/** A leading control id (CAIQ 'IAM-02.1', SIG 'A.1.2', '3.4') and the question without it. */
export function splitControlId(question: string): { controlId: string | null; text: string } {
  const match = /^\s*([A-Z&]{1,6}[-.]\d{1,3}(?:\.\d{1,3})*|\d{1,3}(?:\.\d{1,3})+)[\s:.)-]+(?=\S)/.exec(
    question,
  );
  if (!match) return { controlId: null, text: question.trim() };
  return { controlId: match[1]!, text: question.slice(match[0].length).trim() };
}

const yesNoOpening =
  /^(do|does|did|is|are|was|were|has|have|had|can|could|will|would|shall|should|may|must)\b|^(please )?(confirm|indicate) (whether|if|that)\b/;

export function isYesNoQuestion(normalised: string): boolean {
  return yesNoOpening.test(normalised.trim());
}

/** "not", "never", "without"…: a yes to the evidence would be a no to the question, so nothing is drafted. */
export function isNegated(normalised: string): boolean {
  return /\b(not|never|without|no longer|n't|neither|nor|prohibit[a-z]*|prevent[a-z]* from)\b/.test(
    normalised,
  );
}

const certificationCard = 'Certifications';

export function itemSourceOf(item: IndexedItem): DraftSource {
  const detail = [item.explanation, item.auditor ? `Auditor: ${item.auditor}.` : '']
    .filter(Boolean)
    .join(' ');
  return {
    kind:
      item.card === certificationCard
        ? 'certification'
        : item.card === 'RiskProfile'
          ? 'risk_profile'
          : 'item',
    title: `${item.cardTitle} › ${item.title}`,
    url: item.url,
    excerpt: detail || item.title,
    access: item.access,
  };
}

export function faqSourceOf(entry: IndexedFaq): DraftSource {
  return {
    kind: 'faq',
    title: entry.question,
    url: entry.url,
    excerpt: entry.answer,
    access: entry.access,
    editUrl: entry.editUrl,
  };
}

export function passageSourceOf(passage: IndexedPassage): DraftSource {
  return {
    kind: 'document',
    title: passage.title,
    url: passage.url,
    excerpt: passage.text.length > 400 ? `${passage.text.slice(0, 400)}…` : passage.text,
    access: passage.access,
    page: passage.page,
  };
}

/** What one topic's evidence says, before the question's clauses are combined. */
type Finding =
  | { verdict: 'yes' | 'no' | 'in_progress' | 'text'; text: string; sources: DraftSource[]; strong: boolean }
  | { verdict: 'none'; note: string; sources: DraftSource[] }
  | { verdict: 'conflict'; note: string; sources: DraftSource[] };

/** An entry this alike answers the question directly; the topic's items then only support it. */
const directAnswerScore = 0.6;
/** How much of the question's weighted words the cited sources must contain for a draft to stand. */
export const sourceCoverageMin = 0.5;

/** How alike a question and an entry's question must be for the entry to answer it. */
const faqThresholds = { withTopic: 0.34, withoutTopic: 0.58 } as const;

/** The question's kind: its opening word for open questions ('who', 'how often'…), 'yes-no' otherwise. */
function questionKind(normalised: string): string {
  const text = normalised.trim();
  if (isYesNoQuestion(text)) return 'yes-no';
  const match =
    /^(how (often|long|many|quickly|much)|who|what|which|where|when|why|how|describe|list|provide)\b/.exec(
      text,
    );
  return match ? match[1]! : 'other';
}

const countedThing = (terms: string[]) => terms.find((term) => term !== 'mani' && term !== 'much');

function bestFaq(
  index: EvidenceIndex,
  question: { terms: string[]; kind: string },
  candidates: IndexedFaq[],
  threshold: number,
) {
  let best: { entry: IndexedFaq; score: number } | null = null;
  for (const entry of candidates) {
    // "How many customers…" is not answered by "How many employees…": the counted thing must agree.
    if (/^how (many|much)$/.test(question.kind) && countedThing(entry.terms) !== countedThing(question.terms))
      continue;
    // An entry asked the same way answers better: 'who performs…' is not answered by 'do you perform…'.
    const sameKind = entry.kind === question.kind ? 0.1 : 0;
    const yesNoForOpen =
      (question.kind !== 'yes-no' && entry.kind === 'yes-no') ||
      (question.kind === 'yes-no' && entry.kind !== 'yes-no')
        ? -0.12
        : 0;
    const score = similarity(question.terms, entry.terms, index.weight) + sameKind + yesNoForOpen;
    if (score >= threshold && (!best || score > best.score)) best = { entry, score };
  }
  return best;
}

function firstSentences(text: string, count = 2): string {
  const sentences = text.match(/[^.!?]+[.!?]+(\s|$)/g) ?? [text];
  return sentences.slice(0, count).join('').trim();
}

function stateVerdict(items: IndexedItem[]): 'yes' | 'no' | 'in_progress' | 'not_enabled' | null {
  const enabled = items.filter((item) => item.state === 'Enabled');
  if (enabled.length > 0 && enabled.every((item) => item.isNegative)) return 'no';
  if (enabled.some((item) => !item.isNegative)) return 'yes';
  if (items.some((item) => item.state === 'WorkInProgress')) return 'in_progress';
  return items.length > 0 ? 'not_enabled' : null;
}

function supportingPassage(index: EvidenceIndex, topic: Topic | null, terms: string[]) {
  let best: { passage: IndexedPassage; score: number } | null = null;
  for (const passage of index.passages) {
    if (topic && !topic.pattern.test(passage.normalised)) continue;
    const score = coverage(terms, passage.terms, index.weight);
    if (score >= 0.6 && (!best || score > best.score)) best = { passage, score };
  }
  return best?.passage ?? null;
}

export function topicItems(index: EvidenceIndex, topic: Topic): IndexedItem[] {
  const byKey = topic.itemKeys.flatMap((key) => index.itemsByKey.get(key) ?? []);
  const custom = index.items.filter((item) => !item.catalogueKey && topic.pattern.test(item.normalised));
  return [...byKey, ...custom];
}

function openText(index: EvidenceIndex, topic: Topic, items: IndexedItem[]): Finding | null {
  if (topic.riskKey) {
    const risk = index.evidence.riskProfile.find((entry) => entry.key === topic.riskKey);
    const item = items.find((candidate) => candidate.catalogueKey === topic.riskKey);
    if (risk) {
      const explanation = item?.explanation ? ` ${item.explanation}` : '';
      return {
        verdict: 'text',
        text: `${risk.value}.${explanation}`.trim(),
        sources: [
          {
            kind: 'risk_profile',
            title: risk.title,
            url: risk.url,
            excerpt: risk.value,
            access: risk.access,
          },
        ],
        strong: true,
      };
    }
  }
  if (topic.subprocessors && index.evidence.subprocessors.length > 0) {
    const list = index.evidence.subprocessors
      .map((entry) => `${entry.name} (${[entry.purpose, entry.location].filter(Boolean).join(', ')})`)
      .join('; ');
    return {
      verdict: 'text',
      text: list,
      sources: index.evidence.subprocessors.slice(0, 1).map((entry) => ({
        kind: 'subprocessor' as const,
        title: 'Subprocessors',
        url: entry.url,
        excerpt: list,
        access: entry.access,
      })),
      strong: true,
    };
  }
  const enabled = items.filter((item) => item.state === 'Enabled' && item.explanation);
  if (enabled.length > 0) {
    return {
      verdict: 'text',
      text: enabled.map((item) => item.explanation).join(' '),
      sources: enabled.map(itemSourceOf),
      strong: false,
    };
  }
  return null;
}

type Question = { terms: string[]; kind: string; yesNo: boolean };

/** What a topic's evidence is: its items, their state, and the organisation's best-matching answer. */
type TopicEvidence = {
  topic: Topic;
  items: IndexedItem[];
  faq: { entry: IndexedFaq; score: number } | null;
  itemState: ReturnType<typeof stateVerdict>;
  stateSources: DraftSource[];
  faqSources: DraftSource[];
};

function openFinding(index: EvidenceIndex, found: TopicEvidence): Finding {
  const { topic, items, faq, stateSources } = found;
  if (topic.subprocessors) {
    const list = openText(index, topic, items);
    if (list) return list;
  }
  if (faq) {
    return {
      verdict: 'text',
      text: firstSentences(faq.entry.answer, 3),
      sources: [faqSourceOf(faq.entry), ...stateSources.slice(0, 1)],
      strong: true,
    };
  }
  return (
    openText(index, topic, items) ?? { verdict: 'none', note: `Nothing states ${topic.label}.`, sources: [] }
  );
}

/**
 * An entry asked nearly as the question is the organisation's own answer to it. A no beside an enabled
 * control (or a yes beside one in progress) may be about a detail ("any exceptions in your SOC 2?") or
 * a real contradiction: which one is not for the answerer to guess.
 */
function directFinding(found: TopicEvidence, entry: IndexedFaq, score: number): Finding {
  const { itemState, faqSources, stateSources, topic } = found;
  const polarity = entry.polarity!;
  const disagrees =
    (polarity === 'no' && itemState === 'yes') ||
    (polarity === 'yes' && (itemState === 'no' || itemState === 'in_progress'));
  if (disagrees) {
    return {
      verdict: 'conflict',
      note: `An FAQ entry and an item disagree on ${topic.label}, or the entry answers a detail of it; check which.`,
      sources: [...faqSources, ...stateSources],
    };
  }
  const agreeing = (polarity === 'yes') === (itemState === 'yes') ? stateSources : [];
  return {
    verdict: polarity,
    text: firstSentences(entry.answer),
    sources: [...faqSources, ...agreeing],
    strong: agreeing.length > 0 || score >= 0.8,
  };
}

/** The entry's yes or no and the items' state together; when they disagree, a person decides. */
function stateFinding(found: TopicEvidence, state: ReturnType<typeof stateVerdict>): Finding {
  const { topic, items, faq, faqSources, stateSources } = found;
  const polarity = faq?.entry.polarity ?? null;
  const sources = [...faqSources, ...stateSources];
  const disagrees =
    (polarity === 'no' && state === 'yes') ||
    (polarity === 'yes' && (state === 'no' || state === 'not_enabled' || state === 'in_progress'));
  if (disagrees)
    return { verdict: 'conflict', note: `An FAQ entry and an item disagree on ${topic.label}.`, sources };
  const enabled = items.find((item) => item.state === 'Enabled');
  if (state === 'in_progress') {
    const item = items.find((candidate) => candidate.state === 'WorkInProgress')!;
    return {
      verdict: 'in_progress',
      text: `In progress: ${item.explanation || item.title}`,
      sources,
      strong: true,
    };
  }
  if (polarity === 'yes' || (polarity === null && state === 'yes')) {
    const text = faq ? firstSentences(faq.entry.answer) : (enabled?.explanation ?? '');
    return { verdict: 'yes', text, sources, strong: Boolean(faq) && state === 'yes' };
  }
  if (polarity === 'no' || (polarity === null && state === 'no')) {
    const text = faq ? firstSentences(faq.entry.answer) : (enabled?.explanation ?? '');
    return { verdict: 'no', text, sources, strong: Boolean(faq) };
  }
  if (faq)
    return { verdict: 'text', text: firstSentences(faq.entry.answer, 3), sources: faqSources, strong: false };
  if (state === 'not_enabled') {
    return {
      verdict: 'none',
      note: `The trust center lists ${topic.label} as not enabled; confirm before answering no.`,
      sources: items.map(itemSourceOf),
    };
  }
  return { verdict: 'none', note: `Nothing on the trust center states ${topic.label}.`, sources: [] };
}

/** One topic of a question against the evidence: what the entries and the items say, together. */
function evaluateTopic(index: EvidenceIndex, topic: Topic, question: Question): Finding {
  const items = topicItems(index, topic);
  const entries = index.faq.filter((entry) => topic.pattern.test(entry.normalised));
  const faq = bestFaq(index, question, entries, faqThresholds.withTopic);
  const found: TopicEvidence = {
    topic,
    items,
    faq,
    itemState: stateVerdict(items),
    stateSources: items.filter((item) => item.state !== 'NotEnabled').map(itemSourceOf),
    faqSources: faq ? [faqSourceOf(faq.entry)] : [],
  };
  if (!question.yesNo) return openFinding(index, found);
  if (faq && faq.score >= directAnswerScore && faq.entry.polarity !== null) {
    return directFinding(found, faq.entry, faq.score);
  }
  // A fact (where data is hosted) has no on/off state: only an answer that says yes or no settles it.
  return stateFinding(found, topic.isFact ? null : found.itemState);
}

/** No topic: the organisation's own most similar answered question, or an enabled item named in it. */
function evaluateWithoutTopic(index: EvidenceIndex, question: Question): Finding {
  const { terms, yesNo } = question;
  const faq = bestFaq(index, question, index.faq, faqThresholds.withoutTopic);
  if (faq) {
    const polarity = faq.entry.polarity;
    const text = firstSentences(faq.entry.answer, yesNo ? 2 : 3);
    if (yesNo && polarity)
      return { verdict: polarity, text, sources: [faqSourceOf(faq.entry)], strong: faq.score > 0.75 };
    return { verdict: 'text', text, sources: [faqSourceOf(faq.entry)], strong: faq.score > 0.75 };
  }
  let best: { item: IndexedItem; score: number } | null = null;
  for (const item of index.items) {
    if (item.titleTerms.length < 2 || coverage(item.titleTerms, terms, index.weight) < 1) continue;
    const score = similarity(terms, item.terms, index.weight);
    if (!best || score > best.score) best = { item, score };
  }
  if (best && best.item.state !== 'NotEnabled') {
    const { item } = best;
    if (item.state === 'WorkInProgress') {
      return {
        verdict: 'in_progress',
        text: `In progress: ${item.explanation || item.title}`,
        sources: [itemSourceOf(item)],
        strong: false,
      };
    }
    if (yesNo)
      return { verdict: 'yes', text: item.explanation, sources: [itemSourceOf(item)], strong: false };
    if (item.explanation)
      return { verdict: 'text', text: item.explanation, sources: [itemSourceOf(item)], strong: false };
  }
  return { verdict: 'none', note: 'Nothing on the trust center answers this question.', sources: [] };
}

function needsAnswer(note: string, sources: DraftSource[] = []): Draft {
  return { answer: null, status: 'needs_answer', confidence: null, note, sources };
}

export function uniqueSources(sources: DraftSource[]): DraftSource[] {
  const seen = new Set<string>();
  return sources.filter((source) => {
    const key = `${source.kind}:${source.editUrl ?? source.url}:${source.page ?? ''}:${source.title}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Several topics joined by "and" must all hold; joined by "or", one is enough. */
function combine(findings: { topic: Topic; finding: Finding }[], joinedByOr: boolean): Draft {
  const settled = findings.filter(
    ({ finding }) => finding.verdict !== 'none' && finding.verdict !== 'conflict',
  );
  const open = findings.filter(({ finding }) => finding.verdict === 'none' || finding.verdict === 'conflict');
  const sources = uniqueSources(findings.flatMap(({ finding }) => finding.sources));
  const yes = settled.filter(({ finding }) => finding.verdict === 'yes' || finding.verdict === 'text');
  if (joinedByOr && yes.length > 0) {
    return {
      answer: 'Yes',
      status: 'drafted',
      confidence: 'medium',
      note: yes.map(({ topic }) => topic.label).join(', '),
      sources,
    };
  }
  if (open.length > 0) {
    const notes = open.map(({ finding }) => ('note' in finding ? finding.note : '')).join(' ');
    return needsAnswer(`Part of the question is not settled. ${notes}`.trim());
  }
  const worded = settled.filter(({ finding }) => finding.verdict === 'text');
  if (worded.length > 0) {
    // Some part is answered only in words: the words go out as they are, for a person to weigh.
    const text = settled.map(({ finding }) => ('text' in finding ? finding.text : '')).join(' ');
    return {
      answer: text,
      status: 'drafted',
      confidence: 'low',
      note: 'Answered in the sources\u2019 words.',
      sources,
    };
  }
  if (settled.every(({ finding }) => finding.verdict === 'yes')) {
    return {
      answer: 'Yes',
      status: 'drafted',
      confidence: 'medium',
      note: findings.map(({ topic }) => topic.label).join(' and '),
      sources,
    };
  }
  if (settled.every(({ finding }) => finding.verdict === 'no')) {
    return {
      answer: 'No',
      status: 'drafted',
      confidence: 'medium',
      note: 'Every part is answered no.',
      sources,
    };
  }
  const parts = settled.map(({ topic, finding }) => {
    const said =
      finding.verdict === 'yes'
        ? 'yes'
        : finding.verdict === 'in_progress'
          ? 'in progress'
          : finding.verdict === 'no'
            ? 'no'
            : 'see source';
    return `${topic.label}: ${said}`;
  });
  return { answer: 'Partial', status: 'drafted', confidence: 'medium', note: parts.join('; '), sources };
}

function fromFinding(finding: Finding, topic: Topic | null, index: EvidenceIndex, terms: string[]): Draft {
  if (finding.verdict === 'none' || finding.verdict === 'conflict')
    return needsAnswer(finding.note, finding.sources);
  // The sources must speak to what is asked, not only to its topic: "restores of single records from
  // backup" is not answered by "we take backups".
  const said = contentTerms(finding.sources.map((source) => `${source.title} ${source.excerpt}`).join(' '));
  const topicWords = topic
    ? contentTerms(`${topic.label} ${topic.pattern.source.replace(/\\b|[^a-z ]/gi, ' ')}`)
    : [];
  if (coverage(terms, [...said, ...topicWords], index.weight) < sourceCoverageMin) {
    return needsAnswer(
      'The sources found speak to the topic but not to everything the question asks.',
      finding.sources,
    );
  }
  const passage = supportingPassage(index, topic, terms);
  const sources = uniqueSources([...finding.sources, ...(passage ? [passageSourceOf(passage)] : [])]);
  const confidence: Confidence = finding.strong ? 'high' : sources.length > 1 ? 'medium' : 'low';
  switch (finding.verdict) {
    case 'yes':
      return { answer: 'Yes', status: 'drafted', confidence, note: finding.text, sources };
    case 'no':
      return { answer: 'No', status: 'drafted', confidence, note: finding.text, sources };
    case 'in_progress':
      return {
        answer: finding.text,
        status: 'drafted',
        confidence,
        note: 'In progress, not yet in place.',
        sources,
      };
    case 'text':
      return {
        answer: finding.text,
        status: 'drafted',
        confidence,
        note: 'In the organisation\u2019s own words.',
        sources,
      };
  }
}

/** One question's draft: never an answer without a source that states it. */
export function draftAnswer(index: EvidenceIndex, question: string): Draft & { controlId: string | null } {
  const { controlId, text } = splitControlId(question);
  const normalised = normaliseText(text);
  const terms = contentTerms(text);
  if (terms.length === 0) return { controlId, ...needsAnswer('The row has no question to answer.') };
  const yesNo = isYesNoQuestion(normalised);
  const asked: Question = { terms, kind: questionKind(normalised), yesNo };
  if (yesNo && isNegated(normalised)) {
    return {
      controlId,
      ...needsAnswer('The question is put in the negative; answer it by hand so yes and no are not swapped.'),
    };
  }
  const topics = topicsOf(normalised);
  if (topics.length === 0) {
    return { controlId, ...fromFinding(evaluateWithoutTopic(index, asked), null, index, terms) };
  }
  if (topics.length === 1) {
    return { controlId, ...fromFinding(evaluateTopic(index, topics[0]!, asked), topics[0]!, index, terms) };
  }
  if (!yesNo) {
    // An open question about several subjects: the organisation's own answer to it, if there is one.
    const whole = evaluateWithoutTopic(index, asked);
    if (whole.verdict === 'text') return { controlId, ...fromFinding(whole, null, index, terms) };
    return {
      controlId,
      ...needsAnswer(`The question asks about ${topics.map((t) => t.label).join(', ')} at once.`),
    };
  }
  const joinedByOr = /\bor\b/.test(normalised) && !/\band\b/.test(normalised);
  const findings = topics.map((topic) => ({ topic, finding: evaluateTopic(index, topic, asked) }));
  return { controlId, ...combine(findings, joinedByOr) };
}
