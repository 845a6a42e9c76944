#!/usr/bin/env node
// Release build, after Vite: bundles the server and the operator CLIs into dist/node/ as plain
// JavaScript (npm packages stay external: a production install provides them), copies what they read
// at run time (migrations, the PDF text worker) beside them, and stamps the build as complete.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = path.join(root, 'dist', 'node');

export const serverEntries = {
  main: 'src/server/main.ts',
  'create-staff-user': 'scripts/create-staff-user.ts',
  'trust-center-export': 'scripts/trust-center-export.ts',
  'trust-center-import': 'scripts/trust-center-import.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
};

await fs.rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: serverEntries,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// Read beside the bundle through import.meta.url, as they are beside their modules in src/.
await fs.cp(path.join(root, 'src/server/db/migrations'), path.join(outdir, 'migrations'), {
  recursive: true,
});
await fs.copyFile(
  path.join(root, 'src/server/modules/documents/pdf-text-worker.mjs'),
  path.join(outdir, 'pdf-text-worker.mjs'),
);

// Every text asset gets .br and .gz twins at the highest levels, whatever its size: the server sends
// them as they are (@fastify/static preCompressed), so no request ever compresses an asset file.
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const assetsDirectory = path.join(root, 'dist', 'client', 'assets');
const compressible = /\.(?:js|mjs|css|svg|json|html|txt|map)$/;
for (const name of await fs.readdir(assetsDirectory)) {
  if (!compressible.test(name)) continue;
  const file = path.join(assetsDirectory, name);
  const bytes = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
}

await fs.writeFile(path.join(root, 'dist', 'build-complete'), `${new Date().toISOString()}\n`);
