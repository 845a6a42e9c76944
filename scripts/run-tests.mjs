#!/usr/bin/env node
// npm test: build the web bundles when stale (the HTML tests and browser journeys serve them), then
// every Vitest project: PGlite always, PostgreSQL when reachable, web units, browser journeys; at the
// end, the slowest files and each project's time (scripts/file-times-reporter.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', env: process.env });

// Builds only when dist/ is missing or older than its sources: CI has just built the release.
const build = run('node', [
  '--import',
  'tsx',
  '--eval',
  "import('./scripts/ensure-web-build.ts').then((m) => m.ensureWebBuild())",
]);
if (build.status !== 0) {
  console.error('npm test: the build failed');
  process.exit(build.status ?? 1);
}

const resultsFile = '.test-results.json';
fs.rmSync(resultsFile, { force: true });
const vitest = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=./scripts/file-times-reporter.ts',
  '--reporter=json',
  `--outputFile.json=${resultsFile}`,
  ...process.argv.slice(2),
]);

let summary = null;
try {
  summary = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
} catch {
  // No report: vitest failed before running anything; its exit code below says so.
}
if (summary) {
  const failed = summary.numFailedTests + (summary.numRuntimeErrorTestSuites ?? 0);
  const skipped = summary.numPendingTests + summary.numTodoTests;
  const ciStartedAt = Number(process.env.ATTEST_CI_STARTED_AT);
  if (ciStartedAt > 0) {
    console.log(`ci: ${((Date.now() / 1000 - ciStartedAt) / 60).toFixed(1)} min since .ci/run started`);
  }
  console.log(`tests: ${summary.numPassedTests} passed, ${failed} failed, ${skipped} skipped`);
  if (summary.numTotalTests === 0) {
    console.error('npm test: no test ran');
    process.exit(1);
  }
}
process.exit(vitest.status ?? 1);
