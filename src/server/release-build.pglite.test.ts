import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { serverBuildOptions } from '../../scripts/server-build-options.mjs';
import { projectRoot } from './project-root';

/** External packages that `output` loads before its first line runs: static imports, through chunks. */
function staticallyLoadedPackages(metafile: Metafile, output: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external) packages.add(imported.path);
      else visit(imported.path);
    }
  };
  visit(output);
  return packages;
}

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[] };

/** The files a client entry can ever load: its chunk, what it imports, and what those import() later. */
function chunksReachableFrom(
  manifest: Record<string, ManifestChunk>,
  entry: string,
  { followDynamic }: { followDynamic: boolean },
): string[] {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    pending.push(...(manifest[key].imports ?? []));
    if (followDynamic) pending.push(...(manifest[key].dynamicImports ?? []));
  }
  return [...seen].map((key) => manifest[key]!.file);
}

describe('the release build', () => {
  // Each costs tens to hundreds of milliseconds at start-up, and only some deployments or requests use it.
  const loadedOnDemand = [
    'jsdom',
    'pdfkit',
    'pdf-lib',
    '@resvg/resvg-js',
    '@aws-sdk/client-s3',
    'flydrive/drivers/s3',
    'nodemailer',
    'ioredis',
    'exceljs',
    '@modelcontextprotocol/sdk',
    'html-to-text',
    '@react-email/components',
    'react',
  ];

  it('starts the server without loading packages only some deployments or requests use', async () => {
    const result = await build({
      ...serverBuildOptions,
      outdir: path.join(os.tmpdir(), 'attest-release-build-check'),
      write: false,
      sourcemap: false,
      metafile: true,
    });
    const metafile = result.metafile!;
    const mainOutput = Object.keys(metafile.outputs).find((file) => file.endsWith('/main.js'));
    expect(mainOutput).toBeDefined();
    const loadedAtStart = staticallyLoadedPackages(metafile, mainOutput!);
    // The walk reaches the server's real dependencies, so an empty set cannot pass for a lean one.
    expect(loadedAtStart).toContain('fastify');
    expect(loadedAtStart).toContain('@electric-sql/pglite');
    expect(loadedOnDemand.filter((name) => loadedAtStart.has(name))).toEqual([]);
  });

  it('renders pages with production React whatever NODE_ENV the server runs with', async () => {
    const serverDirectory = path.join(projectRoot, 'dist', 'server');
    const files = (await readdir(serverDirectory, { recursive: true })).filter((file) =>
      file.endsWith('.js'),
    );
    expect(files).toContain('entry-server.js');
    for (const file of files) {
      const source = await readFile(path.join(serverDirectory, file), 'utf8');
      // Decided at build time: no dependency picks its development build at run time.
      expect(source, file).not.toContain('process.env.NODE_ENV');
      // React and the other web packages are bundled, not loaded from node_modules.
      const bareImports = [...source.matchAll(/^import\s[^;]*?from\s*"([^".][^"]*)"/gm)]
        .map((match) => match[1]!)
        .filter((specifier) => !specifier.startsWith('node:'));
      expect(bareImports, file).toEqual([]);
    }
  });

  it('keeps recharts out of every script the portal can load, and out of the console until the charts show', async () => {
    const client = path.join(projectRoot, 'dist', 'client');
    const manifest = JSON.parse(
      await readFile(path.join(client, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
    // recharts' root SVG class: in its code however it is minified, and in no other library we use.
    const hasRecharts = async (file: string) =>
      (await readFile(path.join(client, file), 'utf8')).includes('recharts-surface');
    const scriptsWithRecharts = async (files: string[]) =>
      (await Promise.all(files.map(async (file) => ((await hasRecharts(file)) ? file : null)))).filter(
        (file) => file !== null,
      );

    const portal = chunksReachableFrom(manifest, 'src/web/entry-portal.tsx', { followDynamic: true });
    // The walk reaches the portal's lazy parts (hydration and what loads after it), not just its entry.
    expect(portal.length).toBeGreaterThan(5);
    expect(portal.some((file) => file.includes('initial-portal'))).toBe(true);
    expect(await scriptsWithRecharts(portal)).toEqual([]);

    const consoleAtOnce = chunksReachableFrom(manifest, 'src/web/entry-console.tsx', {
      followDynamic: false,
    });
    expect(await scriptsWithRecharts(consoleAtOnce)).toEqual([]);
    // The marker is real: the console's lazily loaded charts do carry recharts.
    const consoleEver = chunksReachableFrom(manifest, 'src/web/entry-console.tsx', { followDynamic: true });
    expect(await scriptsWithRecharts(consoleEver)).toEqual([
      manifest['src/web/features/analytics/components/charts.tsx']!.file,
    ]);
  });
});
