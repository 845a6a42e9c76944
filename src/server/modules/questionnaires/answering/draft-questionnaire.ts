import type {
  ColumnMapping,
  Contradiction,
  DraftReportRow,
  QuestionnaireLayout,
} from '../../../../shared/questionnaire-drafts';
import {
  questionnaireImportLimits,
  questionnaireImportMessages,
} from '../../../../shared/questionnaire-drafts';
import { detectSheet, type QuestionRow, questionRows } from '../../../../shared/questionnaire-layout';
import { QuestionnaireFileError, type QuestionnaireSheet } from '../workbook/read-questionnaire';
import { findContradictions } from './consistency';
import { type Draft, draftAnswer, type EvidenceIndex, indexEvidence, splitControlId } from './draft-answer';
import { type EvidenceContext, findEvidenceProduct, loadEvidence } from './evidence';

/** The sheets' mappings as detected (or as staff set them) and every question row found under them. */
export type ImportedQuestionnaire = {
  sheets: { mapping: ColumnMapping; layout: QuestionnaireLayout }[];
  questions: QuestionRow[];
};

/** Every sheet with questions, each mapped; staff's own mappings replace the detected ones. */
export function importQuestions(
  sheets: QuestionnaireSheet[],
  mappings?: ColumnMapping[],
): ImportedQuestionnaire {
  const found: ImportedQuestionnaire['sheets'] = [];
  const questions: QuestionRow[] = [];
  for (const sheet of sheets) {
    const chosen = mappings?.find((mapping) => mapping.sheet === sheet.name);
    const detected = detectSheet(sheet);
    const mapping = chosen ?? detected?.mapping;
    if (!mapping) continue;
    const rows = questionRows(sheet, mapping);
    if (rows.length === 0) continue;
    found.push({ mapping, layout: detected?.layout ?? 'custom' });
    questions.push(...rows);
  }
  if (questions.length === 0) throw new QuestionnaireFileError(questionnaireImportMessages.noQuestions);
  if (questions.length > questionnaireImportLimits.questionRowsMax) {
    throw new QuestionnaireFileError(questionnaireImportMessages.tooManyQuestions);
  }
  return { sheets: found, questions };
}

/** The viewer's evidence for the product, indexed once for every question of a questionnaire. */
export async function loadEvidenceIndex(
  ctx: EvidenceContext,
  productSlug?: string,
): Promise<EvidenceIndex | null> {
  const target = await findEvidenceProduct(ctx, productSlug);
  if (!target) return null;
  return indexEvidence(await loadEvidence(ctx, target));
}

/** A question row with its draft, as the report and the console store it. */
export function reportRow(question: QuestionRow, draft: Draft): DraftReportRow {
  return {
    row: question.row,
    sheet: question.sheet,
    controlId: question.controlId ?? splitControlId(question.question).controlId,
    question: question.question,
    answer: draft.answer,
    status: draft.status,
    confidence: draft.confidence,
    note: draft.note,
    sources: draft.sources,
  };
}

export function draftRows(index: EvidenceIndex, questions: QuestionRow[]): DraftReportRow[] {
  return questions.map((question) => reportRow(question, draftAnswer(index, question.question)));
}

export function consistencyReport(index: EvidenceIndex): Contradiction[] {
  return findContradictions(index);
}
