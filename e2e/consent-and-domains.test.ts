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

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-consent-' });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshots, name) });

describe('cookie consent, scripts and custom domain', () => {
  it('staff configure scripts; visitors load nothing third-party before consent', {
    timeout: 300_000,
  }, async () => {
    const staffContext = await journey.newContext(1280, { abortNonLoopback: true });
    const staffPage = await staffContext.newPage();
    await signInAsStaff(staffPage, journey.baseUrl);
    await staffPage.getByRole('link', { name: 'Domain and scripts' }).click();
    await staffPage.getByLabel('Google Tag Manager container id').fill('GTM-AB12CD3');
    await staffPage.getByLabel('Google tag (gtag) id').fill('G-AB12CD34EF');
    await staffPage.getByLabel('Type').selectOption('paypal');
    await staffPage.getByLabel('Banner id').fill('not a valid id!');
    await staffPage.getByRole('button', { name: 'Save scripts' }).click();
    await staffPage
      .getByText(/Not a valid PayPal consent id/)
      .first()
      .waitFor();
    await staffPage.getByLabel('Type').selectOption('');
    await staffPage.getByRole('button', { name: 'Save scripts' }).click();
    await staffPage.getByText('Scripts and cookie banner saved').waitFor();

    await staffPage.getByRole('textbox', { name: 'Custom domain' }).fill('trust.acme.example');
    await staffPage.getByRole('button', { name: 'Set domain' }).click();
    await staffPage.getByTestId('domain-claim').waitFor();
    expect(await staffPage.getByTestId('domain-claim').textContent()).toContain(
      '_attest-challenge.trust.acme.example',
    );
    await settle(staffPage);
    await expectNoSeriousAccessibilityViolations(staffPage);
    await shot(staffPage, 'console-domain-and-scripts-1280.png');

    await staffPage.getByRole('link', { name: 'Plan features' }).click();
    await staffPage.getByLabel('Trust Center AI').waitFor();
    await expectNoSeriousAccessibilityViolations(staffPage);
    await shot(staffPage, 'console-plan-features-1280.png');
    await staffContext.close();

    for (const width of [1280, 390]) {
      const context = await journey.browser.newContext({ viewport: { width, height: 900 } });
      const thirdParty: string[] = [];
      await context.route(
        (url) => url.hostname !== '127.0.0.1',
        (route) => {
          thirdParty.push(route.request().url());
          return route.abort();
        },
      );
      const page = await context.newPage();
      const problems = watchForErrors(page, /status of 401|net::ERR_FAILED/);
      const response = await page.goto(`${journey.baseUrl}/acme`);
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain('https://www.googletagmanager.com');
      expect(csp).not.toContain('intercom');
      expect(csp).not.toContain("unsafe-inline' https");
      await page.getByRole('button', { name: "Let's Go" }).click();
      await page.getByRole('heading', { name: 'Your privacy choices' }).waitFor();
      await settle(page);
      expect(thirdParty).toEqual([]);
      await expectNoSeriousAccessibilityViolations(page);
      await shot(page, `consent-banner-${width}.png`);

      await page.getByRole('button', { name: 'Customise' }).click();
      await page.getByRole('dialog', { name: 'Cookie settings' }).waitFor();
      await settle(page);
      expect(thirdParty).toEqual([]);
      await expectNoSeriousAccessibilityViolations(page);
      await shot(page, `cookie-declaration-${width}.png`);
      await page.getByRole('button', { name: 'Reject all' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(thirdParty).toEqual([]);

      // The footer link reopens the dialog; allowing analytics loads the two Google scripts.
      await page.getByRole('button', { name: 'Cookie settings' }).click();
      await page.getByRole('dialog', { name: 'Cookie settings' }).waitFor();
      await page.getByRole('switch', { name: 'Analytics' }).click();
      await page.getByRole('button', { name: 'Save choices' }).click();
      await expect.poll(() => thirdParty.length).toBe(2);
      expect(thirdParty.sort()).toEqual([
        'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF',
        'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3',
      ]);
      expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
