#!/usr/bin/env node
// Release build, after Vite: bundles the server and the operator CLIs into dist/node/ as plain
// JavaScript (npm packages stay external: a production install provides them), copies what they read
// at run time (migrations, the PDF text worker) beside them, and stamps the build as complete.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = path.join(root, 'dist', 'node');

export const serverEntries = {
  main: 'src/server/main.ts',
  'create-staff-user': 'scripts/create-staff-user.ts',
  'trust-center-export': 'scripts/trust-center-export.ts',
  'trust-center-import': 'scripts/trust-center-import.ts',
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
await fs.writeFile(path.join(root, 'dist', 'build-complete'), `${new Date().toISOString()}\n`);
