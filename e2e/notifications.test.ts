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

const journey = useJourneyHarness({
  dataDirectoryPrefix: 'attest-e2e-notifications-',
  env: { OUTBOUND_ALLOW_LOOPBACK: 'true' },
});

async function shoot(page: Page, name: string, width: number) {
  await settle(page);
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: path.join(screenshots, `${name}-${width}.png`), fullPage: true });
}

describe('telling the right people', () => {
  for (const width of [1280, 390]) {
    it(`staff choose a daily digest for one product and add a webhook for access events (${width} px)`, async () => {
      const context = await journey.newContext(width);
      const page = await context.newPage();
      // The refused address answers 400, as it should.
      const problems = watchForErrors(page, /status of 40[01]/);
      await signInAsStaff(page, journey.baseUrl);
      await page.goto(`${journey.baseUrl}/console/access-settings#notifications`);
      const section = page.locator('#notifications');
      await section.getByRole('heading', { name: 'Your notifications' }).waitFor();

      await section.getByRole('radio', { name: 'A daily digest' }).check();
      // Both widths share one staff member: start from no product chosen, whatever the other run saved.
      const allProducts = section.getByRole('checkbox', { name: 'All products' });
      if ((await allProducts.getAttribute('aria-checked')) === 'true') await allProducts.click();
      const chosen = section.locator('[role="checkbox"][aria-checked="true"]');
      while ((await chosen.count()) > 0) await chosen.first().click();
      // No product chosen: the form says what is missing.
      await section.getByRole('button', { name: 'Save notifications' }).click();
      await expect
        .poll(() => section.getByRole('alert').textContent())
        .toContain('Choose at least one product, or all products');
      const products = section.getByRole('checkbox').filter({ hasNotText: 'All products' });
      await products.nth(1).click();
      await section.getByRole('button', { name: 'Save notifications' }).click();
      await page.getByText('Notification preferences saved').waitFor();
      await page.reload();
      await section.getByRole('radio', { name: 'A daily digest' }).waitFor();
      expect(await section.getByRole('radio', { name: 'A daily digest' }).isChecked()).toBe(true);
      expect(await section.getByRole('checkbox', { name: 'All products' }).getAttribute('aria-checked')).toBe(
        'false',
      );

      // Access events go to the one list of webhooks, linked from here.
      await page.getByRole('link', { name: 'webhook', exact: true }).click();
      await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
      const hooks = page.getByRole('region', { name: 'Webhooks' });
      await hooks.getByLabel('Payload URL').fill(`http://127.0.0.1:9/hooks/${width}`);
      await hooks.getByRole('button', { name: 'Add webhook' }).click();
      await hooks.getByText('Select at least one event').waitFor();
      await hooks.getByRole('checkbox', { name: 'Request created' }).click();
      await hooks.getByRole('checkbox', { name: 'Request approved' }).click();
      await hooks.getByLabel('Payload URL').fill('http://10.0.0.5/hooks');
      await hooks.getByRole('button', { name: 'Add webhook' }).click();
      await hooks.getByText('This address is not allowed for webhooks (private or local network)').waitFor();
      await hooks.getByLabel('Payload URL').fill(`http://127.0.0.1:9/hooks/${width}`);
      await hooks.getByRole('button', { name: 'Add webhook' }).click();
      await hooks.getByText('Signing secret — copy it now, it is not shown again.').waitFor();
      const row = hooks.getByTestId('webhook-row').filter({ hasText: `/hooks/${width}` });
      await row.getByText('Request created, Request approved').waitFor();
      await shoot(page, 'webhooks', width);
      await row.getByRole('switch').click();
      await row.getByText('Off').waitFor();

      // The address and events change in place; the row keeps its switch state.
      await row.getByRole('button', { name: /^Edit webhook/ }).click();
      const editor = page.getByRole('dialog', { name: 'Edit webhook' });
      await editor.getByLabel('Payload URL').fill(`http://127.0.0.1:9/crm/${width}`);
      await editor.getByRole('checkbox', { name: 'Access revoked' }).click();
      await shoot(page, 'webhook-edit', width);
      await editor.getByRole('button', { name: 'Save changes' }).click();
      await editor.waitFor({ state: 'hidden' });
      const edited = hooks.getByTestId('webhook-row').filter({ hasText: `/crm/${width}` });
      await edited.getByText(/Access revoked/).waitFor();
      await edited.getByText('Off').waitFor();
      expect(problems).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
