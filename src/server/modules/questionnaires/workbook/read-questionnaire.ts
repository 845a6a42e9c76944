import { parse as parseCsv } from 'csv-parse/sync';
import type * as ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import {
  questionnaireImportLimits,
  questionnaireImportMessages,
} from '../../../../shared/questionnaire-drafts';
import type { QuestionnaireSheet } from '../../../../shared/questionnaire-layout';

export type { QuestionnaireSheet };
export type QuestionnaireFile = { format: 'xlsx' | 'csv' | 'text'; sheets: QuestionnaireSheet[] };

/** A file refused with a message the person who uploaded it can act on. */
export class QuestionnaireFileError extends Error {}

const limits = questionnaireImportLimits;
const messages = questionnaireImportMessages;

function isZip(bytes: Buffer): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
  );
}

/**
 * Unzips every part once, counting bytes, before the workbook library sees it: macros, links to other
 * workbooks, too many parts and parts that inflate far beyond their size are refused. yauzl checks
 * each part's real size against the size its header claims, so a lying header fails too.
 */
async function inspectWorkbookZip(bytes: Buffer): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, file) =>
      error ? reject(new QuestionnaireFileError(messages.unreadable)) : resolve(file),
    ),
  );
  let entries = 0;
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (message: string) => {
      zip.close();
      reject(new QuestionnaireFileError(message));
    };
    zip.on('error', () => fail(messages.unreadable));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      entries += 1;
      const name = entry.fileName.toLowerCase();
      if (entries > limits.zipEntriesMax) return fail(messages.zipBomb);
      if (name.endsWith('vbaproject.bin')) return fail(messages.macros);
      if (name.startsWith('xl/externallinks/')) return fail(messages.externalLinks);
      if (name.endsWith('/')) return zip.readEntry();
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (ratio > limits.compressionRatioMax && entry.uncompressedSize > 1024 * 1024)
        return fail(messages.zipBomb);
      zip.openReadStream(entry, (error, stream) => {
        if (error) return fail(messages.unreadable);
        stream.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > limits.unzippedMaxBytes) {
            stream.destroy();
            fail(messages.zipBomb);
          }
        });
        // yauzl compares the bytes that come out with the size the part's header claims.
        stream.on('error', (streamError) =>
          fail(/too (many|few) bytes/.test(streamError.message) ? messages.zipBomb : messages.unreadable),
        );
        stream.on('end', () => zip.readEntry());
      });
    });
    zip.readEntry();
  });
}

/** A cell's text as the sheet shows it; a formula is read as its cached result, never evaluated. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: unknown }).result;
      if (
        result === undefined ||
        result === null ||
        (typeof result === 'object' && !(result instanceof Date))
      )
        return '';
      return cellText(result as ExcelJS.CellValue);
    }
    if ('hyperlink' in value) return String((value as { text?: unknown }).text ?? '');
    if ('error' in value) return '';
  }
  return '';
}

/** exceljs is loaded when a questionnaire is first read or written, not when the server starts. */
export async function loadExcel(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

export async function loadWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  await inspectWorkbookZip(bytes);
  const workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw new QuestionnaireFileError(messages.unreadable);
  }
  return workbook;
}

function sheetsOfWorkbook(workbook: ExcelJS.Workbook): QuestionnaireSheet[] {
  return workbook.worksheets
    .filter((sheet) => sheet.state === 'visible')
    .map((sheet) => {
      const rows: string[][] = [];
      sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
        const cells: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, columnNumber) => {
          // A merged cell's text is held by its master cell: read it once, there.
          cells[columnNumber - 1] = cell.isMerged && cell.master !== cell ? '' : cellText(cell.value).trim();
        });
        rows[rowNumber - 1] = Array.from(cells, (text) => text ?? '');
      });
      return { name: sheet.name, rows: Array.from(rows, (row) => row ?? []) };
    });
}

function decodeUtf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new QuestionnaireFileError(messages.notUtf8);
  }
}

export function readCsvText(text: string, name = 'Questions'): QuestionnaireFile {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [',', ';', '\t'].sort(
    (a, b) => firstLine.split(b).length - firstLine.split(a).length,
  )[0]!;
  let rows: string[][];
  try {
    rows = parseCsv(text, { delimiter, relax_column_count: true, skip_empty_lines: false, trim: true });
  } catch {
    throw new QuestionnaireFileError(messages.unreadable);
  }
  return { format: 'csv', sheets: [{ name, rows }] };
}

/** Pasted questions: one per line, or a table copied from a spreadsheet (tab-separated). */
export function readPastedQuestions(text: string): QuestionnaireFile {
  if (text.length > limits.pastedTextMaxLength) throw new QuestionnaireFileError(messages.pastedTooLong);
  const lines = text.split(/\r?\n/);
  if (lines.some((line) => line.includes('\t'))) {
    return {
      format: 'text',
      sheets: [{ name: 'Pasted', rows: lines.map((line) => line.split('\t').map((cell) => cell.trim())) }],
    };
  }
  return { format: 'text', sheets: [{ name: 'Pasted', rows: lines.map((line) => [line.trim()]) }] };
}

/** An uploaded questionnaire: an .xlsx workbook (checked before it is opened) or a UTF-8 CSV file. */
export async function readQuestionnaireFile(
  bytes: Buffer,
  fileName: string,
): Promise<QuestionnaireFile & { workbook: ExcelJS.Workbook | null }> {
  if (bytes.length === 0) throw new QuestionnaireFileError(messages.empty);
  if (bytes.length > limits.fileMaxBytes) throw new QuestionnaireFileError(messages.tooLarge);
  if (isZip(bytes)) {
    if (/\.xlsm$/i.test(fileName)) throw new QuestionnaireFileError(messages.macros);
    const workbook = await loadWorkbook(bytes);
    return { format: 'xlsx', sheets: sheetsOfWorkbook(workbook), workbook };
  }
  if (/\.(csv|txt)$/i.test(fileName)) return { ...readCsvText(decodeUtf8(bytes)), workbook: null };
  throw new QuestionnaireFileError(messages.notSpreadsheet);
}
