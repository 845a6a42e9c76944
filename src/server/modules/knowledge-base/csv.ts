/** RFC 4180 CSV: comma separated, fields quoted with "", quotes doubled; CRLF or LF rows. */

export class CsvFormatError extends Error {}

export function parseCsv(text: string): string[][] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let isQuoted = false;
  let index = 0;
  while (index < input.length) {
    const character = input[index]!;
    if (isQuoted) {
      if (character === '"') {
        if (input[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        isQuoted = false;
      } else {
        field += character;
      }
      index++;
      continue;
    }
    if (character === '"' && field === '') isQuoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\n' || character === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (character === '\r' && input[index + 1] === '\n') index++;
    } else field += character;
    index++;
  }
  if (isQuoted) throw new CsvFormatError('unclosed quote');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;

/** Every field quoted (spec 3 §7 "quoted fields"), CRLF rows, an optional byte-order mark for Excel. */
export function formatCsv(rows: readonly (readonly string[])[], options: { bom: boolean }): string {
  const body = rows.map((row) => row.map(quote).join(',')).join('\r\n');
  return `${options.bom ? '\ufeff' : ''}${body}\r\n`;
}

/**
 * Spreadsheets run cells starting with = + @ as formulas (CSV injection): export prefixes them with
 * an apostrophe and import removes it again, so a round trip keeps the text.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+@\t\r]/.test(value) ? `'${value}` : value;
}

export function restoreFormula(value: string): string {
  return /^'[=+@\t\r]/.test(value) ? value.slice(1) : value;
}
