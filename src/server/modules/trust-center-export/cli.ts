import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { Slug } from '../../../shared/portal';
import {
  type TrustCenterImportProblem,
  trustCenterFileMaxBytes,
  trustCenterMessages,
} from '../../../shared/trust-center-export';
import { CommandError, type Output, withDatabase } from '../../command-line';
import { exportTrustCenter, serialiseTrustCenter } from './export-trust-center';
import { importTrustCenterText, TrustCenterImportError } from './import-trust-center';
import { decodeUtf8, detectSyntax } from './parse-trust-center-file';
import { documentsFromDirectory } from './prepare-import';
import { findOrganisationIdBySlug, loadTrustCenterRows } from './queries';

export const exportUsage = `Usage: npm run trust-center:export -- --org <slug> [--out <file>] [--format json|yaml] [--files <dir>]

Writes the organisation's trust center (content, settings, documents' metadata; no secrets, no people)
as one JSON or YAML file: to --out (its extension picks the format unless --format says), or to standard
output. --files <dir> also copies every document's bytes into <dir>, named by their sha256, for
trust-center:import --files. DATABASE_URL or DATA_DIR choose the database, S3_* or DATA_DIR the files.`;

export const importUsage = `Usage: npm run trust-center:import -- --org <slug> --file <file> [--create] [--files <dir>]

Imports a trust center file (JSON or YAML) into the organisation <slug>: with --create a new
organisation made by the import, otherwise an existing one that has no content yet. All or nothing:
every problem is printed with its line and nothing is applied. Documents take their bytes from
--files <dir> (<dir>/<sha256> or <dir>/<file name>); without them they are imported as metadata and
their files can be uploaded later in the console.`;

function organisationSlug(value: string | undefined): string {
  if (!value) throw new CommandError('--org is required (see --help)');
  const parsed = Slug.safeParse(value);
  if (!parsed.success) throw new CommandError(`--org: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

export async function runExport(argv: string[], output: Output): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      org: { type: 'string' },
      out: { type: 'string' },
      format: { type: 'string' },
      files: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return output.stdout(`${exportUsage}\n`);
  const slug = organisationSlug(values.org);
  if (values.format && values.format !== 'json' && values.format !== 'yaml') {
    throw new CommandError('--format must be json or yaml');
  }
  const format =
    (values.format as 'json' | 'yaml' | undefined) ??
    (values.out ? detectSyntax('', { fileName: values.out }) : 'json');
  await withDatabase(async ({ db }, storage) => {
    const organisation = await findOrganisationIdBySlug(db, slug);
    if (!organisation) throw new CommandError(`there is no organisation ${slug}`);
    const file = await exportTrustCenter(db, organisation.id);
    if (!file) throw new CommandError(`there is no organisation ${slug}`);
    const text = serialiseTrustCenter(file, format);
    let copied = 0;
    if (values.files) {
      const rows = await loadTrustCenterRows(db, organisation.id);
      await fsPromises.mkdir(values.files, { recursive: true });
      for (const row of rows?.fileRows ?? []) {
        if (!(await storage.exists(row.storageKey))) continue;
        await pipeline(
          await storage.get(row.storageKey),
          fs.createWriteStream(path.join(values.files, row.sha256)),
        );
        copied++;
      }
    }
    if (values.out) {
      await fsPromises.writeFile(values.out, text);
      const files = values.files ? `, ${copied} document file(s) in ${values.files}` : '';
      output.stderr(`Exported ${organisation.name} (${slug}) to ${values.out}${files}.\n`);
    } else {
      output.stdout(text);
    }
  });
}

export function formatProblem(fileName: string, problem: TrustCenterImportProblem): string {
  const where = problem.line === null ? fileName : `${fileName}:${problem.line}:${problem.column}`;
  return `${where}: ${problem.message}${problem.path ? ` (at ${problem.path})` : ''}`;
}

export async function runImport(argv: string[], output: Output): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      org: { type: 'string' },
      file: { type: 'string' },
      files: { type: 'string' },
      create: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return output.stdout(`${importUsage}\n`);
  const slug = organisationSlug(values.org);
  if (!values.file) throw new CommandError('--file is required (see --help)');
  const file = values.file;
  // Checked before reading, so a huge or wrong file is refused without loading it into memory.
  const stat = await fsPromises.stat(file).catch(() => {
    throw new CommandError(`cannot read ${file}`);
  });
  if (!stat.isFile()) throw new CommandError(`cannot read ${file}: not a file`);
  if (stat.size > trustCenterFileMaxBytes) throw new CommandError(`${file}: ${trustCenterMessages.tooLarge}`);
  const bytes = await fsPromises.readFile(file).catch(() => {
    throw new CommandError(`cannot read ${file}`);
  });
  const text = decodeUtf8(bytes);
  if (text === null) throw new CommandError(`${file}: ${trustCenterMessages.notUtf8}`);
  await withDatabase(async ({ db }, storage) => {
    let target: { organisationId: string } | { newOrganisationSlug: string };
    if (values.create) target = { newOrganisationSlug: slug };
    else {
      const organisation = await findOrganisationIdBySlug(db, slug);
      if (!organisation) throw new CommandError(`there is no organisation ${slug} (add --create to make it)`);
      target = { organisationId: organisation.id };
    }
    try {
      const summary = await importTrustCenterText(
        { db, storage },
        target,
        {
          text,
          fileName: values.file,
          documentFiles: values.files ? documentsFromDirectory(values.files) : undefined,
        },
        { staffUserId: null, via: 'cli' },
      );
      const { counts } = summary;
      output.stdout(
        `Imported ${summary.organisation.name} into ${summary.organisation.slug}: ${counts.products} product(s), ` +
          `${counts.items} item(s), ${counts.documents} document(s), ${counts.updateTopics} update topic(s), ` +
          `${counts.knowledgeBaseEntries} FAQ entr${counts.knowledgeBaseEntries === 1 ? 'y' : 'ies'}.\n`,
      );
      if (summary.missingDocuments.length > 0) {
        output.stdout(
          `${summary.missingDocuments.length} document(s) have no file yet; upload them in the console (Settings, Trust center as code):\n` +
            summary.missingDocuments.map((document) => `  ${document.originalName}\n`).join(''),
        );
      }
    } catch (error) {
      if (error instanceof TrustCenterImportError) {
        for (const problem of error.problems) output.stderr(`${formatProblem(values.file!, problem)}\n`);
        throw new CommandError(error.message);
      }
      throw error;
    }
  });
}

export { runCommand } from '../../command-line';
