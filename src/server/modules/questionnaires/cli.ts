import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { Slug } from '../../../shared/portal';
import type { DraftReportRow } from '../../../shared/questionnaire-drafts';
import { CommandError, type Output, withDatabase } from '../../command-line';
import { loadConfig } from '../../config';
import { findOrganisationBySlug } from '../../core';
import type { Database } from '../../db/client';
import {
  consistencyReport,
  draftRows,
  importQuestions,
  loadEvidenceIndex,
} from './answering/draft-questionnaire';
import {
  type DraftingAudience,
  DraftingAudienceError,
  draftingViewer,
  parseDraftingAudience,
} from './answering/drafting-viewer';
import { createModelDrafter, draftRowsWithModel, startModelRun } from './answering/model-draft';
import { QuestionnaireFileError, readQuestionnaireFile } from './workbook/read-questionnaire';
import { workbookFromSheets, writeAnsweredCsv, writeAnsweredWorkbook } from './workbook/write-answers';

export const draftUsage = `Usage: npm run questionnaire:draft -- --org <slug> --file <in.xlsx|in.csv> --out <answered.xlsx|answered.csv>
       [--product <slug>] [--as anonymous|member:<e-mail>|staff] [--json <report.json>] [--offline]

Drafts an answer for every question of a security questionnaire from the organisation's trust center,
with exactly what the viewer named by --as may read (default staff). Each answer cites its sources; a
question nothing settles is left as "needs an answer", never guessed. The answers go into the same
workbook (--out .xlsx) or CSV (--out .csv); --json writes one entry per question row.
With AI_BASE_URL and AI_MODEL set, the model drafts from the same sources and a draft its citations
do not support is left as "needs an answer"; --offline uses only the built-in answerer.
DATABASE_URL or DATA_DIR choose the database (on PGlite, stop the server first).`;

export const consistencyUsage = `Usage: npm run trust-center:consistency -- --org <slug> [--product <slug>] [--json <report.json>]

Lists statements in the trust center that contradict each other (a certification held on a card and
denied in an answer, two firms named for one audit, two time limits for one commitment), each with its
sources, so that one fact is told once. DATABASE_URL or DATA_DIR choose the database.`;

function slugOption(name: string, value: string | undefined, required: boolean): string | undefined {
  if (!value) {
    if (required) throw new CommandError(`--${name} is required (see --help)`);
    return undefined;
  }
  const parsed = Slug.safeParse(value);
  if (!parsed.success) throw new CommandError(`--${name}: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

async function evidenceFor(db: Database, options: { org: string; product?: string; as: DraftingAudience }) {
  const organisation = await findOrganisationBySlug(db, options.org);
  if (!organisation) throw new CommandError(`there is no organisation ${options.org}`);
  let viewer: Awaited<ReturnType<typeof draftingViewer>>;
  try {
    viewer = await draftingViewer(db, organisation, options.as);
  } catch (error) {
    if (error instanceof DraftingAudienceError) throw new CommandError(error.message);
    throw error;
  }
  const index = await loadEvidenceIndex({ db, viewer, config: loadConfig() }, options.product);
  if (!index) {
    throw new CommandError(
      options.product
        ? `there is no product ${options.product} this viewer may see`
        : 'this viewer may see no product',
    );
  }
  return index;
}

function audienceOption(value: string | undefined): DraftingAudience {
  try {
    return parseDraftingAudience(value ?? 'staff');
  } catch (error) {
    if (error instanceof DraftingAudienceError) throw new CommandError(error.message);
    throw error;
  }
}

function summary(rows: DraftReportRow[], seconds: number): string {
  const drafted = rows.filter((row) => row.status === 'drafted').length;
  return `Drafted ${drafted} of ${rows.length} questions; ${rows.length - drafted} need an answer (${seconds.toFixed(1)} s).\n`;
}

export async function runDraftQuestionnaire(argv: string[], output: Output): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      org: { type: 'string' },
      file: { type: 'string' },
      out: { type: 'string' },
      product: { type: 'string' },
      as: { type: 'string' },
      json: { type: 'string' },
      offline: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return output.stdout(`${draftUsage}\n`);
  const org = slugOption('org', values.org, true)!;
  const product = slugOption('product', values.product, false);
  const as = audienceOption(values.as);
  if (!values.file) throw new CommandError('--file is required (see --help)');
  if (!values.out) throw new CommandError('--out is required (see --help)');
  if (!/\.(xlsx|csv)$/i.test(values.out)) throw new CommandError('--out must end in .xlsx or .csv');
  const input = values.file;
  const bytes = await fs.readFile(input).catch(() => {
    throw new CommandError(`cannot read ${input}`);
  });
  let file: Awaited<ReturnType<typeof readQuestionnaireFile>>;
  let imported: ReturnType<typeof importQuestions>;
  try {
    file = await readQuestionnaireFile(bytes, input);
    imported = importQuestions(file.sheets);
  } catch (error) {
    if (error instanceof QuestionnaireFileError) throw new CommandError(`${input}: ${error.message}`);
    throw error;
  }
  const started = performance.now();
  const index = await withDatabase(({ db }) => evidenceFor(db, { org, product, as }));
  const ai = values.offline ? null : loadConfig().ai;
  const modelRun = ai ? startModelRun(createModelDrafter(ai)) : null;
  const rows = modelRun
    ? await draftRowsWithModel(index, modelRun, imported.questions)
    : draftRows(index, imported.questions);
  const seconds = (performance.now() - started) / 1000;
  const drafter = modelRun
    ? `Model ${modelRun.drafter.model} used ${modelRun.tokens} tokens.\n`
    : 'Drafted by the built-in answerer.\n';
  const mappings = imported.sheets.map((sheet) => sheet.mapping);
  const answered = rows.map((row) => ({ ...row, sheet: row.sheet! }));
  if (/\.csv$/i.test(values.out)) {
    const first = imported.sheets[0]!.mapping;
    const sheet = file.sheets.find((candidate) => candidate.name === first.sheet)!;
    await fs.writeFile(values.out, writeAnsweredCsv(sheet, first, answered));
  } else {
    const workbook = file.workbook ?? (await workbookFromSheets(file.sheets));
    await fs.writeFile(values.out, await writeAnsweredWorkbook(workbook, mappings, answered));
  }
  if (values.json) await fs.writeFile(values.json, `${JSON.stringify(rows, null, 2)}\n`);
  const layouts = imported.sheets.map((sheet) => `${sheet.mapping.sheet} (${sheet.layout})`).join(', ');
  output.stdout(
    `Read ${rows.length} questions from ${layouts}.\n${summary(rows, seconds)}${drafter}Answers written to ${values.out}.\n`,
  );
}

export async function runConsistency(argv: string[], output: Output): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      org: { type: 'string' },
      product: { type: 'string' },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return output.stdout(`${consistencyUsage}\n`);
  const org = slugOption('org', values.org, true)!;
  const product = slugOption('product', values.product, false);
  const contradictions = await withDatabase(async ({ db }) =>
    consistencyReport(await evidenceFor(db, { org, product, as: { kind: 'staff' } })),
  );
  if (values.json) await fs.writeFile(values.json, `${JSON.stringify(contradictions, null, 2)}\n`);
  if (contradictions.length === 0) return output.stdout('No contradictions found.\n');
  const lines = contradictions.flatMap((contradiction) => [
    `- ${contradiction.topic}`,
    ...contradiction.statements.map(
      (statement) => `    "${statement.text}" (${statement.source.title}, ${statement.source.url})`,
    ),
  ]);
  output.stdout(`${contradictions.length} contradiction(s):\n${lines.join('\n')}\n`);
}
