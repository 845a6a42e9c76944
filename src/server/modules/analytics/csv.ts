/** A cell a spreadsheet would run as a formula is prefixed with a quote (CSV injection, OWASP). */
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '""';
  let text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** RFC 4180: every field quoted, CRLF line ends; an optional BOM lets Excel read it as UTF-8. */
export function toCsv(header: string[], rows: unknown[][], options: { withBom: boolean }): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${options.withBom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`;
}
