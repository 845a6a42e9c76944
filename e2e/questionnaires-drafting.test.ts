import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSeriousAccessibilityViolations,
  screenshots,
  settle,
  signInAsStaff,
  useJourneyHarness,
  watchForErrors,
} from './support/journey-harness';

/**
 * Questionnaires answered from evidence, in the browser (issue 32): staff upload real workbooks (a
 * CAIQ-style, a SIG-style and an odd custom layout, written here with the same library the server
 * reads them with), check the columns, draft, review with the keyboard and export the answers.
 */
const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-questionnaires-' });
let directory: string;

async function writeWorkbook(name: string, build: (workbook: ExcelJS.Workbook) => void): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  const file = path.join(directory, name);
  await workbook.xlsx.writeFile(file);
  return file;
}

let caiq: string;
let sig: string;
let odd: string;
beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-e2e-questionnaire-files-'));
  caiq = await writeWorkbook('caiq-lite.xlsx', (workbook) => {
    const sheet = workbook.addWorksheet('CAIQ');
    sheet.addRow(['Question ID', 'Question', 'CSP CAIQ Answer', 'CSP Implementation Description']).font = {
      bold: true,
    };
    sheet.addRow(['Identity & Access Management']);
    sheet.addRow([
      'IAM-01.1',
      'Does the application support multi-factor authentication for end users?',
      '',
      '',
    ]);
    sheet.addRow(['IAM-02.1', 'Are user access rights reviewed at least quarterly?', '', '']);
    sheet.addRow(['Cryptography, Encryption & Key Management']);
    sheet.addRow(['CEK-01.1', 'Is customer data encrypted at rest?', '', '']);
    sheet.addRow(['CEK-02.1', 'Do you maintain a software bill of materials for each release?', '', '']);
  });
  sig = await writeWorkbook('sig-lite.xlsx', (workbook) => {
    const sheet = workbook.addWorksheet('SIG Lite');
    sheet.addRow(['Ques Num', 'Question/Request', 'Response', 'Additional Information']);
    sheet.addRow(['A.1', 'Is there a documented information security policy?', '', '']);
    sheet.addRow(['B.1', 'Do you hold a current SOC 2 Type II report?', '', '']);
    sheet.addRow(['C.1', 'Are USB storage devices blocked on company laptops?', '', '']);
  });
  odd = await writeWorkbook('bank-vendor-review.xlsx', (workbook) => {
    const sheet = workbook.addWorksheet('Review');
    sheet.addRow(['', '', 'Network']);
    sheet.addRow(['1', '', 'Do you use a web application firewall in front of the service?']);
    sheet.addRow(['2', '', 'Is the production network segmented?']);
    sheet.addRow(['', '', 'People']);
    sheet.addRow(['3', '', 'Are background checks performed on new employees prior to hire?']);
  });
});
afterAll(async () => {
  await fs.rm(directory, { recursive: true, force: true });
});

async function uploadAndOpen(page: Page, file: string) {
  await page.goto(`${journey.baseUrl}/console/questionnaires`);
  await page.getByLabel('Questionnaire file').setInputFiles(file);
  await page.getByText(/questions found in/).waitFor();
}

async function draftAndWait(page: Page, reader: string, count: number) {
  await page.getByLabel('Draft from what this reader may see').selectOption({ label: reader });
  await page.getByRole('button', { name: `Draft ${count} answers` }).click();
  await page.getByText(/^Ready for review/).waitFor({ timeout: 60_000 });
}

