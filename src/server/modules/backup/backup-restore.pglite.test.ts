import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../db/client';
import { type ServerProcess, startServer } from '../../test/server-process';
import { type BackupManifest, digestTables } from './backup-archive';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-backup-'));
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  await fs.rm(work, { recursive: true, force: true });
});

/** Runs one of the CLIs as an operator would; killed after two minutes. */
function runScript(script: string, args: string[], dataDir: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await fs.readFile(file))
    .digest('hex');

async function postEvent(url: string, sequence: number): Promise<boolean> {
  const response = await fetch(`${url}/api/statuspage/share/acme/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      visitorId: 'backup-test-visitor-0001',
      events: [{ name: 'search_query_entered', subject: `write-${sequence}` }],
    }),
  }).catch(() => null);
  return response?.status === 202;
}

describe('npm run backup / npm run restore (embedded mode)', () => {
  it('backs up a running server under writes and restores every table and file as of the backup', async () => {
    const source = path.join(work, 'source');
    const server = await startServer({ DATA_DIR: source, SEED_DEMO: 'always' });
    servers.push(server);
    const storedFiles = await fs.readdir(path.join(source, 'files'), { recursive: true });
    expect(storedFiles.length).toBeGreaterThan(0);

    // The control file is the CLI's only way in: without its token, or with another, the server refuses.
    const refused = await fetch(`${server.url}/admin/backup`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-the-token' },
    });
    expect(refused.status).toBe(403);

    // Writes go on before, during and after the backup; each knows when it was acknowledged.
    let isWriting = true;
    type Phase = 'before' | 'during' | 'after';
    let phase = 'before' as Phase;
    const acknowledged: Record<Phase, string[]> = { before: [], during: [], after: [] };
    const writer = (async () => {
      for (let sequence = 0; isWriting; sequence++) {
        const started = phase;
        if (await postEvent(server.url, sequence)) {
          // Counted in the earliest phase it may belong to only if it started and ended in it.
          acknowledged[started === phase ? phase : 'during'].push(`write-${sequence}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    })();
    while (acknowledged.before.length < 3) await new Promise((resolve) => setTimeout(resolve, 50));

    const archive = path.join(work, 'backup.tar.gz');
    phase = 'during';
    const backup = await runScript('backup', ['--out', archive], source);
    phase = 'after';
    expect(backup.code, backup.output).toBe(0);
    while (acknowledged.after.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    isWriting = false;
    await writer;
    expect(await server.stop()).toBe(0);

    const target = path.join(work, 'restored');
    const restore = await runScript('restore', ['--file', archive], target);
    expect(restore.code, restore.output).toBe(0);
    // A second restore into the now non-empty directory is refused and changes nothing.
    const again = await runScript('restore', ['--file', archive], target);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/not empty/);

    const unpacked = path.join(work, 'unpacked');
    await fs.mkdir(unpacked);
    await tar.extract({ file: archive, cwd: unpacked });
    const manifest = JSON.parse(
      await fs.readFile(path.join(unpacked, 'manifest.json'), 'utf8'),
    ) as BackupManifest;

    const restored = await openPglite({ dataDir: target, migrate: false });
    try {
      const { tables, events } = await restored.withWritesPaused!(async (paused) => ({
        tables: await digestTables(paused.query),
        events: (
          await paused.query<{ subject: string }>(
            "select subject from analytics_events where subject like 'write-%'",
          )
        ).map((row) => row.subject),
      }));
      // Every table, row for row, as the running server saw it at the backup point.
      expect(Object.keys(tables).length).toBeGreaterThan(20);
      expect(tables).toEqual(manifest.tables);
      expect(events).toEqual(expect.arrayContaining(acknowledged.before));
      expect(events.filter((subject) => acknowledged.after.includes(subject))).toEqual([]);
      expect(manifest.tables['public.analytics_events']!.rows).toBeGreaterThanOrEqual(
        acknowledged.before.length,
      );
    } finally {
      await restored.close();
    }

    // Every stored file, byte for byte, and nothing but the manifest's files.
    const restoredFiles = (
      await fs.readdir(path.join(target, 'files'), { recursive: true, withFileTypes: true })
    )
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(path.join(target, 'files'), path.join(entry.parentPath, entry.name)));
    expect(restoredFiles.sort()).toEqual(manifest.files.map((file) => file.path).sort());
    for (const file of manifest.files) {
      const original = await sha256(path.join(source, 'files', file.path));
      expect(await sha256(path.join(target, 'files', file.path))).toBe(original);
      expect(file.sha256).toBe(original);
    }

    // The restored directory serves.
    const restoredServer = await startServer({ DATA_DIR: target, SEED_DEMO: 'never' });
    servers.push(restoredServer);
    expect((await fetch(`${restoredServer.url}/acme`)).status).toBe(200);
    expect(await restoredServer.stop()).toBe(0);
  }, 600_000);
});
