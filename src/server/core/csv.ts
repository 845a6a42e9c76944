import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab or CR) as a formula (CSV injection,
 * OWASP): every export prefixes it with an apostrophe, and an import of our own export removes it.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function neutraliseFormula(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

export function restoreFormula(text: string): string {
  return text.startsWith("'") && formulaStart.test(text.slice(1)) ? text.slice(1) : text;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * RFC 4180 with every field quoted (spec 3 §7 "quoted fields"), CRLF rows and formulas neutralised;
 * an optional byte-order mark lets Excel read it as UTF-8. Dates are ISO 8601, objects JSON.
 */
export function toCsv(rows: readonly (readonly unknown[])[], options: { bom: boolean }): string {
  const cells = rows.map((row) => row.map((value) => neutraliseFormula(cellText(value))));
  return stringify(cells, {
    quoted: true,
    quoted_empty: true,
    record_delimiter: 'windows',
    bom: options.bom,
  });
}

/** One field as toCsv writes it. */
export function csvCell(value: unknown): string {
  return toCsv([[value]], { bom: false }).slice(0, -2);
}

export class CsvFormatError extends Error {}

/** Rows of a CSV file: a byte-order mark is dropped, CRLF, LF and CR rows are all read, rows may differ in length. */
export function parseCsv(text: string): string[][] {
  try {
    return parse(text, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw new CsvFormatError(error.message);
    throw error;
  }
}