describe('questionnaires drafted from evidence', { timeout: 240_000 }, () => {
  it('drafts a CAIQ-style workbook, reviews it with the keyboard and exports the answers in place', async () => {
    const context = await journey.newContext(1280);
    const page = await context.newPage();
    const errors = watchForErrors(page);
    await signInAsStaff(page, journey.baseUrl);
    await uploadAndOpen(page, caiq);
    await expect
      .poll(() => page.getByText(/questions found in/).textContent())
      .toMatch(/^4 questions found in CAIQ \(recognised as a CAIQ-style sheet\)/);
    await expect.poll(() => page.getByLabel('Questions', { exact: true }).inputValue()).toBe('2');
    await settle(page);
    await page.screenshot({
      path: path.join(screenshots, 'questionnaires-column-picker-1280.png'),
      fullPage: true,
    });
    await draftAndWait(page, 'Everything (staff)', 4);

    const rows = page.getByTestId('draft-rows');
    await expect.poll(() => rows.getByRole('button').count()).toBe(4);
    const panel = page.getByTestId('draft-row-panel');
    await expect
      .poll(() => panel.getByRole('heading', { level: 3 }).textContent())
      .toContain('multi-factor authentication');
    await expect.poll(() => panel.getByLabel('Answer').inputValue()).toBe('Yes');
    await panel.getByText('Sources').waitFor();
    // j moves to the next question, a accepts its draft.
    await page.keyboard.press('j');
    await expect.poll(() => panel.getByRole('heading', { level: 3 }).textContent()).toContain('quarterly');
    await page.keyboard.press('a');
    await expect.poll(() => rows.getByRole('button').nth(1).textContent()).toContain('Accepted');

    await page.getByRole('tab', { name: /^Needs an answer/ }).click();
    await expect
      .poll(() => panel.getByRole('heading', { level: 3 }).textContent())
      .toContain('software bill of materials');
    await panel.getByLabel('Answer').fill('Yes. A CycloneDX SBOM is produced for every release.');
    await panel.getByRole('button', { name: 'Save answer' }).click();
    await expect.poll(() => page.getByRole('tab', { name: /^Edited/ }).textContent()).toBe('Edited (1)');
    await page.getByRole('tab', { name: /^All/ }).click();
    await settle(page);
    await page.mouse.move(0, 0);
    await expectNoSeriousAccessibilityViolations(page);
    await page.screenshot({ path: path.join(screenshots, 'questionnaires-review-1280.png'), fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export workbook' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.getWorksheet('CAIQ')!;
    expect(sheet.getCell('C3').value).toBe('Yes');
    expect(sheet.getCell('C7').value).toBe('Yes. A CycloneDX SBOM is produced for every release.');
    expect(String(sheet.getCell('D3').value)).toMatch(/^Sources: /);
    expect(sheet.getRow(1).font).toMatchObject({ bold: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('drafts a SIG-style workbook from public content only, and an odd layout after choosing its columns, on a phone', async () => {
    const context = await journey.newContext(390);
    const page = await context.newPage();
    const errors = watchForErrors(page);
    await signInAsStaff(page, journey.baseUrl);
    await uploadAndOpen(page, sig);
    await expect
      .poll(() => page.getByText(/questions found in/).textContent())
      .toMatch(/^3 questions found in SIG Lite \(recognised as a SIG-style sheet\)/);
    await draftAndWait(page, 'Only public content', 3);
    await expect.poll(() => page.getByText(/rest on restricted or hidden content/).count()).toBe(0);
    await expect
      .poll(() => page.getByRole('tab', { name: /^Needs an answer/ }).textContent())
      .toBe('Needs an answer (1)');
    await settle(page);
    await page.screenshot({ path: path.join(screenshots, 'questionnaires-review-390.png'), fullPage: true });

    await uploadAndOpen(page, odd);
    await expect
      .poll(() => page.getByText(/questions found in/).textContent())
      .toMatch(/^3 questions found in Review\./);
    // Staff point the questions at another column: the live count follows, then back to column C.
    await page.getByLabel('Questions', { exact: true }).selectOption({ value: '2' });
    await expect.poll(() => page.getByText(/questions found in/).textContent()).toMatch(/^0 questions found/);
    await page.getByLabel('Questions', { exact: true }).selectOption({ value: '3' });
    await expect.poll(() => page.getByText(/questions found in/).textContent()).toMatch(/^3 questions found/);
    await draftAndWait(page, 'Everything (staff)', 3);
    await expect.poll(() => page.getByTestId('draft-rows').getByRole('button').count()).toBe(3);
    await page.mouse.move(0, 0);
    await expectNoSeriousAccessibilityViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
