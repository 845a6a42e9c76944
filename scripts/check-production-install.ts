// CI: proves a built tree runs from a production install on a given Node.js (`--node <binary>`,
// default this one). Copies only what a release ships (package.json, the lockfile, dist/,
// scripts/start.mjs) to a clean directory, runs `npm ci --omit=dev` there with that Node first on
// PATH (an engine warning fails the check), starts it in production mode with an empty DATA_DIR and
// an SMTP sink, then smokes what a customer does: /readyz, the portal and a built asset, a work-e-mail
// sign-in whose link arrives by SMTP, a document only the signed-in member may download, and a clean
// stop on SIGTERM.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SmtpSink, startSmtpSink } from '../src/server/test/smtp-sink';

const root = fileURLToPath(new URL('..', import.meta.url));
const deadlineMs = 90_000;
const nodeFlag = process.argv.indexOf('--node');
const nodeBinary = nodeFlag === -1 ? process.execPath : path.resolve(process.argv[nodeFlag + 1] ?? '');
// A member of the demo's approved Globex account who has accepted the NDA (seed/demo-access.ts).
const memberEmail = 'hank.scorpio@globex.example';

let work: string | undefined;
let child: ChildProcess | undefined;
let smtp: SmtpSink | undefined;
let output = '';
function fail(message: string, detail = ''): never {
  process.stderr.write(`check-production-install: ${message}\n${detail}`);
  if (child?.exitCode === null) child.kill('SIGKILL');
  void smtp?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
  process.exit(1);
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The text of a quoted-printable body part, enough to find a link in it. */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>): Promise<T> {
  for (const started = Date.now(); Date.now() - started < deadlineMs; ) {
    if (child?.exitCode !== null) fail(`the server exited while waiting for ${what}`, output);
    const found = await probe();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  fail(`no ${what} within ${deadlineMs / 1000} s`, output);
}

const runtimeVersion = spawnSync(nodeBinary, ['--version'], { encoding: 'utf8' }).stdout?.trim();
if (!runtimeVersion) fail(`${nodeBinary} is not a Node.js binary`);
if (!fs.existsSync(path.join(root, 'dist', 'build-complete')))
  fail('no complete build: run `npm run build` first');
work = fs.mkdtempSync(path.join(os.tmpdir(), 'attest-production-'));
const app = path.join(work, 'app');
for (const entry of ['package.json', 'package-lock.json', 'dist', 'scripts/start.mjs']) {
  fs.cpSync(path.join(root, entry), path.join(app, entry), { recursive: true, preserveTimestamps: true });
}
const runtimePath = `${path.dirname(nodeBinary)}${path.delimiter}${process.env.PATH}`;
const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
  cwd: app,
  encoding: 'utf8',
  timeout: 600_000,
  env: { ...process.env, PATH: runtimePath },
});
const installOutput = `${install.stdout}${install.stderr}`;
if (install.status !== 0) fail('npm ci --omit=dev failed', installOutput);
if (/EBADENGINE/.test(installOutput)) fail(`npm ci warned of an engine on ${runtimeVersion}`, installOutput);
for (const devOnly of ['vite', 'tsx', 'esbuild', 'vitest']) {
  if (fs.existsSync(path.join(app, 'node_modules', devOnly))) fail(`${devOnly} is in the production install`);
}

const sink = await startSmtpSink();
smtp = sink;
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(nodeBinary, ['scripts/start.mjs'], {
  cwd: app,
  env: {
    PATH: runtimePath,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: path.join(work, 'data'),
    SEED_DEMO: 'always',
    SMTP_URL: sink.url,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
child = server;
server.stdout.on('data', (chunk) => (output += chunk));
server.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
  server.once('exit', (code, signal) => resolve({ code, signal })),
);
const killTimer = setTimeout(() => server.kill('SIGKILL'), 3 * deadlineMs);

const call = (pathname: string, init: RequestInit = {}) =>
  fetch(`${base}${pathname}`, { redirect: 'manual', signal: AbortSignal.timeout(10_000), ...init }).then(
    async (response) => ({
      status: response.status,
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
    }),
    () => ({ status: 0, headers: new Headers(), body: Buffer.alloc(0) }),
  );
const expectStatus = async (pathname: string, expected: number, init?: RequestInit) => {
  const response = await call(pathname, init);
  if (response.status !== expected) fail(`${pathname} answered ${response.status}, not ${expected}`, output);
  return response;
};
const downloadLinks = async (cookie?: string) => {
  const view = await expectStatus('/api/statuspage/share/acme/view', 200, {
    headers: cookie ? { cookie } : {},
  });
  return new Set(
    view.body
      .toString('utf8')
      .match(/\/api\/statuspage\/share\/acme\/documents\/[^"]+disposition=attachment/g),
  );
};

try {
  await waitFor('ready server', async () => (await call('/readyz')).status === 200);
  const page = (await expectStatus('/acme', 200)).body.toString('utf8');
  const script = page.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  if (!script) fail('/acme names no built script', page.slice(0, 2000));
  await expectStatus(script, 200);
  const anonymousLinks = await downloadLinks();

  const login = await expectStatus('/api/statuspage/share/acme/login', 200, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: memberEmail }),
  });
  const outcome = JSON.parse(login.body.toString('utf8')).outcome;
  if (outcome !== 'check_email') fail(`the member's login answered ${outcome}`, output);
  const mail = await waitFor('sign-in mail over SMTP', async () =>
    sink.messages.map(decodeQuotedPrintable).find((message) => message.includes(`To: ${memberEmail}`)),
  );
  const link = mail.match(/https?:\/\/[^\s"<>]+sign-in\?token=[\w-]+/)?.[0];
  if (!link) fail('the sign-in mail holds no sign-in link', mail);
  const signInPath = new URL(link).pathname;
  const token = new URL(link).searchParams.get('token') ?? '';
  if (!link.startsWith(base)) fail(`the sign-in link ${link} is not under PUBLIC_URL`);
  await expectStatus(`${signInPath}?token=${token}`, 200);
  const signedIn = await expectStatus(signInPath, 303, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  if (!cookie) fail('signing in set no session cookie', output);

  const [memberOnly] = [...(await downloadLinks(cookie))].filter((href) => !anonymousLinks.has(href));
  if (!memberOnly) fail('the signed-in member may download nothing an anonymous visitor may not', output);
  const download = await expectStatus(memberOnly, 200, { headers: { cookie } });
  if (download.body.length === 0) fail(`${memberOnly} sent an empty document`);
  const anonymous = await call(memberOnly);
  if (anonymous.status === 200) fail(`${memberOnly} was sent to an anonymous visitor`);

  server.kill('SIGTERM');
  const { code, signal } = await exited;
  if (code !== 0) fail(`SIGTERM ended the server with ${code ?? signal}`, output);
  process.stdout.write(
    `check-production-install: ok on Node ${runtimeVersion} (npm ci --omit=dev, /readyz, /acme, ${script}, ` +
      `sign-in by mail, a member's download of ${download.body.length} bytes, SIGTERM)\n`,
  );
} finally {
  clearTimeout(killTimer);
  if (server.exitCode === null) server.kill('SIGKILL');
  await smtp.close();
  fs.rmSync(work, { recursive: true, force: true });
}
