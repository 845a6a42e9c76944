#!/usr/bin/env node
// npm start (and the operator CLIs): runs the compiled server from dist/node/, building first only when
// the build is missing or older than its sources. The bundle is imported into this process, so a
// SIGTERM sent to it (or forwarded by npm) reaches the server's own handlers.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = path.join(root, 'dist', 'build-complete');
const sources = ['src', 'scripts', 'vite.config.ts', 'package.json', 'package-lock.json'];

function newestMtime(target) {
  const info = fs.statSync(target, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function buildState() {
  const built = fs.statSync(stampFile, { throwIfNoEntry: false });
  if (!built) return 'missing';
  const source = Math.max(...sources.map((entry) => newestMtime(path.join(root, entry))));
  return source > built.mtimeMs ? 'stale' : 'fresh';
}

const [entry = 'main'] = process.argv.splice(2, 1);
const state = buildState();
if (state !== 'fresh') {
  // A production install (npm ci --omit=dev) has no Vite: it runs the build it was shipped with.
  const canBuild = fs.existsSync(path.join(root, 'node_modules', 'vite', 'package.json'));
  if (canBuild) {
    process.stderr.write(`attest: the build is ${state}; building (npm run build)\n`);
    const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  } else if (state === 'missing') {
    process.stderr.write(
      'attest: dist/ has no complete build and this install cannot build (no dev dependencies)\n',
    );
    process.exit(1);
  }
}
await import(pathToFileURL(path.join(root, 'dist', 'node', `${entry}.js`)).href);
