import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousAccessibilityViolations,
  openCardEditor,
  screenshots,
  settle,
  signInAsStaff,
  useJourneyHarness,
  watchForErrors,
} from './support/journey-harness';

/** Issue 16 items 25 and 27: the item editor's pick lists, and a document tile's messages. */
const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-spec16a-' });
const widths = [1280, 390] as const;
const shot = (name: string, width: number) => path.join(screenshots, `spec16a-${name}-${width}.png`);

describe('issue 16 items 25 and 27', () => {
  it('a visitor is told a view-only file cannot be downloaded, in the tile', async () => {
    for (const width of widths) {
      const context = await journey.newContext(width, { abortNonLoopback: true });
      const page = await context.newPage();
      const problems = watchForErrors(page);
      await page.goto(`${journey.baseUrl}/acme`);
      const welcome = page.getByRole('dialog', { name: "Welcome to Acme Cloud's Trust Center" });
      await welcome.getByRole('button', { name: "Let's Go" }).click();
      await welcome.waitFor({ state: 'hidden' });
      const button = page.getByTestId('view-only-download').first();
      await button.scrollIntoViewIfNeeded();
      await button.click();
      const notice = page.getByTestId('document-notice').first();
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(/^This file is view-only and not downloadable in the .+/);
      await settle(page);
      await page.screenshot({ path: shot('view-only-notice', width) });
      await expectNoSeriousAccessibilityViolations(page);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('staff pick item type, recurrence and maturity; a custom report without a type is not saved', async () => {
    for (const width of widths) {
      const context = await journey.newContext(width);
      const page = await context.newPage();
      const problems = watchForErrors(page);
      await signInAsStaff(page, journey.baseUrl);
      await page.goto(`${journey.baseUrl}/acme`);
      await openCardEditor(page, 'Reports');
      const editor = page.getByTestId('drawer-editor');
      await editor.getByRole('button', { name: 'Add item' }).click();
      const item = editor.getByTestId('item-editor').last();
      await item.getByLabel('Item title').fill(`Red team report ${width}`);
      await item.getByLabel('Recurrence').selectOption('year');
      await editor.getByRole('button', { name: 'Save', exact: true }).click();
      await item.getByText('Select an item type to save this item').waitFor();
      await item.scrollIntoViewIfNeeded();
      await settle(page);
      await page.screenshot({ path: shot('item-type-required', width) });
      await expectNoSeriousAccessibilityViolations(page);
      await item.getByLabel('Item type').selectOption('Penetration test');
      await item.getByLabel('Maturity').selectOption('Managed');
      await editor.getByRole('button', { name: 'Save', exact: true }).click();
      await editor.waitFor({ state: 'detached' });
      await page.getByText(`Red team report ${width}`).first().waitFor();
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
