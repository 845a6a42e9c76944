import type { Contradiction, DraftSource } from '../../../../shared/questionnaire-drafts';
import {
  type EvidenceIndex,
  faqSourceOf,
  type IndexedItem,
  itemSourceOf,
  passageSourceOf,
  statedPolarity,
} from './draft-answer';
import { contentTerms, coverage, normaliseText } from './text-match';
import { questionnaireTopics, type Topic } from './topics';

/**
 * Statements in the organisation's own content that contradict each other (issue 32 §3), so that one
 * fact is told once before a questionnaire repeats it: a certification held on a card and denied in an
 * answer, two firms named for one audit, two different time limits for one commitment.
 */
type Statement = { text: string; source: DraftSource };

const sameSource = (a: DraftSource, b: DraftSource) =>
  (a.editUrl ?? a.url) === (b.editUrl ?? b.url) && a.title === b.title;

/** Audit and testing firms a trust center names; two of them for one report is a contradiction. */
const firms = [
  'Schellman',
  'A-LIGN',
  'Prescient',
  'KPMG',
  'Deloitte',
  'PwC',
  'EY',
  'BSI',
  'TÜV',
  'DNV',
  'Coalfire',
  'NCC Group',
  'Bishop Fox',
  'Cobalt',
  'Trail of Bits',
  'Grant Thornton',
  'BDO',
  'Johanson',
];
const firmPattern = new RegExp(`\\b(${firms.map((firm) => firm.replace(/[-]/g, '\\-')).join('|')})\\b`, 'g');
/** Topics whose auditor or tester is a single firm. */
const auditedTopics = new Set(['soc2', 'soc1', 'iso27001', 'pentest']);
/** Topics that state a time limit or period: two statements must not give different ones. */
const timedTopics = new Set([
  'breach-notification',
  'rto',
  'rpo',
  'vulnerability-management',
  'logging',
  'retention',
]);

const hoursPerUnit: Record<string, number> = {
  minute: 1 / 60,
  hour: 1,
  day: 24,
  week: 168,
  month: 730,
  year: 8760,
};
const numberWords: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  twelve: 12,
  fifteen: 15,
  thirty: 30,
};

/** The durations a sentence states, in hours ("48 hours", "four hours", "12 months"). */
export function durationsIn(text: string): number[] {
  const found: number[] = [];
  for (const match of text
    .toLowerCase()
    .matchAll(
      /\b(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|twelve|fifteen|thirty)[ -](minute|hour|day|week|month|year)s?\b/g,
    )) {
    const value = Number.isNaN(Number(match[1])) ? numberWords[match[1]!]! : Number(match[1]);
    found.push(value * hoursPerUnit[match[2]!]!);
  }
  return found;
}

function sentences(text: string): string[] {
  return (text.match(/[^.!?]+[.!?]*/g) ?? []).map((sentence) => sentence.trim()).filter(Boolean);
}

function statementsAbout(index: EvidenceIndex, topic: Topic): Statement[] {
  const about = (text: string) => topic.pattern.test(normaliseText(text));
  const statements: Statement[] = [];
  const topicItems = new Set(topic.itemKeys);
  for (const item of index.items) {
    if (item.state === 'NotEnabled') continue;
    if (!(item.catalogueKey && topicItems.has(item.catalogueKey)) && !about(item.title)) continue;
    const text = [item.explanation, item.auditor ? `Auditor: ${item.auditor}.` : '']
      .filter(Boolean)
      .join(' ');
    if (text) statements.push({ text, source: itemSourceOf(item) });
  }
  for (const entry of index.faq) {
    if (!about(entry.question)) continue;
    statements.push({ text: entry.answer, source: faqSourceOf(entry) });
  }
  for (const passage of index.passages) {
    for (const sentence of sentences(passage.text)) {
      if (about(sentence)) statements.push({ text: sentence, source: passageSourceOf(passage) });
    }
  }
  return statements;
}

