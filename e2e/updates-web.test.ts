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

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-updates-' });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshots, name), fullPage: false });

/** A topic through the staff API, so the card has pages, a pinned topic and a recent update. */
async function publishTopic(page: Page, csrf: string, body: Record<string, unknown>) {
  const response = await page.request.post(`${journey.baseUrl}/api/updates/topics`, {
    headers: { 'x-csrf-token': csrf },
    data: { channels: { statusPage: true, statusPageAudience: 'public' }, ...body },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string };
}

describe('trust updates on the web', () => {
  it('staff publish from the console and in place; visitors page the card, follow the bar to the update', {
    timeout: 300_000,
  }, async () => {
    const context = await journey.newContext(1280);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signInAsStaff(page, journey.baseUrl);
    const { csrfToken } = (await (await page.request.get(`${journey.baseUrl}/api/auth/session`)).json()) as {
      csrfToken: string;
    };

    // The console publish dialog: every rule answers under its field, then a valid topic publishes.
    await page.goto(`${journey.baseUrl}/console/updates`);
    await page.getByRole('heading', { name: 'Updates', level: 1 }).waitFor();
    await page.getByTestId('console-publish-update').click();
    const dialog = page.getByRole('dialog', { name: 'Publish update' });
    await dialog.waitFor();
    await dialog.getByLabel('E-mail', { exact: true }).click();
    await dialog.getByLabel('Addresses').fill('not-an-address');
    await dialog.getByLabel('Addresses').press('Enter');
    await dialog.getByRole('button', { name: 'Publish update' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').allTextContents())
      .toEqual(
        expect.arrayContaining(['Subject is required', 'Category is required', 'Message is required']),
      );
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await shot(page, 'updates-publish-dialog-errors-1280.png');
    await dialog.getByRole('button', { name: 'Remove not-an-address' }).click();
    await dialog.getByLabel('Subject').fill('SOC 2 Type II report for 2025 is available');
    await dialog.getByLabel('Category').selectOption('compliance');
    await dialog
      .getByLabel('Message', { exact: true })
      .fill(
        'Our **SOC 2 Type II** report is ready.\n\n- Period: 12 months\n- No exceptions\n\n[Request it](https://acme.example/soc2)',
      );
    await dialog.getByRole('radio', { name: 'Preview' }).click();
    await dialog.getByTestId('message-preview').getByRole('link', { name: 'Request it' }).waitFor();
    await dialog.getByLabel('Pin this topic').click();
    await settle(page);
    await shot(page, 'updates-publish-dialog-preview-1280.png');
    await dialog.getByRole('button', { name: 'Publish update' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('article', { name: 'SOC 2 Type II report for 2025 is available' }).waitFor();

    for (let index = 1; index <= 6; index++) {
      await publishTopic(page, csrfToken, {
        subject: `Quarterly penetration test ${index} completed`,
        category: index % 2 ? 'vulnerabilities' : 'general',
        message: `Findings of round ${index} are fixed. <script>window.__attestScript = true</script>`,
      });
    }
    await page.reload();
    await page.getByRole('article', { name: 'Quarterly penetration test 6 completed' }).waitFor();
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await shot(page, 'updates-console-1280.png');

    // In place (Main mode): the card offers Publish update, which opens the same dialog lazily.
    await page.goto(`${journey.baseUrl}/acme`);
    const card = page.getByTestId('updates-card');
    await card.waitFor();
    await card.getByTestId('publish-update-button').click();
    await page.getByRole('dialog', { name: 'Publish update' }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`${journey.baseUrl}/console/webhooks`);
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByLabel('Payload URL').fill('https://hooks.example.com/attest');
    await page.getByRole('checkbox', { name: 'Update published' }).click();
    // Every category is chosen when updates are; this one leaves incidents out.
    await page.getByRole('checkbox', { name: 'Incidents' }).click();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByTestId('webhook-row').waitFor();
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await page.screenshot({ path: path.join(screenshots, 'webhooks-1280.png'), fullPage: true });
    // Paused, then moved to another address with another category, in place (its secret stays).
    const webhookRow = page.getByTestId('webhook-row');
    await webhookRow
      .getByText(/^Update published \(Compliance, Vulnerabilities, Subprocessors, General\)/)
      .waitFor();
    await webhookRow.getByRole('switch').click();
    await webhookRow.getByText('Off').waitFor();
    await webhookRow.getByRole('button', { name: /^Edit webhook/ }).click();
    const webhookEditor = page.getByRole('dialog', { name: 'Edit webhook' });
    await webhookEditor.getByLabel('Payload URL').fill('https://hooks.example.com/attest-incidents');
    await webhookEditor.getByRole('checkbox', { name: 'Incidents' }).click();
    await webhookEditor.getByRole('button', { name: 'Save changes' }).click();
    await webhookEditor.waitFor({ state: 'hidden' });
    await webhookRow.getByText('https://hooks.example.com/attest-incidents').waitFor();
    await webhookRow.getByText(/General, Incidents\)/).waitFor();
    await webhookRow.getByText('Off').waitFor();

    // A visitor: the bar names the newest topic; the card pages 5 at a time with the pinned one first.
    for (const width of [1280, 390]) {
      const visitor = await journey.newContext(width);
      const visitorPage = await visitor.newPage();
      // Reduced motion makes the jump to the highlighted update instant, so its end position is checkable.
      await visitorPage.emulateMedia({ reducedMotion: 'reduce' });
      const visitorProblems = watchForErrors(visitorPage);
      await visitorPage.goto(`${journey.baseUrl}/acme`);
      await visitorPage.getByRole('button', { name: "Let's Go" }).click();
      const bar = visitorPage.getByTestId('updates-notification-bar');
      await bar.waitFor();
      expect(await bar.textContent()).toContain(
        width < 768 ? 'Recent trust updates available' : 'Quarterly penetration test 6 completed',
      );
      const visitorCard = visitorPage.getByTestId('updates-card');
      await visitorCard.waitFor();
      await visitorCard.getByTestId('trust-update').first().waitFor();
      expect(await visitorCard.getByTestId('trust-update').count()).toBe(5);
      expect(await visitorCard.getByTestId('trust-update').first().textContent()).toContain('Pinned');
      expect(await visitorPage.evaluate(() => 'attestScript' in window || '__attestScript' in window)).toBe(
        false,
      );
      await settle(visitorPage);
      await shot(visitorPage, `updates-notification-bar-${width}.png`);
      await visitorCard.scrollIntoViewIfNeeded();
      await settle(visitorPage);
      await expectNoSeriousAccessibilityViolations(visitorPage);
      await visitorCard.screenshot({ path: path.join(screenshots, `updates-card-${width}.png`) });

      await visitorCard.getByRole('button', { name: 'Next' }).click();
      await visitorCard.getByText(/^Page 2 of/).waitFor();
      await visitorPage.evaluate(() => window.scrollTo(0, 0));
      await bar.getByRole('link').click();
      await visitorPage.waitForURL(/tcuUid=/);
      const highlighted = visitorCard.locator('[data-highlighted="true"]');
      await highlighted.waitFor();
      expect(await highlighted.textContent()).toContain('Quarterly penetration test 6 completed');
      // 200 px below the top, unless the page ends before the window could scroll that far.
      await expect
        .poll(
          () =>
            highlighted.evaluate((element) => {
              const wanted = element.getBoundingClientRect().top + window.scrollY - 200;
              const reachable = document.documentElement.scrollHeight - window.innerHeight;
              return Math.abs(window.scrollY - Math.min(wanted, reachable)) <= 1
                ? true
                : `scrollY ${window.scrollY}, wanted ${wanted}, reachable ${reachable}`;
            }),
          { timeout: 10_000 },
        )
        .toBe(true);
      await settle(visitorPage);
      await shot(visitorPage, `updates-highlight-${width}.png`);
      expect(visitorProblems).toEqual([]);
      await visitor.close();
    }

    expect(problems).toEqual([]);
    await context.close();
  });
});
