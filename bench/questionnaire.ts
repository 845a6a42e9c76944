import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { loadConfig } from '../src/server/config';
import { findOrganisationBySlug } from '../src/server/core';
import { openPglite } from '../src/server/db/client';
import {
  draftRows,
  importQuestions,
  loadEvidenceIndex,
} from '../src/server/modules/questionnaires/answering/draft-questionnaire';
import { draftingViewer } from '../src/server/modules/questionnaires/answering/drafting-viewer';
import { readQuestionnaireFile } from '../src/server/modules/questionnaires/workbook/read-questionnaire';
import { writeAnsweredWorkbook } from '../src/server/modules/questionnaires/workbook/write-answers';
import { createStorage } from '../src/server/providers/storage';
import { seedDemoOrganisation } from '../src/server/seed/demo';
import { labelledQuestions } from './questionnaire-questions';
import { judge, summarise } from './questionnaire-score';
import { percentile } from './stats';

/** A CAIQ-style workbook of `count` rows, cycling through the labelled questions. */
async function workbookOf(count: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Questionnaire');
  sheet.addRow(['Question ID', 'Question', 'Answer', 'Comments']);
  for (let index = 0; index < count; index++) {
    const question = labelledQuestions[index % labelledQuestions.length]!;
    sheet.addRow([`BEN-${String(index + 1).padStart(3, '0')}`, question.question, '', '']);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * npm run bench (questionnaire): the built-in answerer on the demo organisation, staff's view.
 * Quality: the hand-labelled questionnaire (bench/questionnaire-questions.ts). Speed: a 300-row
 * workbook read, drafted and written back, against reading it alone, interleaved, medians.
 */
export async function benchQuestionnaire() {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-bench-questionnaire-'));
  const dataDir = path.join(directory, 'data');
  const storage = await createStorage({ dataDir, s3: null });
  const handle = await openPglite({ dataDir });
  try {
    await seedDemoOrganisation(handle.db, { adminPassword: 'bench password 1234', storage });
    const organisation = (await findOrganisationBySlug(handle.db, 'acme'))!;
    const viewer = await draftingViewer(handle.db, organisation, { kind: 'staff' });
    const ctx = { db: handle.db, viewer, config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }) };

    const labelled = await workbookOf(labelledQuestions.length);
    const file = await readQuestionnaireFile(labelled, 'labelled.xlsx');
    const rows = draftRows((await loadEvidenceIndex(ctx))!, importQuestions(file.sheets).questions);
    const figures = summarise(
      labelledQuestions.map((question, index) => ({
        labelled: question,
        outcome: judge(question, rows[index]!),
      })),
    );
    console.log(
      `questionnaire quality: ${figures.answeredRight}/${figures.answerable} answerable drafted right with a source (${((100 * figures.answeredRight) / figures.answerable).toFixed(1)} %), ` +
        `${figures.leftOpen}/${figures.unsupported} unsupported left as needs an answer (${((100 * figures.leftOpen) / figures.unsupported).toFixed(1)} %), ` +
        `${figures.contradictions} contradictions`,
    );

    const big = await workbookOf(300);
    const readOnly: number[] = [];
    const drafted: number[] = [];
    for (let round = 0; round < 5; round++) {
      let started = performance.now();
      importQuestions((await readQuestionnaireFile(big, 'big.xlsx')).sheets);
      readOnly.push(performance.now() - started);
      started = performance.now();
      const bigFile = await readQuestionnaireFile(big, 'big.xlsx');
      const imported = importQuestions(bigFile.sheets);
      const answered = draftRows((await loadEvidenceIndex(ctx))!, imported.questions);
      await writeAnsweredWorkbook(
        bigFile.workbook!,
        imported.sheets.map((sheet) => sheet.mapping),
        answered.map((row) => ({ ...row, sheet: row.sheet! })),
      );
      drafted.push(performance.now() - started);
    }
    const draftMedian = percentile(drafted, 50);
    const readMedian = percentile(readOnly, 50);
    console.log(
      `questionnaire speed: 300 rows read, drafted and written back in ${(draftMedian / 1000).toFixed(2)} s median ` +
        `(${(300 / (draftMedian / 1000)).toFixed(0)} rows/s); reading alone ${(readMedian / 1000).toFixed(2)} s; ratio ${(draftMedian / readMedian).toFixed(1)}x`,
    );
  } finally {
    await handle.close();
    await storage.close();
    await fs.rm(directory, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) await benchQuestionnaire();
