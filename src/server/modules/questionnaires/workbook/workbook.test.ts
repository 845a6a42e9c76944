import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { questionnaireImportMessages as messages } from '../../../../shared/questionnaire-drafts';
import { detectSheet, questionRows } from '../../../../shared/questionnaire-layout';
import { loadWorkbook, readPastedQuestions, readQuestionnaireFile } from './read-questionnaire';
import { type AnsweredRow, writeAnsweredCsv, writeAnsweredWorkbook } from './write-answers';

async function bytesOf(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A CAIQ-style sheet: a title, a header with an id column, section rows, ids like 'IAM-02.1'. */
function caiqWorkbook() {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Instructions').addRow(['Answer every question in the next sheet.']);
  const sheet = workbook.addWorksheet('CAIQ v4');
  sheet.addRow(['Consensus-style assessment']);
  sheet.addRow([]);
  const header = sheet.addRow([
    'Question ID',
    'Question',
    'CSP CAIQ Answer',
    'SSRM Control Ownership',
    'CSP Implementation Description',
  ]);
  header.font = { bold: true };
  header.getCell(3).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFEEAA' } };
  sheet.getColumn(2).width = 70;
  sheet.addRow(['Identity & Access Management']);
  sheet.addRow(['IAM-01.1', 'Do you support multi-factor authentication for all users?', '', '', '']);
  sheet.addRow(['IAM-02.1', 'Are user access rights reviewed at least quarterly?', '', '', '']);
  sheet.addRow(['Cryptography']);
  sheet.addRow(['CEK-01.1', 'Is customer data encrypted at rest?', '', '', '']);
  return workbook;
}

/** A SIG-style sheet: "Ques Num", "Question/Request", "Response", "Additional Information". */
function sigWorkbook() {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Lite');
  sheet.addRow(['Ques Num', 'Question/Request', 'Response', 'Additional Information']);
  sheet.addRow(['A.1', 'Is there a documented information security policy?', '', '']);
  sheet.addRow(['A.1.1', 'Has the policy been approved by management?', '', '']);
  sheet.addRow(['B.1', 'Is there a risk assessment program?', '', '']);
  return workbook;
}

/** An odd layout: no header, numbering in column A, headings and questions in column C, a formula. */
function oddWorkbook() {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Vendor review');
  sheet.addRow(['', '', 'Network']);
  sheet.addRow(['1', '', 'Do you use a web application firewall in front of the service?']);
  sheet.addRow(['2', '', 'Is the production network segmented from the office network?']);
  sheet.addRow(['', '', 'People']);
  const formula = sheet.addRow(['3', '', '']);
  formula.getCell(3).value = {
    formula: '"Are background checks performed"&" on new hires?"',
    result: 'Are background checks performed on new hires?',
  };
  sheet.mergeCells('A6:C6');
  sheet.getCell('A6').value = 'End of questionnaire';
  return workbook;
}

const answered = (sheet: string, row: number, answer: string | null): AnsweredRow => ({
  sheet,
  row,
  answer,
  status: answer === null ? 'needs_answer' : 'drafted',
  note: answer === null ? 'Nothing on the trust center answers this question.' : 'From the item.',
  sources:
    answer === null
      ? []
      : [
          {
            kind: 'item',
            title: 'Access Control › Quarterly access reviews',
            url: 'https://trust.example/item/access-reviews',
            excerpt: 'Reviewed quarterly.',
            access: 'public',
          },
        ],
});

describe('reading questionnaires', () => {
  it('recognises a CAIQ-style sheet: its columns, ids and sections; other sheets without questions are skipped', async () => {
    const file = await readQuestionnaireFile(await bytesOf(caiqWorkbook()), 'caiq.xlsx');
    expect(file.sheets.map((sheet) => sheet.name)).toEqual(['Instructions', 'CAIQ v4']);
    expect(detectSheet(file.sheets[0]!)).toBeNull();
    const detected = detectSheet(file.sheets[1]!)!;
    expect(detected.layout).toBe('caiq');
    expect(detected.mapping).toEqual({
      sheet: 'CAIQ v4',
      headerRow: 3,
      questionColumn: 2,
      answerColumn: 3,
      commentColumn: 5,
      controlIdColumn: 1,
      sectionColumn: null,
    });
    expect(questionRows(file.sheets[1]!, detected.mapping)).toEqual([
      {
        sheet: 'CAIQ v4',
        row: 5,
        question: 'Do you support multi-factor authentication for all users?',
        controlId: 'IAM-01.1',
        section: 'Identity & Access Management',
      },
      {
        sheet: 'CAIQ v4',
        row: 6,
        question: 'Are user access rights reviewed at least quarterly?',
        controlId: 'IAM-02.1',
        section: 'Identity & Access Management',
      },
      {
        sheet: 'CAIQ v4',
        row: 8,
        question: 'Is customer data encrypted at rest?',
        controlId: 'CEK-01.1',
        section: 'Cryptography',
      },
    ]);
  });

  it('recognises a SIG-style sheet', async () => {
    const file = await readQuestionnaireFile(await bytesOf(sigWorkbook()), 'sig-lite.xlsx');
    const detected = detectSheet(file.sheets[0]!)!;
    expect(detected.layout).toBe('sig');
    expect(detected.mapping).toMatchObject({
      headerRow: 1,
      questionColumn: 2,
      answerColumn: 3,
      commentColumn: 4,
      controlIdColumn: 1,
    });
    expect(detected.questionCount).toBe(3);
  });

  it('finds the questions of a sheet without headers, reading formulas as their cached values', async () => {
    const file = await readQuestionnaireFile(await bytesOf(oddWorkbook()), 'review.xlsx');
    const detected = detectSheet(file.sheets[0]!)!;
    expect(detected.layout).toBe('custom');
    expect(detected.mapping).toMatchObject({
      headerRow: null,
      questionColumn: 3,
      answerColumn: null,
      commentColumn: null,
    });
    expect(
      questionRows(file.sheets[0]!, detected.mapping).map((row) => [row.row, row.section, row.question]),
    ).toEqual([
      [2, 'Network', 'Do you use a web application firewall in front of the service?'],
      [3, 'Network', 'Is the production network segmented from the office network?'],
      [5, 'People', 'Are background checks performed on new hires?'],
    ]);
  });

  it('reads CSV with any common delimiter, and pasted questions', async () => {
    const csv = Buffer.from(
      '\uFEFFID;Question;Answer\n1;Do you encrypt backups?;\n2;"Is MFA enforced; for admins too?";\n',
    );
    const file = await readQuestionnaireFile(csv, 'questions.csv');
    const detected = detectSheet(file.sheets[0]!)!;
    expect(questionRows(file.sheets[0]!, detected.mapping).map((row) => row.question)).toEqual([
      'Do you encrypt backups?',
      'Is MFA enforced; for admins too?',
    ]);
    const pasted = readPastedQuestions('Do you have a SOC 2 report?\nIs data encrypted at rest?\n');
    const pastedSheet = pasted.sheets[0]!;
    expect(questionRows(pastedSheet, detectSheet(pastedSheet)!.mapping)).toHaveLength(2);
  });
});

/** A zip archive of the given parts (deflated unless stored), with sizes as claimed. */
function zipOf(parts: { name: string; data: Buffer; claimedSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const compressed = zlib.deflateRawSync(part.data);
    const size = part.claimedSize ?? part.data.length;
    const crc = zlib.crc32(part.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('refusing what must not be opened', () => {
  const contentTypes = { name: '[Content_Types].xml', data: Buffer.from('<Types/>') };

  it.each([
    ['macros', [contentTypes, { name: 'xl/vbaProject.bin', data: Buffer.from('macro') }], messages.macros],
    [
      'links to other workbooks',
      [contentTypes, { name: 'xl/externalLinks/externalLink1.xml', data: Buffer.from('<x/>') }],
      messages.externalLinks,
    ],
    [
      'a part that inflates far beyond its size',
      [contentTypes, { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(30 * 1024 * 1024) }],
      messages.zipBomb,
    ],
    [
      'a part larger than its header claims',
      [
        contentTypes,
        { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(5 * 1024 * 1024), claimedSize: 1000 },
      ],
      messages.zipBomb,
    ],
  ])('refuses a workbook with %s', async (_case, parts, message) => {
    await expect(readQuestionnaireFile(zipOf(parts), 'questionnaire.xlsx')).rejects.toThrow(message);
  });

  it('refuses an empty file, a file that is not a spreadsheet, a macro workbook by name, CSV that is not UTF-8', async () => {
    await expect(readQuestionnaireFile(Buffer.alloc(0), 'q.xlsx')).rejects.toThrow(messages.empty);
    await expect(readQuestionnaireFile(Buffer.from('%PDF-1.7\n'), 'q.pdf')).rejects.toThrow(
      messages.notSpreadsheet,
    );
    await expect(readQuestionnaireFile(await bytesOf(sigWorkbook()), 'q.xlsm')).rejects.toThrow(
      messages.macros,
    );
    await expect(readQuestionnaireFile(Buffer.from([0x51, 0xe9, 0x3f, 0x0a]), 'q.csv')).rejects.toThrow(
      messages.notUtf8,
    );
  });
});

describe('writing answers back', () => {
  it('fills the same cells of the original workbook and leaves its styles and other sheets as they were', async () => {
    const original = await bytesOf(caiqWorkbook());
    const workbook = await loadWorkbook(original);
    const mapping = detectSheet((await readQuestionnaireFile(original, 'caiq.xlsx')).sheets[1]!)!.mapping;
    const out = await writeAnsweredWorkbook(
      workbook,
      [mapping],
      [answered('CAIQ v4', 6, 'Yes'), answered('CAIQ v4', 8, null)],
    );
    const reread = new ExcelJS.Workbook();
    await reread.xlsx.load(out as unknown as ExcelJS.Buffer);
    const sheet = reread.getWorksheet('CAIQ v4')!;
    expect(sheet.getCell('C6').value).toBe('Yes');
    expect(sheet.getCell('E6').value).toBe(
      'Sources: Access Control › Quarterly access reviews (https://trust.example/item/access-reviews)',
    );
    expect(sheet.getCell('C8').value).toBe('');
    expect(sheet.getCell('E8').value).toBe(
      'Needs an answer. Nothing on the trust center answers this question.',
    );
    expect(sheet.getCell('C5').value).toBe('');
    expect(sheet.getCell('C4').value).toBeNull();
    expect(sheet.getCell('C3').fill).toEqual({
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: 'FFFFEEAA' },
    });
    expect(sheet.getRow(3).font).toMatchObject({ bold: true });
    expect(sheet.getColumn(2).width).toBe(70);
    expect(reread.getWorksheet('Instructions')!.getCell('A1').value).toBe(
      'Answer every question in the next sheet.',
    );
  });

  it('adds answer and comment columns to a sheet that has none', async () => {
    const original = await bytesOf(oddWorkbook());
    const file = await readQuestionnaireFile(original, 'review.xlsx');
    const mapping = detectSheet(file.sheets[0]!)!.mapping;
    const out = await writeAnsweredWorkbook(file.workbook!, [mapping], [answered('Vendor review', 2, 'Yes')]);
    const reread = new ExcelJS.Workbook();
    await reread.xlsx.load(out as unknown as ExcelJS.Buffer);
    const sheet = reread.getWorksheet('Vendor review')!;
    expect(sheet.getCell('D2').value).toBe('Yes');
    expect(String(sheet.getCell('E2').value)).toMatch(/^Sources: /);
    expect(sheet.getCell('C5').value).toMatchObject({
      result: 'Are background checks performed on new hires?',
    });
  });

  it('writes CSV in the original layout, with answers a spreadsheet would run as formulas made text', async () => {
    const file = await readQuestionnaireFile(
      Buffer.from('ID,Question\n1,Are user access rights reviewed?\n2,What is your RTO?\n'),
      'q.csv',
    );
    const mapping = detectSheet(file.sheets[0]!)!.mapping;
    const csv = writeAnsweredCsv(file.sheets[0]!, mapping, [
      answered('Questions', 2, 'Yes'),
      answered('Questions', 3, '=HYPERLINK("x")'),
    ]);
    expect(csv.split('\n')[0]).toBe('ID,Question,Answer,Comment');
    expect(csv).toContain('1,Are user access rights reviewed?,Yes,Sources: Access Control');
    expect(csv).toContain(`'=HYPERLINK(""x"")`);
  });
});
