import { describe, expect, it } from 'vitest';
import { CsvFormatError, neutraliseFormula, parseCsv, restoreFormula, toCsv } from './csv';

describe('CSV', () => {
  it('quotes every field, writes CRLF rows and an optional byte-order mark', () => {
    expect(
      toCsv(
        [
          ['a', 'say "hi"'],
          [null, 3],
        ],
        { bom: true },
      ),
    ).toBe('\uFEFF"a","say ""hi"""\r\n"","3"\r\n');
  });

  it('neutralises every cell a spreadsheet would run as a formula, and an import restores it', () => {
    for (const cell of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1']) {
      expect(neutraliseFormula(cell)).toBe(`'${cell}`);
      expect(restoreFormula(neutraliseFormula(cell))).toBe(cell);
    }
    expect(restoreFormula("'plain")).toBe("'plain");
    expect(toCsv([['-2']], { bom: false })).toBe(`"'-2"\r\n`);
  });

  it('neutralises a leading carriage return too, and leaves a formula character inside a cell alone', () => {
    expect(toCsv([['\r=1', 'a=b', 'x-1', "'quoted"]], { bom: false })).toBe(
      `"'\r=1","a=b","x-1","'quoted"\r\n`,
    );
    expect(restoreFormula("'\r=1")).toBe('\r=1');
  });

  it('reads what it writes, whatever the line ends, and refuses an unclosed quote', () => {
    const rows = [
      ['question', 'answer'],
      ['Multi\nline?', 'Yes, "quoted"'],
    ];
    expect(parseCsv(toCsv(rows, { bom: true }))).toEqual(rows);
    expect(parseCsv('a,b\nc,d\re,f\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
    expect(() => parseCsv('a,"b')).toThrow(CsvFormatError);
  });
});
