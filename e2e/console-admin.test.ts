import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousAccessibilityViolations,
  screenshots,
  settle,
  signInAsStaff,
  useJourneyHarness,
  watchForErrors,
} from './support/journey-harness';

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-console-admin-' });

async function shoot(page: Page, name: string, fullPage = false) {
  await settle(page);
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: path.join(screenshots, `${name}-1280.png`), fullPage });
}

type Totals = { visits: number; uniqueVisitors: number; searchesWithoutResults: number };

describe('console admin pages', () => {
  it('counts a visitor’s visit and fruitless search, and shows analytics, products, staff users and the audit log', {
    timeout: 240_000,
  }, async () => {
    // A visitor: opens the portal, searches for something that is not there, leaves.
    const visitorContext = await journey.newContext(1280, { abortNonLoopback: true });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${journey.baseUrl}/acme`);
    await visitor.getByRole('button', { name: "Let's Go" }).click();
    await visitor.getByTestId('search-box').click();
    await visitor.getByTestId('search-dialog').waitFor();
    await visitor.getByTestId('search-input').fill('zzqx nothing here');
    await visitor.getByText('No results found').waitFor();
    // The visitor's page stays open: its script sends the queued events on its own batch timer.
    const context = await journey.newContext(1280);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signInAsStaff(page, journey.baseUrl);
    const today = new Date().toISOString().slice(0, 10);
    await expect
      .poll(
        async () =>
          page.evaluate(async (day) => {
            const response = await fetch(`/api/analytics?from=${day}&to=${day}`);
            return ((await response.json()) as { totals: Totals }).totals;
          }, today),
        { timeout: 20_000, interval: 500 },
      )
      .toMatchObject({ visits: expect.any(Number), uniqueVisitors: 1, searchesWithoutResults: 1 });
    await visitorContext.close();

    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: 'Analytics' }).waitFor();
    await page.getByTestId('stat-visits').waitFor();
    expect(Number(await page.getByTestId('stat-visits').locator('dd').textContent())).toBeGreaterThanOrEqual(
      1,
    );
    await page.getByText('zzqx nothing here').waitFor();
    await shoot(page, 'console-analytics', true);

    await page.getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await page.getByLabel('Product name').fill('Mobile App');
    expect(await page.getByLabel('Slug').inputValue()).toBe('mobile-app');
    await page.getByRole('button', { name: 'Add product' }).click();
    await page.getByTestId('product-row').filter({ hasText: 'Mobile App' }).waitFor();
    await page.getByLabel('Link name').fill('Status page');
    await page.getByLabel('URL').fill('https://status.acme.example');
    await page.getByRole('button', { name: 'Add link' }).click();
    await page.getByTestId('product-link-row').filter({ hasText: 'Status page' }).waitFor();
    await shoot(page, 'console-products', true);

    await page.getByRole('link', { name: 'Staff users' }).click();
    await page.getByRole('heading', { name: 'Staff users' }).waitFor();
    await page.getByRole('button', { name: 'Add staff user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add staff user' });
    await dialog.getByLabel('Name').fill('Nora Newcomer');
    await dialog.getByLabel('E-mail').fill('nora@acme.example');
    await dialog.getByLabel(/^Reviewer/).check();
    await dialog.getByRole('button', { name: 'Create staff user' }).click();
    await dialog.getByTestId('temporary-password').waitFor();
    const noraPassword = (await dialog.getByTestId('temporary-password').locator('code').textContent())!;
    await shoot(page, 'console-staff-user-created');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('staff-user-row').filter({ hasText: 'Nora Newcomer' }).waitFor();
    await shoot(page, 'console-staff-users', true);

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.getByTestId('audit-row').filter({ hasText: 'staff_user.created' }).first().waitFor();
    await page
      .getByTestId('audit-row')
      .filter({ hasText: 'product.created' })
      .getByRole('button', { name: 'Details' })
      .click();
    await page.getByText('Before').first().waitFor();
    await shoot(page, 'console-audit-log', true);
    expect(problems).toEqual([]);
    await context.close();

    // Nora, a reviewer, at a phone's width: the console offers her only what her role may do.
    const reviewerContext = await journey.newContext(390);
    const reviewer = await reviewerContext.newPage();
    await reviewer.goto(`${journey.baseUrl}/console`);
    await reviewer.getByLabel('E-mail address').fill('nora@acme.example');
    await reviewer.getByLabel('Password').fill(noraPassword);
    await reviewer.getByRole('button', { name: 'Sign in', exact: true }).click();
    await reviewer.getByRole('heading', { name: 'Overview' }).waitFor();
    const console_ = reviewer.getByRole('navigation', { name: 'Console' });
    for (const hidden of ['Audit log', 'Webhooks', 'Outgoing mail']) {
      expect(await console_.getByRole('link', { name: hidden }).count()).toBe(0);
    }
    await console_.getByRole('link', { name: 'Settings', exact: true }).click();
    await reviewer.getByTestId('read-only-notice').first().waitFor();
    expect(await reviewer.getByRole('button', { name: 'Save changes' }).first().isDisabled()).toBe(true);
    await settle(reviewer);
    await expectNoSeriousAccessibilityViolations(reviewer);
    await reviewer.screenshot({
      path: path.join(screenshots, 'console-settings-reviewer-390.png'),
      fullPage: true,
    });
    await console_.getByRole('link', { name: 'Staff users', exact: true }).click();
    await reviewer.getByText('Only owners and admins can change staff users.').waitFor();
    expect(await reviewer.getByRole('button', { name: 'Change role' }).count()).toBe(0);
    await reviewer.screenshot({ path: path.join(screenshots, 'console-staff-users-reviewer-390.png') });
    await reviewerContext.close();
  });
});
