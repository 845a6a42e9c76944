import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { Resvg } from '@resvg/resvg-js';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../scripts/ensure-web-build';

const root = fileURLToPath(new URL('..', import.meta.url));
const screenshots = path.join(root, 'e2e', 'screenshots');
const adminEmail = 'admin@acme.example';
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
  dataDirectory = mkdtempSync(path.join(os.tmpdir(), 'attest-e2e-editing-'));
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
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
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

/**
 * Page errors and hydration warnings fail the journey; they mean the page broke for someone. The 409
 * is the journey's own doing: it tries a custom url slug another item already has.
 */
function watchForErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    if (/status of (401|409)/.test(text)) return;
    if (message.type() === 'error' || /hydrat/i.test(text)) problems.push(text);
  });
  return problems;
}

function newContext(width: number): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width, height: 900 } });
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

/** A dialog's screenshot at both widths, and its accessibility check while it is open. */
async function captureDialog(page: Page, name: string) {
  await settle(page);
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: path.join(screenshots, `${name}-1280.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  await page.screenshot({ path: path.join(screenshots, `${name}-390.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
  await settle(page);
}

async function signIn(page: Page) {
  await page.goto(`${baseUrl}/console`);
  await page.getByLabel('E-mail address').fill(adminEmail);
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
}

const card = (page: Page, kind: string) =>
  page.locator(`[data-testid="portal-card"][data-card-kind="${kind}"]`);

async function openCardMenu(page: Page, kind: string): Promise<Locator> {
  await card(page, kind).getByTestId('card-menu-trigger').click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

async function expectToast(page: Page, text: string) {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

async function gridOrder(page: Page): Promise<Array<string | null>> {
  return page
    .getByTestId('card-grid')
    .locator('[data-testid="portal-card"]')
    .evaluateAll((cards) => cards.map((element) => element.getAttribute('data-card-kind')));
}

/** A 20 x 20 px PNG, the size the icon dialog asks for, drawn from SVG so no binary fixture is kept. */
function iconPng(): Buffer {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><circle cx="10" cy="10" r="9" fill="#0f766e"/></svg>';
  return new Resvg(svg).render().asPng();
}

describe('a staff member edits cards in place', () => {
  // One long journey, since each step builds on the last; it outlasts the project's default timeout.
  it('hides, renames, edits, adds, deletes, moves, links, re-icons and re-orders; the public sees the result', {
    timeout: 300_000,
  }, async () => {
    const context = await newContext(1280);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signIn(page);
    await page.goto(`${baseUrl}/acme`);
    await page.getByRole('button', { name: 'Re-order cards' }).waitFor();

    // Hide a card: the toast, the hidden mark, and Show in its menu.
    let menu = await openCardMenu(page, 'PhysicalEnvironmental');
    await settle(page);
    await page.screenshot({ path: path.join(screenshots, 'card-menu-1280.png') });
    await menu.getByRole('menuitem', { name: 'Hide' }).click();
    await expectToast(page, 'Card hidden in Trust Center');
    await card(page, 'PhysicalEnvironmental').getByText('Hidden', { exact: true }).waitFor();
    menu = await openCardMenu(page, 'PhysicalEnvironmental');
    await menu.getByRole('menuitem', { name: 'Show' }).waitFor();
    await page.keyboard.press('Escape');

    // Edit display text: too short is refused with the helper, then the heading changes.
    menu = await openCardMenu(page, 'DataSecurity');
    await menu.getByRole('menuitem', { name: 'Edit display text' }).click();
    let dialog = page.getByRole('dialog', { name: 'Edit display text' });
    await dialog.getByLabel('Display text').fill('abc');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Must be at least 4 characters, or leave empty for default.' })
      .waitFor();
    await dialog.getByLabel('Display text').fill('How we protect your data');
    await captureDialog(page, 'card-display-text-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card(page, 'DataSecurity').getByRole('heading', { name: 'How we protect your data' }).waitFor();
    // Focus returns to the menu's trigger, so keyboard users keep their place.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'card-menu-trigger',
    );

    // Edit placeholder text on the empty documents card.
    menu = await openCardMenu(page, 'Documents');
    await menu.getByRole('menuitem', { name: 'Edit placeholder text' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit placeholder text' });
    await dialog.getByLabel('Placeholder text').fill('x'.repeat(1001));
    await dialog.getByText('Placeholder text cannot exceed 1000 characters').waitFor();
    await dialog.getByLabel('Placeholder text').fill('Our policies and reports are on their way.');
    await captureDialog(page, 'card-placeholder-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Placeholder text updated');
    await card(page, 'Documents').getByText('Our policies and reports are on their way.').waitFor();

    // The drawer's editor: change an explanation and save.
    menu = await openCardMenu(page, 'DataSecurity');
    await menu.getByRole('menuitem', { name: 'Edit', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'How we protect your data' });
    const editor = drawer.getByTestId('drawer-editor');
    await editor.waitFor();
    const encryption = editor.getByTestId('item-editor').filter({ hasText: 'Encryption at rest' });
    const newExplanation = 'AES-256-GCM for every volume and backup, with keys in an HSM-backed KMS.';
    await encryption.getByLabel('Explanation').fill(newExplanation);
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await page.screenshot({ path: path.join(screenshots, 'drawer-editor-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await page.screenshot({ path: path.join(screenshots, 'drawer-editor-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'hidden' });
    await drawer.getByText(newExplanation).waitFor();

    // Add a custom item: the duplicate-title warning, then a new name, Save, and delete it again.
    await drawer.getByRole('button', { name: 'Edit' }).click();
    await editor.getByRole('button', { name: 'Add item' }).click();
    const customItem = editor.getByTestId('item-editor').last();
    await customItem.getByLabel('Item title').fill('single sign-on (SSO)');
    await customItem
      .getByRole('status')
      .filter({ hasText: 'already exists on the Product Security Features card' })
      .waitFor();
    await customItem.scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: path.join(screenshots, 'drawer-editor-duplicate-title-1280.png') });
    await customItem.getByLabel('Item title').fill('Customer-managed encryption keys');
    expect(await customItem.getByRole('status').count()).toBe(0);
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'hidden' });
    await drawer.getByRole('heading', { name: 'Customer-managed encryption keys' }).waitFor();
    await drawer.getByRole('button', { name: 'Edit' }).click();
    await editor.getByRole('button', { name: 'Delete Customer-managed encryption keys' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete item?' });
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await page.screenshot({ path: path.join(screenshots, 'delete-item-confirmation-1280.png') });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await editor.getByTestId('item-editor').filter({ hasText: 'Customer-managed' }).count()).toBe(0);
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'hidden' });
    expect(await drawer.getByRole('heading', { name: 'Customer-managed encryption keys' }).count()).toBe(0);

    // Create a custom url for an item, and copy it.
    const encryptionEntry = drawer.getByTestId('item-entry').filter({ hasText: 'Encryption at rest' });
    await encryptionEntry.getByRole('button', { name: 'Actions for Encryption at rest' }).click();
    await page.getByRole('menuitem', { name: 'Create custom url' }).click();
    dialog = page.getByRole('dialog', { name: 'Create custom url' });
    const slug = dialog.getByLabel('URL slug');
    expect(await slug.inputValue()).toBe('encryption-at-rest');
    await slug.fill('Encryption At Rest');
    await dialog
      .getByText('Invalid url slug, only lowercase letters, numbers and hyphens are allowed')
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await slug.fill('soc-2-report');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('This URL slug is already in use by item: SOC 2 Type II report').waitFor();
    await slug.fill('aes-256-encryption');
    await dialog.getByRole('button', { name: 'Copy custom URL' }).click();
    await page.getByRole('tooltip', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseUrl}/acme/product/payroll/aes-256-encryption`,
    );
    await captureDialog(page, 'custom-url-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Successfully created custom URL for Encryption at rest');
    await dialog.waitFor({ state: 'hidden' });

    // Move an item to another card.
    const erasureEntry = drawer.getByTestId('item-entry').filter({ hasText: 'Data erasure' });
    await erasureEntry.getByRole('button', { name: 'Actions for Data erasure' }).click();
    await page.getByRole('menuitem', { name: 'Move item to a different card' }).click();
    dialog = page.getByRole('dialog', { name: 'Move item to a different card' });
    const destinations = await dialog
      .getByLabel('Destination card')
      .locator('option:not([disabled])')
      .allTextContents();
    expect(destinations).toContain('Data Privacy');
    expect(destinations).not.toContain('How we protect your data');
    expect(destinations).not.toContain('Data Security');
    for (const special of [
      'Overview',
      'Documents',
      'Compliance',
      'Trusted By',
      'Subprocessors',
      'Risk Profile',
    ]) {
      expect(destinations).not.toContain(special);
    }
    await dialog.getByLabel('Destination card').selectOption({ label: 'Data Privacy' });
    await captureDialog(page, 'move-item-dialog');
    await dialog.getByRole('button', { name: 'Move item' }).click();
    await expectToast(page, 'Successfully moved Data erasure to Data Privacy');
    await dialog.waitFor({ state: 'hidden' });
    await drawer.getByTestId('item-entry').filter({ hasText: 'Data erasure' }).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // Change a card icon with an uploaded PNG.
    menu = await openCardMenu(page, 'Infrastructure');
    await menu.getByRole('menuitem', { name: 'Change card icon' }).click();
    dialog = page.getByRole('dialog', { name: 'Change Infrastructure card icon' });
    await dialog.getByLabel('Upload a custom icon').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Custom icon is required').waitFor();
    await dialog
      .getByLabel('Icon file')
      .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: iconPng() });
    await captureDialog(page, 'card-icon-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Card icon saved. The icon may take a few minutes to appear');
    await page.locator('[data-sonner-toast]').getByRole('button', { name: 'Refresh Page' }).waitFor();
    await card(page, 'Infrastructure').locator('img[src*="/assets/"]').waitFor();

    // Re-order items with the arrow buttons: Encryption at rest to the top of its card.
    menu = await openCardMenu(page, 'DataSecurity');
    await menu.getByRole('menuitem', { name: 'Re-order items' }).click();
    dialog = page.getByRole('dialog', { name: 'Re-order items' });
    const entries = dialog.getByTestId('reorder-entry');
    const firstItemBefore = await entries.first().textContent();
    while (!(await entries.first().textContent())?.includes('Encryption at rest')) {
      await dialog.getByRole('button', { name: 'Move Encryption at rest up' }).click();
    }
    expect(firstItemBefore).not.toContain('Encryption at rest');
    await dialog.getByRole('button', { name: 'Save order' }).click();
    await expectToast(page, "Updated Data Security card item's order");
    await dialog.waitFor({ state: 'hidden' });

    // Re-order cards with the keyboard: Data Security to the top of the grid.
    const before = await gridOrder(page);
    expect(before[0]).not.toBe('DataSecurity');
    await page.getByRole('button', { name: 'Re-order cards' }).click();
    dialog = page.getByRole('dialog', { name: 'Re-order cards' });
    const dataSecurityRow = dialog.getByTestId('reorder-entry').filter({ hasText: 'Data Security' });
    await dataSecurityRow.focus();
    for (let index = before.indexOf('DataSecurity'); index > 0; index--) await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await dialog.getByTestId('reorder-entry').first().textContent()).toContain('Data Security');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Data Security');
    await captureDialog(page, 'reorder-cards-dialog');
    await dialog.getByRole('button', { name: 'Save order' }).click();
    await expectToast(page, 'Updated card order for payroll product');
    await expect.poll(async () => (await gridOrder(page))[0]).toBe('DataSecurity');

    await page.getByRole('button', { name: 'Re-order sections' }).click();
    dialog = page.getByRole('dialog', { name: 'Re-order sections' });
    await dialog.getByTestId('reorder-entry').first().waitFor();
    await captureDialog(page, 'reorder-sections-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.screenshot({ path: path.join(screenshots, 'portal-editing-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(screenshots, 'portal-editing-390.png') });
    expect(problems).toEqual([]);
    await context.close();

    // A fresh public visitor sees the saved page.
    const visitor = await newContext(1280);
    const publicPage = await visitor.newPage();
    const publicProblems = watchForErrors(publicPage);
    await publicPage.goto(`${baseUrl}/acme`);
    await publicPage.getByRole('button', { name: "Let's Go" }).click();
    expect(await publicPage.getByRole('button', { name: 'Re-order cards' }).count()).toBe(0);
    expect(await card(publicPage, 'PhysicalEnvironmental').count()).toBe(0);
    expect((await gridOrder(publicPage))[0]).toBe('DataSecurity');
    const dataSecurity = card(publicPage, 'DataSecurity');
    await dataSecurity.getByRole('heading', { name: 'How we protect your data' }).waitFor();
    expect(await dataSecurity.locator('li').first().textContent()).toMatch(/Encryption at rest$/);
    await card(publicPage, 'Infrastructure').locator('img[src*="/assets/"]').waitFor();
    await dataSecurity.getByRole('button', { name: 'How we protect your data' }).click();
    const publicDrawer = publicPage.getByRole('dialog', { name: 'How we protect your data' });
    await publicDrawer.getByText(newExplanation).waitFor();
    expect(await publicDrawer.getByText('Data erasure').count()).toBe(0);
    expect(await publicDrawer.getByTestId('item-menu-trigger').count()).toBe(0);
    await publicPage.keyboard.press('Escape');
    await card(publicPage, 'DataPrivacy').getByRole('button', { name: 'Data Privacy' }).click();
    await publicPage.getByRole('dialog', { name: 'Data Privacy' }).getByText('Data erasure').waitFor();

    await publicPage.goto(`${baseUrl}/acme/product/payroll/aes-256-encryption`);
    await publicPage
      .getByRole('dialog', { name: 'How we protect your data' })
      .locator('[data-highlighted]')
      .filter({ hasText: 'Encryption at rest' })
      .waitFor();
    expect(publicProblems).toEqual([]);
    await visitor.close();
  });
});
