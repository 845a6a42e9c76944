import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../scripts/ensure-web-build';

const root = fileURLToPath(new URL('..', import.meta.url));
const screenshots = path.join(root, 'e2e', 'screenshots');
const adminPassword = 'e2e-demo-password-123';
// Chromium stays on 127.0.0.1: no background traffic, no updates, no QUIC.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForServer(baseUrl: string, child: ChildProcess, output: () => string) {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output()}`);
    const isUp = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not start:\n${output()}`);
}

let server: ChildProcess;
let serverOutput = '';
let browser: Browser;
let baseUrl: string;
let dataDirectory: string;

beforeAll(async () => {
  await ensureWebBuild();
  mkdirSync(screenshots, { recursive: true });
  dataDirectory = mkdtempSync(path.join(os.tmpdir(), 'attest-e2e-data-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      DATA_DIR: dataDirectory,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DEMO_ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    serverOutput += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    serverOutput += chunk;
  });
  await waitForServer(baseUrl, server, () => serverOutput);
  // launch() gives every run a fresh temporary profile (user-data-dir) of its own.
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: chromiumArgs,
  });
});

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDirectory, { recursive: true, force: true });
});

/** Page errors and hydration warnings fail the journey; they mean the page broke for someone. */
function watchForErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    // The console asks for the session first; signed out, that 401 is the expected answer.
    if (/status of 401/.test(text)) return;
    if (message.type() === 'error' || /hydrat/i.test(text)) problems.push(text);
  });
  return problems;
}

async function newContext(
  width: number,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width, height: 900 }, ...options });
}

/** Screenshots show the settled page, not a dialog halfway through its entrance. */
async function settle(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

async function expectNoSeriousAccessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(', ')})`,
    );
  expect(serious).toEqual([]);
}

type MailboxMessage = { subject: string; text: string; headers: Record<string, string> };

/** The mail arrives once the delivery job has run; the mailbox is polled until it is there. */
async function waitForMail(to: string): Promise<MailboxMessage> {
  let mail: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
        [mail] = (await response.json()) as MailboxMessage[];
        return Boolean(mail);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return mail!;
}

describe('subscribing to updates', () => {
  it('subscribes, confirms from the e-mail, then unsubscribes from the link, with no serious a11y issue', async () => {
    const email = 'visitor@customer.example';
    const context = await newContext(1280);
    const page = await context.newPage();
    const problems = watchForErrors(page);

    // ?subscribe=true opens the popover once the welcome modal is dismissed; closing drops the parameter.
    await page.goto(`${baseUrl}/acme?subscribe=true`);
    await page.getByRole('button', { name: "Let's Go" }).click();
    const popover = page.getByRole('dialog', { name: 'Acme Cloud updates' });
    await popover.waitFor();
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'hidden' });
    await page.waitForURL(`${baseUrl}/acme`);

    await page.getByTestId('subscribe-button').click();
    await popover.waitFor();
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await page.screenshot({ path: path.join(screenshots, 'subscribe-popover-1280.png') });
    await popover.getByRole('button', { name: 'Subscribe' }).click();
    expect(await popover.getByRole('alert').textContent()).toBe('Enter your e-mail address.');
    await popover.getByLabel('E-mail address').fill(` ${email.toUpperCase()} `);
    await popover.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Please check your email inbox to confirm your subscription').waitFor();
    await popover.waitFor({ state: 'hidden' });

    const mail = await waitForMail(email);
    const confirmLink = mail.text.match(/https?:\/\/\S+\/subscribe\/confirm\?token=\S+/)?.[0];
    expect(confirmLink).toBeDefined();
    await page.goto(confirmLink!);
    await page.getByRole('heading', { name: 'Confirm your subscription' }).waitFor();
    await expectNoSeriousAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await page.waitForURL(/\/acme\?subscribeStatus=Confirmed$/);
    const confirmed = page.getByRole('dialog', { name: 'Subscription confirmed' });
    await confirmed.waitFor();
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await page.screenshot({ path: path.join(screenshots, 'subscribe-confirmed-1280.png') });
    await confirmed.getByRole('button', { name: 'Done' }).click();
    await confirmed.waitFor({ state: 'hidden' });
    await page.waitForURL(`${baseUrl}/acme`);

    // The update mails carry the same token in their unsubscribe link to the portal.
    const unsubscribeUrl = new URL(mail.headers['List-Unsubscribe']!.slice(1, -1));
    const token = unsubscribeUrl.searchParams.get('token')!;
    await page.goto(`${baseUrl}/acme?unsubscribeToken=${token}`);
    const unsubscribe = page.getByRole('dialog', { name: 'Unsubscribe from Acme Cloud updates?' });
    await unsubscribe.waitFor();
    expect(await unsubscribe.textContent()).toContain(email);
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await unsubscribe.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('You have been unsubscribed to updates').waitFor();
    await unsubscribe.waitFor({ state: 'hidden' });
    await page.waitForURL(`${baseUrl}/acme`);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows Subscription failed with Try again for an expired or tampered link, at 390 px', async () => {
    const context = await newContext(390);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${baseUrl}/acme/subscribe/confirm?token=tampered.token.value`);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await page.waitForURL(/\/acme\?subscribeStatus=TokenInvalid$/);
    await page.getByRole('button', { name: "Let's Go" }).click();
    const failed = page.getByRole('dialog', { name: 'Subscription failed' });
    await failed.waitFor();
    expect(await failed.textContent()).toContain(
      'Your subscription link expired. Please try to subscribe again.',
    );
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await page.screenshot({ path: path.join(screenshots, 'subscribe-failed-390.png') });
    await failed.getByRole('link', { name: 'Try again' }).click();
    await page.waitForURL(/\/acme\?subscribe=true$/);
    await page.getByRole('dialog', { name: 'Acme Cloud updates' }).waitFor();
    await settle(page);
    await page.screenshot({ path: path.join(screenshots, 'subscribe-popover-390.png') });
    expect(problems).toEqual([]);
    await context.close();
  });
});
