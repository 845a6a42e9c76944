import type { DraftReportRow } from '../src/shared/questionnaire-drafts';
import type { LabelledQuestion } from './questionnaire-questions';

export type QuestionOutcome = 'right' | 'wrong_or_missing' | 'left_open' | 'guessed' | 'contradiction';

/** A drafted answer against its hand label: right (answer and a source), left open, or a contradiction. */
export function judge(
  labelled: LabelledQuestion,
  row: Pick<DraftReportRow, 'answer' | 'status' | 'sources'>,
): QuestionOutcome {
  const { label } = labelled;
  const answer = row.answer;
  const polar = answer === 'Yes' || answer === 'No' || answer === 'Partial';
  if (label === null) {
    if (row.status === 'needs_answer') return 'left_open';
    return polar ? 'contradiction' : 'guessed';
  }
  if (row.status === 'needs_answer' || answer === null) return 'wrong_or_missing';
  const expectedPolar =
    label.answer === 'Yes' || label.answer === 'No'
      ? label.answer
      : label.answer === 'in progress'
        ? 'No'
        : null;
  if ((answer === 'Yes' || answer === 'No') && expectedPolar && answer !== expectedPolar)
    return 'contradiction';
  if (answer === 'Yes' && label.answer === 'text') return 'wrong_or_missing';
  const sourced = row.sources.some((source) => label.source.test(source.title));
  const said =
    label.answer === 'in progress'
      ? /^In progress\b/.test(answer) || /^No\b/.test(answer)
      : label.answer === 'text'
        ? label.says!.test(answer) || row.sources.some((source) => label.says!.test(source.excerpt))
        : answer === label.answer;
  return said && sourced ? 'right' : 'wrong_or_missing';
}

export function summarise(outcomes: { labelled: LabelledQuestion; outcome: QuestionOutcome }[]) {
  const answerable = outcomes.filter(({ labelled }) => labelled.label !== null);
  const unsupported = outcomes.filter(({ labelled }) => labelled.label === null);
  const count = (list: typeof outcomes, outcome: QuestionOutcome) =>
    list.filter((entry) => entry.outcome === outcome).length;
  return {
    answerable: answerable.length,
    answeredRight: count(answerable, 'right'),
    unsupported: unsupported.length,
    leftOpen: count(unsupported, 'left_open'),
    contradictions: count(outcomes, 'contradiction'),
  };
}
