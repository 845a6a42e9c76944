#!/usr/bin/env node
// Release build, after Vite: bundles the server and the operator CLIs into dist/node/ as plain
// JavaScript (npm packages stay external: a production install provides them), copies what they read
// at run time (migrations, the PDF text and health listener workers) beside them, and stamps the build as complete.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import { serverBuildOptions } from './server-build-options.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = path.join(root, 'dist', 'node');

await fs.rm(outdir, { recursive: true, force: true });
await build({ ...serverBuildOptions, outdir });
// Read beside the bundle through import.meta.url, as they are beside their modules in src/.
await fs.cp(path.join(root, 'src/server/db/migrations'), path.join(outdir, 'migrations'), {
  recursive: true,
});
for (const worker of [
  'src/server/modules/documents/pdf-text-worker.mjs',
  'src/server/modules/health/health-listener-worker.mjs',
]) {
  await fs.copyFile(path.join(root, worker), path.join(outdir, path.basename(worker)));
}

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
