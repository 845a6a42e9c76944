import type { ColumnMapping, QuestionnaireLayout } from './questionnaire-drafts';

/** A sheet as text: rows[r][c] is the cell at row r + 1, column c + 1 (spreadsheet numbering less one). */
export type QuestionnaireSheet = { name: string; rows: string[][] };

/**
 * Finding the questions in a sheet (issue 32 §1), on the server and in the console's column picker: a header row naming the columns, else the first
 * long-text column. CAIQ-style sheets (ids like 'IAM-02.1', a "CSP answer" column) and SIG-style
 * sheets ("Ques Num", "Question/Request", "Response") are recognised by their ids and headers.
 */
export type QuestionRow = {
  sheet: string;
  row: number;
  question: string;
  controlId: string | null;
  section: string | null;
};

export type DetectedSheet = { mapping: ColumnMapping; layout: QuestionnaireLayout; questionCount: number };

const headerPatterns = {
  question:
    /^(question|questions|question text|question\/request|request|requirement|control question|assessment question|query)\b|\bquestion\b/i,
  answer:
    /^(answer|answers|response|responses|reply|yes\/no|vendor (answer|response)|csp (caiq )?answer|your answer|compliant\??|status)\b|\b(answer|response)\b/i,
  comment:
    /\b(comments?|notes?|explanation|remarks|additional (information|details|comments?)|justification|evidence|implementation description|details)\b/i,
  controlId:
    /^(control id|question id|ques(tion)? ?(num|no\.?|number|#)|id|ref(erence)?|#|no\.?|number|item)$|\b(control|question) (id|ref)\b/i,
  section: /^(section|domain|category|control domain|area|topic|control (group|family|area)|risk domain)\b/i,
} as const;

const caiqId = /^[A-Z&]{2,4}-\d{2}(\.\d{1,2})?$/;
const sigId = /^[A-Z]{1,2}\.\d{1,3}(\.\d{1,3})*$/;
const headerScanRows = 30;

function columnCount(sheet: QuestionnaireSheet): number {
  return Math.max(0, ...sheet.rows.map((row) => row.length));
}

function findHeader(sheet: QuestionnaireSheet) {
  for (let index = 0; index < Math.min(headerScanRows, sheet.rows.length); index++) {
    const cells = sheet.rows[index] ?? [];
    const find = (pattern: RegExp, taken: number[] = []) => {
      const column = cells.findIndex(
        (cell, position) =>
          !taken.includes(position) && cell.length > 0 && cell.length < 60 && pattern.test(cell),
      );
      return column >= 0 ? column : null;
    };
    // "Question ID" names the id column, not the questions: ids are taken out before questions are sought.
    const idHeader = find(headerPatterns.controlId);
    const question = find(headerPatterns.question, idHeader === null ? [] : [idHeader]);
    if (question === null) continue;
    const answer = find(headerPatterns.answer, [question]);
    const comment = find(headerPatterns.comment, [question, answer ?? -1]);
    const controlId = idHeader ?? find(headerPatterns.controlId, [question, answer ?? -1, comment ?? -1]);
    const section = find(headerPatterns.section, [question, answer ?? -1, comment ?? -1, controlId ?? -1]);
    return { index, question, answer, comment, controlId, section };
  }
  return null;
}

function looksLikeQuestion(text: string): boolean {
  return text.length >= 12 && (/\?\s*$/.test(text) || text.split(/\s+/).length >= 4);
}

/** The first column whose cells are mostly long text: the questions of a sheet without headers. */
function firstLongTextColumn(sheet: QuestionnaireSheet): number | null {
  const columns = columnCount(sheet);
  for (let column = 0; column < columns; column++) {
    const cells = sheet.rows.map((row) => row[column] ?? '').filter((cell) => cell.length > 0);
    if (cells.length === 0) continue;
    const long = cells.filter(looksLikeQuestion).length;
    if (long / cells.length >= 0.5) return column;
  }
  return null;
}

function idColumnOf(sheet: QuestionnaireSheet, questionColumn: number, from: number): number | null {
  for (let column = 0; column < questionColumn; column++) {
    const cells = sheet.rows
      .slice(from)
      .map((row) => row[column] ?? '')
      .filter(Boolean);
    if (
      cells.length > 0 &&
      cells.filter((cell) => caiqId.test(cell) || sigId.test(cell) || /^\d+(\.\d+)*$/.test(cell)).length /
        cells.length >=
        0.6
    )
      return column;
  }
  return null;
}

function layoutOf(sheet: QuestionnaireSheet, mapping: ColumnMapping): QuestionnaireLayout {
  const from = mapping.headerRow ?? 0;
  const ids =
    mapping.controlIdColumn === null
      ? []
      : sheet.rows
          .slice(from)
          .map((row) => row[mapping.controlIdColumn! - 1] ?? '')
          .filter(Boolean);
  const share = (pattern: RegExp) =>
    ids.length === 0 ? 0 : ids.filter((id) => pattern.test(id)).length / ids.length;
  if (share(caiqId) >= 0.6) return 'caiq';
  const header = mapping.headerRow ? (sheet.rows[mapping.headerRow - 1] ?? []).join(' ') : '';
  if (share(sigId) >= 0.6 || /ques num|question\/request/i.test(header)) return 'sig';
  return 'custom';
}

/** The sheet's mapping, or null when nothing in it looks like a question. */
export function detectSheet(sheet: QuestionnaireSheet): DetectedSheet | null {
  const header = findHeader(sheet);
  let mapping: ColumnMapping;
  if (header) {
    const column = (value: number | null) => (value === null ? null : value + 1);
    mapping = {
      sheet: sheet.name,
      headerRow: header.index + 1,
      questionColumn: header.question + 1,
      answerColumn: column(header.answer),
      commentColumn: column(header.comment),
      controlIdColumn: column(header.controlId ?? idColumnOf(sheet, header.question, header.index + 1)),
      sectionColumn: column(header.section),
    };
  } else {
    const question = firstLongTextColumn(sheet);
    if (question === null) return null;
    mapping = {
      sheet: sheet.name,
      headerRow: null,
      questionColumn: question + 1,
      answerColumn: null,
      commentColumn: null,
      controlIdColumn: (() => {
        const id = idColumnOf(sheet, question, 0);
        return id === null ? null : id + 1;
      })(),
      sectionColumn: null,
    };
  }
  const questionCount = questionRows(sheet, mapping).length;
  if (questionCount === 0) return null;
  return { mapping, layout: layoutOf(sheet, mapping), questionCount };
}

/**
 * The question rows under the mapping. A row whose question cell is short text without a question
 * mark and that has no id is a section heading: it names the section of the rows after it.
 */
export function questionRows(sheet: QuestionnaireSheet, mapping: ColumnMapping): QuestionRow[] {
  const rows: QuestionRow[] = [];
  let heading: string | null = null;
  const cell = (row: string[], column: number | null) =>
    column === null ? '' : (row[column - 1] ?? '').trim();
  for (let index = mapping.headerRow ?? 0; index < sheet.rows.length; index++) {
    const row = sheet.rows[index] ?? [];
    const question = cell(row, mapping.questionColumn);
    const controlId = cell(row, mapping.controlIdColumn) || null;
    const filled = row.filter((value) => value.trim().length > 0).length;
    if (!question) {
      // A heading row can hold its text in another column (the id column, or merged across the sheet).
      const only = filled === 1 ? row.find((value) => value.trim())!.trim() : '';
      if (only && !caiqId.test(only) && !sigId.test(only)) heading = only;
      continue;
    }
    if (!controlId && !looksLikeQuestion(question)) {
      heading = question;
      continue;
    }
    rows.push({
      sheet: sheet.name,
      row: index + 1,
      question,
      controlId,
      section: cell(row, mapping.sectionColumn) || heading,
    });
  }
  return rows;
}
