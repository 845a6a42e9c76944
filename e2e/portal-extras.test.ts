import path from 'node:path';
import type { Page } from 'playwright-core';
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

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-data-' });

/** Clipboard granted for Copy link; anything not on 127.0.0.1 (LinkedIn above all) is refused. */
const newContext = (width: number) =>
  journey.newContext(width, { permissions: ['clipboard-read', 'clipboard-write'], abortNonLoopback: true });

async function openPortalPastWelcome(page: Page) {
  await page.goto(`${journey.baseUrl}/acme`);
  const welcome = page.getByRole('dialog', { name: "Welcome to Acme Cloud's Trust Center" });
  await welcome.waitFor();
  await dismissWelcome(page);
}

const publicUrlPattern = /^http:\/\/127\.0\.0\.1:\d+\/acme$/;

describe('a visitor uses share, help and the security review banner', () => {
  it('sees the banner with both subtitles and the help rows at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const context = await newContext(width);
      const page = await context.newPage();
      const problems = watchForErrors(page);
      await openPortalPastWelcome(page);

      const banner = page.getByTestId('security-review-banner');
      await banner.getByRole('heading', { name: 'Start your security review' }).waitFor();
      expect(await banner.getByText('View & download sensitive information').isVisible()).toBe(true);
      expect(await banner.getByText('Ask for information').isVisible()).toBe(true);
      expect(await banner.getByRole('link', { name: 'Request access' }).getAttribute('href')).toBe(
        '?requestAccess=true&source=banner',
      );

      const help = page.getByTestId('help-section');
      await help.scrollIntoViewIfNeeded();
      expect(await help.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
        'mailto:support@acme.example',
      );
      const report = help.getByRole('link', { name: 'Report issue' });
      expect(await report.getAttribute('href')).toBe('https://acme.example/security/report');
      expect(await report.getAttribute('target')).toBe('_blank');

      await settle(page);
      await page.screenshot({ path: path.join(screenshots, `portal-extras-${width}.png`), fullPage: true });
      await expectNoSeriousAccessibilityViolations(page);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('shares from the left-edge popover at 1280 px: Copy link becomes Copied!, LinkedIn and e-mail links', async () => {
    const context = await newContext(1280);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await openPortalPastWelcome(page);
    expect(await page.getByTestId('share-card').isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const popover = page.getByRole('dialog', { name: 'Share this trust center' });
    await popover.waitFor();
    const linkedIn = await popover.getByRole('link', { name: 'Share to LinkedIn' }).getAttribute('href');
    const shared = new URL(linkedIn ?? '').searchParams.get('url') ?? '';
    expect(linkedIn).toMatch(/^https:\/\/www\.linkedin\.com\/sharing\/share-offsite\/\?url=http%3A%2F%2F127/);
    expect(shared).toMatch(publicUrlPattern);
    const mail = await popover.getByRole('link', { name: 'Share via email' }).getAttribute('href');
    expect(new URLSearchParams(mail?.split('?')[1]).get('body')).toBe(shared);

    await popover.getByRole('button', { name: 'Copy link' }).click();
    await popover.getByText('Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shared);
    await settle(page);
    await page.screenshot({ path: path.join(screenshots, 'portal-extras-share-1280.png') });
    await expectNoSeriousAccessibilityViolations(page);

    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shares from the card at the end of the page at 390 px', async () => {
    const context = await newContext(390);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await openPortalPastWelcome(page);
    expect(await page.getByTestId('share-button').isVisible()).toBe(false);

    // The updates and knowledge base sections arrive after the welcome closes and push the card down.
    await page.getByTestId('knowledge-base-panel').getByTestId('kb-panel-entry').first().waitFor();
    await page.getByTestId('updates-card').waitFor();
    await settle(page);
    const card = page.getByTestId('share-card');
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('button', { name: 'Copy link' }).click();
    await card.getByText('Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(publicUrlPattern);
    expect(await card.getByRole('link', { name: 'Share to LinkedIn' }).getAttribute('target')).toBe('_blank');
    await page.screenshot({ path: path.join(screenshots, 'portal-extras-share-390.png') });
    expect(problems).toEqual([]);
    await context.close();
  });
});

// Runs last: it changes the demo's settings the tests above rely on.
describe('staff change contact and banner settings', () => {
  it('turns Report issue off and the banner small; Main mode hints at Settings, the public sees less', async () => {
    const context = await newContext(1280);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signInAsStaff(page, journey.baseUrl);
    await page.getByRole('link', { name: 'Settings', exact: true }).first().click();

    const contact = page.getByRole('region', { name: 'Contact and help' });
    await contact.waitFor();
    expect(await page.getByLabel('Support mailbox').inputValue()).toBe('support@acme.example');
    await page.getByLabel('Report website').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Enter a web address such as https://example.com.').waitFor();

    await page.getByLabel('Report website').fill('https://acme.example/security/report');
    await page.getByRole('switch', { name: "Show 'Report issue' to visitors" }).click();
    await page.getByLabel('Banner size').selectOption('small');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Settings saved').waitFor();
    await page.setViewportSize({ width: 1280, height: 2000 });
    await contact.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshots, 'portal-extras-settings-1280.png') });
    await expectNoSeriousAccessibilityViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`${journey.baseUrl}/acme`);
    await page.getByTestId('staff-toolbar').waitFor();
    expect(await page.getByTestId('security-review-banner').count()).toBe(0);
    const help = page.getByTestId('help-section');
    await help.scrollIntoViewIfNeeded();
    expect(await help.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      'mailto:support@acme.example',
    );
    expect(await help.getByRole('link', { name: 'Report issue' }).count()).toBe(0);
    expect(await help.getByText('Report issue').isVisible()).toBe(true);
    expect(await help.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/console/settings');
    await page.screenshot({ path: path.join(screenshots, 'portal-extras-main-help-1280.png') });
    await expectNoSeriousAccessibilityViolations(page);

    const visitor = await newContext(390);
    const publicPage = await visitor.newPage();
    const publicProblems = watchForErrors(publicPage);
    await openPortalPastWelcome(publicPage);
    const banner = publicPage.getByTestId('security-review-banner');
    await banner.getByRole('heading', { name: 'Start your security review' }).waitFor();
    expect(await banner.getAttribute('data-size')).toBe('small');
    expect(await banner.getByText('View & download sensitive information').count()).toBe(0);
    const publicHelp = publicPage.getByTestId('help-section');
    expect(await publicHelp.getByText('Contact support').isVisible()).toBe(true);
    expect(await publicHelp.getByText('Report issue').count()).toBe(0);
    await publicPage.screenshot({ path: path.join(screenshots, 'portal-extras-small-banner-390.png') });

    expect(problems).toEqual([]);
    expect(publicProblems).toEqual([]);
    await visitor.close();
    await context.close();
  });
});
