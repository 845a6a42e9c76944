import { spawnSync } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lockfile from 'proper-lockfile';

/**
 * Builds the web side (npm run build) when dist/ is missing or older than its sources. Used as a
 * vitest globalSetup for the server and e2e projects, and by scripts that need the built pages.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
// The server bundle (dist/node/, which journeys run) is built from src/server and the build scripts.
const sources = [
  'src/web',
  'src/shared',
  'src/server',
  'scripts/build-release.mjs',
  'scripts/server-build-options.mjs',
  'vite.config.ts',
  'package.json',
];
// Test files are not in any bundle: editing one rebuilds nothing.
const isTestFile = (name: string) => /\.test\.tsx?$/.test(name);
// build-complete is written last (after the server bundle and the precompressed assets).
const outputs = [
  'dist/server/entry-server.js',
  'dist/client/.vite/manifest.json',
  'dist/node/main.js',
  'dist/build-complete',
];

async function newestMtime(target: string): Promise<number> {
  const info = await stat(target);
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = (await readdir(target, { withFileTypes: true })).filter((entry) => !isTestFile(entry.name));
  const times = await Promise.all(entries.map((entry) => newestMtime(path.join(target, entry.name))));
  return Math.max(info.mtimeMs, ...times);
}

export async function isWebBuildStale(): Promise<boolean> {
  try {
    const built = Math.min(
      ...(await Promise.all(outputs.map((file) => stat(path.join(root, file))))).map((s) => s.mtimeMs),
    );
    const source = Math.max(
      ...(await Promise.all(sources.map((entry) => newestMtime(path.join(root, entry))))),
    );
    return source > built;
  } catch {
    return true;
  }
}

export async function ensureWebBuild(): Promise<void> {
  if (!(await isWebBuildStale())) return;
  // Two vitest projects may start at once: one builds, the other waits and finds dist/ fresh.
  const release = await lockfile.lock(path.join(root, 'package.json'), {
    lockfilePath: path.join(root, 'node_modules', '.attest-web-build.lock'),
    retries: { retries: 120, minTimeout: 500, maxTimeout: 1000 },
  });
  try {
    if (!(await isWebBuildStale())) return;
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    const env = { ...process.env, NODE_ENV: 'production' };
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env });
    if (result.status !== 0) throw new Error('npm run build failed');
  } finally {
    await release();
  }
}

export default async function setup(): Promise<void> {
  // Server-only runs while the web side is mid-edit can keep the dist/ they have.
  if (process.env.ATTEST_SKIP_WEB_BUILD === '1') return;
  await ensureWebBuild();
}
