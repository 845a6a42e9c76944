#!/usr/bin/env node
// CI: proves a built tree runs from a production install. Copies only what a release ships
// (package.json, the lockfile, dist/, scripts/start.mjs) to a clean directory, runs
// `npm ci --omit=dev` there, starts it on a free port with an empty DATA_DIR and checks that
// /readyz, /acme and a built asset answer 200, then that SIGTERM stops it cleanly.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const deadlineMs = 90_000;

let work;
let child;
function fail(message, output = '') {
  process.stderr.write(`check-production-install: ${message}\n${output}`);
  if (child?.exitCode === null) child.kill('SIGKILL');
  if (work) fs.rmSync(work, { recursive: true, force: true });
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

if (!fs.existsSync(path.join(root, 'dist', 'build-complete')))
  fail('no complete build: run `npm run build` first');
work = fs.mkdtempSync(path.join(os.tmpdir(), 'attest-production-'));
const app = path.join(work, 'app');
for (const entry of ['package.json', 'package-lock.json', 'dist', 'scripts/start.mjs']) {
  fs.cpSync(path.join(root, entry), path.join(app, entry), { recursive: true, preserveTimestamps: true });
}
const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
  cwd: app,
  encoding: 'utf8',
  timeout: 600_000,
});
if (install.status !== 0) fail('npm ci --omit=dev failed', `${install.stdout}${install.stderr}`);
for (const devOnly of ['vite', 'tsx', 'esbuild', 'vitest']) {
  if (fs.existsSync(path.join(app, 'node_modules', devOnly))) fail(`${devOnly} is in the production install`);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let output = '';
child = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: app,
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: path.join(work, 'data'),
    SEED_DEMO: 'always',
    // Never reached: the check sends no mail, but production requires a transport.
    SMTP_URL: 'smtp://127.0.0.1:9',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.on('data', (chunk) => (output += chunk));
child.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
const killTimer = setTimeout(() => child.kill('SIGKILL'), deadlineMs);

const status = (url) =>
  fetch(url, { signal: AbortSignal.timeout(10_000) }).then(
    async (response) => ({ status: response.status, body: await response.text() }),
    () => ({ status: 0, body: '' }),
  );
try {
  let ready = false;
  for (const started = Date.now(); Date.now() - started < deadlineMs && child.exitCode === null; ) {
    if ((await status(`${base}/readyz`)).status === 200) {
      ready = true;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!ready) fail('the server did not become ready', output);
  const page = await status(`${base}/acme`);
  if (page.status !== 200) fail(`/acme answered ${page.status}`, output);
  const script = page.body.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  if (!script) fail('/acme names no built script', page.body.slice(0, 2000));
  const asset = await status(`${base}${script}`);
  if (asset.status !== 200) fail(`${script} answered ${asset.status}`, output);
  child.kill('SIGTERM');
  const { code, signal } = await exited;
  if (code !== 0) fail(`SIGTERM ended the server with ${code ?? signal}`, output);
  process.stdout.write(
    `check-production-install: ok (npm ci --omit=dev, /readyz, /acme, ${script}, SIGTERM)\n`,
  );
} finally {
  clearTimeout(killTimer);
  if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(work, { recursive: true, force: true });
}
