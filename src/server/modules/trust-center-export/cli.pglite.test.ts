import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TrustCenterFileInput,
  trustCenterFileMaxBytes,
  trustCenterMessages,
} from '../../../shared/trust-center-export';
import { openPglite } from '../../db/client';
import { createStorage } from '../../providers/storage';
import { seedDemoOrganisation } from '../../seed/demo';
import { runOperatorScript } from '../../test/operator-script';
import { exportTrustCenter } from './export-trust-center';
import { findOrganisationIdBySlug, loadTrustCenterRows } from './queries';

let directory: string;
let dataDir: string;

/** npm run trust-center:<command> as a child process on the temporary data directory. */
const cli = (command: 'export' | 'import', args: string[]) =>
  runOperatorScript(`trust-center-${command}`, args, dataDir);

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openPglite>>['db']) => Promise<T>) {
  const handle = await openPglite({ dataDir });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/** The export minus what a copy cannot keep: when, where from, last editors, and re-serialised SVGs. */
function comparable(file: TrustCenterFileInput | null) {
  const text = JSON.stringify({ ...file, exportedAt: null, source: null });
  return JSON.parse(text, (key, value) =>
    key === 'modifiedBy' ? undefined : key === 'base64' ? '…' : value,
  );
}

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-tc-cli-'));
  dataDir = path.join(directory, 'data');
  const storage = await createStorage({ dataDir, s3: null });
  await withDatabase((db) => seedDemoOrganisation(db, { adminPassword: 'demo password 1234', storage }));
  await storage.close();
}, 600_000);
afterAll(async () => {
  await fs.rm(directory, { recursive: true, force: true });
});

// Each command starts Node, tsx and the embedded database: minutes on a busy machine, not seconds.
describe('trust-center:export and trust-center:import', { timeout: 600_000 }, () => {
  it('exports to a file with the documents, and imports it into a new organisation', async () => {
    const out = path.join(directory, 'acme.yaml');
    const filesDir = path.join(directory, 'files');
    const exported = await cli('export', ['--org', 'acme', '--out', out, '--files', filesDir]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toMatch(
      /^Exported Acme Cloud \(acme\) to .*acme\.yaml, 5 document file\(s\) in /,
    );
    expect(await fs.readFile(out, 'utf8')).toMatch(/^format: attest\.trust-center\nversion: 1\n/);
    expect(await fs.readdir(filesDir)).toHaveLength(5);

    const imported = await cli('import', [
      '--org',
      'acme-copy',
      '--file',
      out,
      '--files',
      filesDir,
      '--create',
    ]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(
      /^Imported Acme Cloud into acme-copy: 3 product\(s\), \d+ item\(s\), 5 document\(s\)/,
    );
    expect(imported.stdout).not.toMatch(/no file yet/);

    await withDatabase(async (db) => {
      const original = await findOrganisationIdBySlug(db, 'acme');
      const copy = await findOrganisationIdBySlug(db, 'acme-copy');
      expect(comparable(await exportTrustCenter(db, copy!.id))).toEqual(
        comparable(await exportTrustCenter(db, original!.id)),
      );
      const storage = await createStorage({ dataDir, s3: null });
      const rows = await loadTrustCenterRows(db, copy!.id);
      for (const file of rows!.fileRows) {
        expect(file.storageKey.startsWith(`${copy!.id}/`)).toBe(true);
        expect(await storage.exists(file.storageKey)).toBe(true);
      }
      await storage.close();
    });
  });

  it('writes JSON to standard output and imports it without bytes as metadata', async () => {
    const exported = await cli('export', ['--org', 'acme', '--format', 'json']);
    expect(exported.code, exported.stderr).toBe(0);
    const file = JSON.parse(exported.stdout) as TrustCenterFileInput;
    expect(file.format).toBe('attest.trust-center');
    const jsonPath = path.join(directory, 'acme.json');
    await fs.writeFile(jsonPath, exported.stdout);
    const imported = await cli('import', ['--org', 'acme-meta', '--file', jsonPath, '--create']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/5 document\(s\) have no file yet/);
  });

  it('prints every problem of a broken file with its line and applies nothing', async () => {
    const source = await fs.readFile(path.join(directory, 'acme.yaml'), 'utf8');
    const lines = source.split('\n');
    const kindLine = lines.findIndex((line) => line.trim() === '- kind: Reports');
    lines[kindLine] = lines[kindLine]!.replace('Reports', 'Blockchain');
    const broken = path.join(directory, 'broken.yaml');
    await fs.writeFile(broken, lines.join('\n'));
    const result = await cli('import', ['--org', 'acme-broken', '--file', broken, '--create']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${broken}:${kindLine + 1}:${lines[kindLine]!.indexOf('Blockchain') + 1}: Unknown card kind "Blockchain" (at products.0.cards.`,
    );
    expect(result.stderr).toMatch(/attest: The file has 1 problem; nothing was imported\.\n$/);
    await withDatabase(async (db) => expect(await findOrganisationIdBySlug(db, 'acme-broken')).toBeNull());
  });

  it('refuses an organisation with content and a taken slug, naming the problem', async () => {
    const file = path.join(directory, 'acme.yaml');
    const intoDemo = await cli('import', ['--org', 'acme', '--file', file]);
    expect(intoDemo.code).toBe(1);
    expect(intoDemo.stderr).toMatch(
      /^attest: This organisation already has trust center content \(.*items in use/,
    );
    const taken = await cli('import', ['--org', 'acme', '--file', file, '--create']);
    expect(taken.stderr).toBe('attest: An organisation with the slug "acme" exists already\n');
    const missing = await cli('import', ['--org', 'nobody', '--file', file]);
    expect(missing.stderr).toBe('attest: there is no organisation nobody (add --create to make it)\n');
    const noOrg = await cli('export', []);
    expect(noOrg.stderr).toBe('attest: --org is required (see --help)\n');
  });

  it('refuses a file over 20 MB, or a directory, before reading it', async () => {
    // A sparse file: its size is over the limit without writing 20 MB.
    const huge = path.join(directory, 'huge.yaml');
    await fs.writeFile(huge, '');
    await fs.truncate(huge, trustCenterFileMaxBytes + 1);
    const tooLarge = await cli('import', ['--org', 'acme-huge', '--file', huge, '--create']);
    expect(tooLarge.code).toBe(1);
    expect(tooLarge.stderr).toBe(`attest: ${huge}: ${trustCenterMessages.tooLarge}\n`);
    const folder = await cli('import', ['--org', 'acme-folder', '--file', directory, '--create']);
    expect(folder.stderr).toBe(`attest: cannot read ${directory}: not a file\n`);
  });
});
