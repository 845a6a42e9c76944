import { stringify } from 'csv-stringify/sync';
import type * as ExcelJS from 'exceljs';
import type { ColumnMapping, DraftReportRow } from '../../../../shared/questionnaire-drafts';
import { loadExcel, type QuestionnaireSheet } from './read-questionnaire';

/**
 * Answers back into the questionnaire (issue 32 §4): into the same cells of the original workbook, its
 * styles, sheets and other cells untouched; a sheet without an answer or comment column gets one after
 * its last used column. CSV comes out in the original layout with the same columns filled.
 */
export type AnsweredRow = Pick<DraftReportRow, 'row' | 'answer' | 'status' | 'note' | 'sources'> & {
  sheet: string;
};

export const addedColumnTitles = { answer: 'Answer', comment: 'Comment' } as const;

/** The comment written beside an answer: what it rests on, or why it was left open. */
export function commentFor(row: AnsweredRow): string {
  if (row.status === 'needs_answer') return `Needs an answer. ${row.note}`.trim();
  const sources = row.sources.map((source) => {
    const title = source.kind === 'faq' ? `FAQ: ${source.title}` : source.title;
    return `${title}${source.page ? `, p. ${source.page}` : ''} (${source.url})`;
  });
  return sources.length > 0 ? `Sources: ${sources.join('; ')}` : '';
}

/** Where answers and comments go in a sheet: the mapped columns, or new ones after the last used. */
export function outputColumns(mapping: ColumnMapping, usedColumns: number) {
  const answer = mapping.answerColumn ?? usedColumns + 1;
  const comment = mapping.commentColumn ?? Math.max(usedColumns, answer) + 1;
  return {
    answer,
    comment,
    addsAnswer: mapping.answerColumn === null,
    addsComment: mapping.commentColumn === null,
  };
}

function copyHeaderStyle(sheet: ExcelJS.Worksheet, headerRow: number, from: number, to: number) {
  const source = sheet.getRow(headerRow).getCell(from);
  const target = sheet.getRow(headerRow).getCell(to);
  target.style = { ...source.style };
}

/** Writes into `workbook` (the original, loaded with loadWorkbook) and returns its .xlsx bytes. */
export async function writeAnsweredWorkbook(
  workbook: ExcelJS.Workbook,
  mappings: ColumnMapping[],
  rows: AnsweredRow[],
): Promise<Buffer> {
  for (const mapping of mappings) {
    const sheet = workbook.getWorksheet(mapping.sheet);
    if (!sheet) continue;
    const columns = outputColumns(mapping, sheet.actualColumnCount);
    if (mapping.headerRow !== null) {
      if (columns.addsAnswer) {
        sheet.getRow(mapping.headerRow).getCell(columns.answer).value = addedColumnTitles.answer;
        copyHeaderStyle(sheet, mapping.headerRow, mapping.questionColumn, columns.answer);
      }
      if (columns.addsComment) {
        sheet.getRow(mapping.headerRow).getCell(columns.comment).value = addedColumnTitles.comment;
        copyHeaderStyle(sheet, mapping.headerRow, mapping.questionColumn, columns.comment);
      }
    }
    for (const row of rows.filter((candidate) => candidate.sheet === mapping.sheet)) {
      const cells = sheet.getRow(row.row);
      if (row.answer !== null) cells.getCell(columns.answer).value = row.answer;
      const comment = commentFor(row);
      if (comment) cells.getCell(columns.comment).value = comment;
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A workbook made from a CSV or pasted questionnaire, so it can be returned as .xlsx too. */
export async function workbookFromSheets(sheets: QuestionnaireSheet[]): Promise<ExcelJS.Workbook> {
  const workbook = new (await loadExcel()).Workbook();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name.slice(0, 31) || 'Questions');
    for (const row of sheet.rows) worksheet.addRow(row);
  }
  return workbook;
}

/** A cell a spreadsheet would run as a formula ('=', '+', '-', '@') is written as text instead. */
function csvText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The sheet as CSV in its original layout, answer and comment columns filled (added when missing). */
export function writeAnsweredCsv(
  sheet: QuestionnaireSheet,
  mapping: ColumnMapping,
  rows: AnsweredRow[],
): string {
  const used = Math.max(0, ...sheet.rows.map((row) => row.length));
  const columns = outputColumns(mapping, used);
  const width = Math.max(used, columns.answer, columns.comment);
  const byRow = new Map(rows.filter((row) => row.sheet === mapping.sheet).map((row) => [row.row, row]));
  const table = sheet.rows.map((cells, index) => {
    const out = Array.from({ length: width }, (_, column) => cells[column] ?? '');
    if (mapping.headerRow === index + 1) {
      if (columns.addsAnswer) out[columns.answer - 1] = addedColumnTitles.answer;
      if (columns.addsComment) out[columns.comment - 1] = addedColumnTitles.comment;
    }
    const answered = byRow.get(index + 1);
    if (answered) {
      if (answered.answer !== null) out[columns.answer - 1] = csvText(answered.answer);
      out[columns.comment - 1] = csvText(commentFor(answered));
    }
    return out;
  });
  return stringify(table);
}
