import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DraftReportRow } from '../../../shared/questionnaire-drafts';
import { openPglite } from '../../db/client';
import { createStorage } from '../../providers/storage';
import { seedDemoOrganisation } from '../../seed/demo';
import { runOperatorScript } from '../../test/operator-script';
import { sendCompletion, startFakeChatServer } from './answering/test-support/fake-chat-server';

let directory: string;
let dataDir: string;

/** npm run <script> as a child process on the temporary data directory, as an operator runs it. */
const cli = (
  script: 'questionnaire-draft' | 'trust-center-consistency',
  args: string[],
  env: Record<string, string> = {},
) => runOperatorScript(script, args, dataDir, env);

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-questionnaire-cli-'));
  dataDir = path.join(directory, 'data');
  const storage = await createStorage({ dataDir, s3: null });
  const handle = await openPglite({ dataDir });
  await seedDemoOrganisation(handle.db, { adminPassword: 'demo password 1234', storage });
  await handle.close();
  await storage.close();
}, 600_000);
afterAll(async () => {
  await fs.rm(directory, { recursive: true, force: true });
});

// Each command starts Node, tsx and the embedded database: minutes on a busy machine, not seconds.
describe('questionnaire:draft and trust-center:consistency', { timeout: 600_000 }, () => {
  it('drafts a CSV questionnaire into a workbook and a JSON report, as the public', async () => {
    const input = path.join(directory, 'questions.csv');
    await fs.writeFile(
      input,
      'Ref,Question\n1,Do you hold a current SOC 2 Type II report?\n2,Is customer data encrypted in transit?\n3,Do you maintain a software bill of materials for each release?\n',
    );
    const out = path.join(directory, 'answered.xlsx');
    const report = path.join(directory, 'report.json');
    const result = await cli('questionnaire-draft', [
      '--org',
      'acme',
      '--file',
      input,
      '--out',
      out,
      '--json',
      report,
      '--as',
      'anonymous',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /^Read 3 questions from Questions \(custom\)\.\nDrafted 2 of 3 questions; 1 need an answer.*\nDrafted by the built-in answerer\./,
    );
    const rows = DraftReportRow.array().parse(JSON.parse(await fs.readFile(report, 'utf8')));
    expect(rows.map((row) => [row.row, row.status])).toEqual([
      [2, 'drafted'],
      [3, 'drafted'],
      [4, 'needs_answer'],
    ]);
    expect(rows[0]).toMatchObject({ answer: 'Yes', confidence: 'high' });
    expect(rows[2]).toMatchObject({ answer: null, sources: [] });
    for (const source of rows.flatMap((row) => row.sources)) expect(source.access).toBe('public');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Ref', 'Question', 'Answer', 'Comment']);
    expect(sheet.getCell('C2').value).toBe('Yes');
    expect(String(sheet.getCell('D4').value)).toMatch(/^Needs an answer\./);
  });

  it('drafts through a configured model, checking its citations and counting its tokens', async () => {
    const model = await startFakeChatServer();
    // Yes to everything, citing the first source: a claim the check must refuse where it does not hold.
    model.onRequest((_request, response) =>
      sendCompletion(response, '{"answer": "Yes", "sources": [1], "reason": "First source."}', 250),
    );
    const input = path.join(directory, 'model.csv');
    await fs.writeFile(
      input,
      'Question\nIs customer data encrypted in transit?\nAre you FedRAMP authorized?\n',
    );
    const report = path.join(directory, 'model.json');
    const env = { AI_BASE_URL: model.baseUrl, AI_MODEL: 'local-model' };
    const out = path.join(directory, 'model-answered.csv');
    const result = await cli(
      'questionnaire-draft',
      ['--org', 'acme', '--file', input, '--out', out, '--json', report],
      env,
    );
    await model.close();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Model local-model used 500 tokens.');
    const rows = DraftReportRow.array().parse(JSON.parse(await fs.readFile(report, 'utf8')));
    expect(rows.map((row) => [row.answer, row.status])).toEqual([
      ['Yes', 'drafted'],
      [null, 'needs_answer'],
    ]);
    expect(rows[1]!.note).toMatch(/^The model's draft was not used/);
  });

  it('says what is wrong with its arguments and files, in one line', async () => {
    const missing = await cli('questionnaire-draft', [
      '--org',
      'acme',
      '--file',
      path.join(directory, 'nope.xlsx'),
      '--out',
      'x.xlsx',
    ]);
    expect(missing).toMatchObject({
      code: 1,
      stderr: `attest: cannot read ${path.join(directory, 'nope.xlsx')}\n`,
    });
    const input = path.join(directory, 'one.csv');
    await fs.writeFile(input, 'Question\nDo you encrypt backups?\n');
    const stranger = await cli('questionnaire-draft', [
      '--org',
      'acme',
      '--file',
      input,
      '--out',
      'x.xlsx',
      '--as',
      'member:nobody@example.com',
    ]);
    expect(stranger).toMatchObject({
      code: 1,
      stderr: 'attest: there is no member nobody@example.com in acme\n',
    });
  });

  it('lists the trust center\u2019s contradictions with their sources', async () => {
    const report = path.join(directory, 'consistency.json');
    const result = await cli('trust-center-consistency', ['--org', 'acme', '--json', report]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /^1 contradiction\(s\):\n- CSA STAR: an answer says yes, the card lists it as not enabled\n {4}"Yes, at STAR Level 1/,
    );
    expect(JSON.parse(await fs.readFile(report, 'utf8'))).toHaveLength(1);
  });
});
