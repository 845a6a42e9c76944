import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  dismissWelcome,
  expectNoSeriousAccessibilityViolations,
  screenshots,
  settle,
  signInAsStaff,
  useJourneyHarness,
  watchForErrors,
} from './support/journey-harness';

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-specialised-cards-' });

async function shoot(page: Page, target: Locator, name: string) {
  await settle(page);
  await target.scrollIntoViewIfNeeded();
  await target.screenshot({ path: path.join(screenshots, `${name}-1280.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  await target.scrollIntoViewIfNeeded();
  await target.screenshot({ path: path.join(screenshots, `${name}-390.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('specialised cards on the demo page', () => {
  it('shows every specialised card with the demo data, accessible on desktop and mobile', async () => {
    const context = await journey.newContext(1280, { abortNonLoopback: true });
    const page = await context.newPage();
    const errors = watchForErrors(page);
    await page.goto(`${journey.baseUrl}/acme`);
    await dismissWelcome(page);
    for (const kind of [
      'Overview',
      'Certifications',
      'TrustedBy',
      'Subprocessors',
      'RiskProfile',
      'SecurityGrades',
    ]) {
      const card = page.locator(`[data-card-kind="${kind}"]`);
      expect(await card.count(), kind).toBe(1);
      if (kind === 'Subprocessors')
        await card
          .getByRole('button', { name: /subprocessors/ })
          .first()
          .click();
      await shoot(page, card, `specialised-${kind.toLowerCase()}`);
    }
    await expect(page.locator('[data-testid="certification-tile"]').count()).resolves.toBeGreaterThan(3);
    await expectNoSeriousAccessibilityViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets staff edit the risk profile and grades, and manage subprocessors', async () => {
    const context = await journey.newContext(1280, { abortNonLoopback: true });
    const page = await context.newPage();
    await signInAsStaff(page, journey.baseUrl);
    await page.goto(`${journey.baseUrl}/acme`);
    await settle(page);
    for (const kind of ['RiskProfile', 'SecurityGrades', 'TrustedBy']) {
      const card = page.locator(`[data-card-kind="${kind}"]`);
      await card.getByTestId('card-menu-trigger').click();
      await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
      const drawer = page.getByRole('dialog');
      await settle(page);
      await expectNoSeriousAccessibilityViolations(page);
      await shoot(page, drawer, `specialised-${kind.toLowerCase()}-editor`);
      await page.keyboard.press('Escape');
      await settle(page);
    }
    const subprocessors = page.locator('[data-card-kind="Subprocessors"]');
    await subprocessors.getByTestId('card-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Manage subprocessors' }).click();
    await page.getByRole('button', { name: 'Add subprocessor' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This field is required').count()).resolves.toBe(1);
    await page.getByRole('combobox', { name: 'Company' }).fill('Hetz');
    await page.getByRole('option', { name: 'Just use "Hetz"' }).click();
    await page.getByLabel('Purpose').fill('Backups');
    await shoot(page, page.getByRole('dialog'), 'specialised-subprocessor-dialog');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Subprocessor added').waitFor();
    await context.close();
  });
});