/** A card that holds a certification or control while an answer says the organisation has not got it. */
function heldAndDenied(index: EvidenceIndex, topic: Topic): Contradiction[] {
  const items = topic.itemKeys.flatMap((key) => index.itemsByKey.get(key) ?? []);
  const entries = index.faq.filter(
    (entry) => topic.pattern.test(entry.normalised) && entry.kind === 'yes-no',
  );
  const found: Contradiction[] = [];
  const anyEnabled = items.some((item) => item.state === 'Enabled');
  // Words any such question uses ("are you … certified?"), besides the topic and who is asked.
  const subjectTerms = contentTerms(
    `${topic.label} certified certification compliant hold listed ${index.evidence.organisationName} ${index.evidence.productName}`,
  );
  for (const entry of entries) {
    const polarity = statedPolarity(entry.answer);
    // The answer must be about what the item is, not a detail of it ("any exceptions in your SOC 2?").
    const sameSubject = (item: IndexedItem) =>
      coverage(entry.terms, [...item.titleTerms, ...subjectTerms], index.weight) >= 0.5;
    const against =
      polarity === 'no'
        ? items.filter((item) => item.state === 'Enabled' && !item.isNegative && sameSubject(item))
        : polarity === 'yes' && !anyEnabled
          ? items.filter((item) => item.state === 'NotEnabled' && sameSubject(item))
          : [];
    if (against.length === 0) continue;
    found.push({
      topic: `${topic.label}: ${polarity === 'yes' ? 'an answer says yes, the card lists it as not enabled' : 'an answer says no, the card lists it as in place'}`,
      statements: [
        { text: entry.answer, source: faqSourceOf(entry) },
        ...against.map((item) => ({
          text: `${item.title}: ${item.state === 'Enabled' ? 'enabled' : 'not enabled'}`,
          source: itemSourceOf(item),
        })),
      ],
    });
  }
  return found;
}

function firmsNamed(index: EvidenceIndex, topic: Topic): Contradiction[] {
  const byFirm = new Map<string, Statement[]>();
  for (const statement of statementsAbout(index, topic)) {
    for (const match of statement.text.matchAll(firmPattern)) {
      const list = byFirm.get(match[1]!) ?? [];
      if (!list.some((entry) => sameSource(entry.source, statement.source))) list.push(statement);
      byFirm.set(match[1]!, list);
    }
  }
  if (byFirm.size < 2) return [];
  return [
    {
      topic: `${topic.label}: ${[...byFirm.keys()].join(' and ')} are both named`,
      statements: [...byFirm.values()].map((list) => list[0]!),
    },
  ];
}

function timeLimits(index: EvidenceIndex, topic: Topic): Contradiction[] {
  const stated = statementsAbout(index, topic)
    .flatMap((statement) =>
      sentences(statement.text)
        .filter((sentence) => topic.pattern.test(normaliseText(sentence)))
        .map((sentence) => ({ sentence, statement })),
    )
    .map(({ sentence, statement }) => ({
      statement: { ...statement, text: sentence },
      hours: durationsIn(sentence),
    }))
    .filter((entry) => entry.hours.length > 0);
  for (let first = 0; first < stated.length; first++) {
    for (let second = first + 1; second < stated.length; second++) {
      const a = stated[first]!;
      const b = stated[second]!;
      if (sameSource(a.statement.source, b.statement.source)) continue;
      if (a.hours.some((hours) => b.hours.includes(hours))) continue;
      return [{ topic: `${topic.label}: different time limits`, statements: [a.statement, b.statement] }];
    }
  }
  return [];
}

/** Every contradiction found in what this viewer may read (staff: the whole trust center). */
export function findContradictions(index: EvidenceIndex): Contradiction[] {
  return questionnaireTopics.flatMap((topic) => [
    ...heldAndDenied(index, topic),
    ...(auditedTopics.has(topic.id) ? firmsNamed(index, topic) : []),
    ...(timedTopics.has(topic.id) ? timeLimits(index, topic) : []),
  ]);
}
