import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  dismissWelcome,
  expectNoSeriousAccessibilityViolations,
  screenshots,
  settle,
  signInAsStaff,
  useJourneyHarness,
  watchForErrors as watchPage,
} from './support/journey-harness';

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-editing-' });

/** The 409 is the journey's own doing: it tries a custom url slug another item already has. */
const watchForErrors = (page: Page) => watchPage(page, /status of (401|409)/);

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

const card = (page: Page, kind: string) =>
  page.locator(`[data-testid="portal-card"][data-card-kind="${kind}"]`);

async function openCardMenu(page: Page, kind: string): Promise<Locator> {
  await card(page, kind).getByTestId('card-menu-trigger').click();
  // The menu closed a moment ago may still be in the page while it animates out: take the open one.
  const menu = page.locator('[role="menu"][data-state="open"]');
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
    const context = await journey.newContext(1280);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.baseUrl });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signInAsStaff(page, journey.baseUrl);
    await page.goto(`${journey.baseUrl}/acme`);
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

    // Edit placeholder text on the documents card.
    menu = await openCardMenu(page, 'Documents');
    await menu.getByRole('menuitem', { name: 'Edit placeholder text' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit placeholder text' });
    await dialog.getByLabel('Placeholder text').fill('x'.repeat(1001));
    await dialog.getByText('Placeholder text cannot exceed 1000 characters').waitFor();
    await dialog.getByLabel('Placeholder text').fill('Our policies and reports are on their way.');
    await captureDialog(page, 'card-placeholder-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Placeholder text updated');
    // The demo's documents card is not empty, so the placeholder is saved but not shown; the model has it.
    const saved = await page.evaluate(async () => {
      const response = await fetch('/api/statuspage/share/acme/view');
      const view = (await response.json()) as { cards: { kind: string; placeholder: string | null }[] };
      return view.cards.find((candidate) => candidate.kind === 'Documents')?.placeholder;
    });
    expect(saved).toBe('Our policies and reports are on their way.');

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
    // The drawer drops the deleted item once the card is read again.
    await expect
      .poll(() => drawer.getByRole('heading', { name: 'Customer-managed encryption keys' }).count())
      .toBe(0);

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
      `${journey.baseUrl}/acme/product/payroll/aes-256-encryption`,
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
    const visitor = await journey.newContext(1280);
    const publicPage = await visitor.newPage();
    const publicProblems = watchForErrors(publicPage);
    await publicPage.goto(`${journey.baseUrl}/acme`);
    await dismissWelcome(publicPage);
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

    await publicPage.goto(`${journey.baseUrl}/acme/product/payroll/aes-256-encryption`);
    await publicPage
      .getByRole('dialog', { name: 'How we protect your data' })
      .locator('[data-highlighted]')
      .filter({ hasText: 'Encryption at rest' })
      .waitFor();
    expect(publicProblems).toEqual([]);
    await visitor.close();
  });

  it('makes an item restricted and hidden; the dashboard counts both level changes, though staff made them', async () => {
    const context = await journey.newContext(1280);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signInAsStaff(page, journey.baseUrl);
    await page.goto(`${journey.baseUrl}/acme`);
    await page.getByTestId('staff-toolbar').waitFor();
    const menu = await openCardMenu(page, 'Reports');
    await menu.getByRole('menuitem', { name: 'Edit', exact: true }).click();
    const editor = page.getByTestId('drawer-editor');
    await editor.waitFor();
    const soc3 = editor.getByTestId('item-editor').filter({ hasText: 'SOC 3 report' });
    await soc3.getByRole('radiogroup', { name: 'Access' }).getByRole('radio', { name: 'Restricted' }).click();
    await soc3.getByRole('switch', { name: 'Hidden' }).click();
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'hidden' });

    const today = new Date().toISOString().slice(0, 10);
    const counts = await page.evaluate(async (day) => {
      const response = await fetch(`/api/analytics?from=${day}&to=${day}`);
      return ((await response.json()) as { eventCounts: { name: string; count: number }[] }).eventCounts;
    }, today);
    expect(counts.filter((row) => row.name.endsWith('level_changed'))).toEqual([
      { name: 'access_level_changed', count: 1 },
      { name: 'restricted_level_changed', count: 1 },
    ]);
    await page.goto(`${journey.baseUrl}/console`);
    await page.getByRole('link', { name: 'Analytics' }).click();
    const events = page.getByRole('list', { name: 'Events by name' });
    await events.getByText('Access level changes', { exact: true }).waitFor();
    await events.getByText('Restricted level changes', { exact: true }).waitFor();
    await settle(page);
    await events.screenshot({ path: path.join(screenshots, 'console-analytics-level-changes-1280.png') });
    expect(problems).toEqual([]);
    await context.close();
  });
});
