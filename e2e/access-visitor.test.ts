import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  dismissWelcome,
  expectNoSeriousAccessibilityViolations,
  screenshots,
  settle,
  useJourneyHarness,
  watchForErrors,
} from './support/journey-harness';

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-access-' });

async function shoot(page: Page, name: string) {
  await settle(page);
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: path.join(screenshots, name) });
}

describe('access for visitors', () => {
  for (const width of [1280, 390]) {
    it(`login and request tabs, then 'request sent', at ${width} px`, async () => {
      const context = await journey.newContext(width);
      const page = await context.newPage();
      const problems = watchForErrors(page);
      await page.goto(`${journey.baseUrl}/acme?loginRequest=true&source=e2e`);
      await dismissWelcome(page);
      const modal = page.getByRole('dialog', { name: "Get access to Acme Cloud's portal" });
      await modal.waitFor();
      await shoot(page, `access-login-${width}.png`);

      await modal.getByRole('button', { name: 'Request Access' }).click();
      const request = page.getByRole('dialog', { name: 'Request Access' });
      await request.waitFor();
      expect(new URL(page.url()).searchParams.get('requestAccess')).toBe('true');
      await request.getByRole('button', { name: 'Submit Request' }).click();
      await request.getByText('First name is required').waitFor();
      await shoot(page, `access-request-errors-${width}.png`);

      const email = `ada.${width}@customer.example`;
      await request.getByLabel('First name').fill('Ada');
      await request.getByLabel('Last name').fill('Lovelace');
      await request.getByLabel('Work email').fill(email);
      await request.getByLabel('Company name').fill('Customer Ltd');
      await request.getByRole('checkbox', { name: /I agree to the/ }).check();
      await request.getByRole('button', { name: 'Submit Request' }).click();
      const sent = page.getByRole('dialog', { name: 'Request sent' });
      await sent.waitFor();
      await expect(sent.getByText(email)).toBeTruthy();
      await shoot(page, `access-request-sent-${width}.png`);
      expect(new URL(page.url()).searchParams.has('requestAccess')).toBe(false);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
