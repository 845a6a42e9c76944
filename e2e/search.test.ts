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

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-search-' });

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshots, name) });

async function searchFor(page: Page, term: string) {
  const dialog = page.getByTestId('search-dialog');
  await dialog.waitFor();
  await page.getByTestId('search-input').fill(term);
  await page.getByTestId('search-result').first().waitFor();
  await settle(page);
  return dialog;
}

describe('search, Ask AI and the knowledge base on the web', () => {
  it('a public visitor searches locally with Ctrl+K and opens a result; the knowledge base filters and pages', {
    timeout: 300_000,
  }, async () => {
    for (const width of [1280, 390]) {
      const context = await journey.newContext(width, { abortNonLoopback: true });
      const page = await context.newPage();
      const problems = watchForErrors(page);
      await page.goto(`${journey.baseUrl}/acme`);
      // A first visit agrees in the welcome modal; the page itself follows.
      await page.getByRole('button', { name: "Let's Go" }).click();
      const searchRequests: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/search'))
          searchRequests.push(request.url());
      });

      if (width === 1280) await page.keyboard.press('Control+k');
      else await page.getByTestId('search-box').click();
      await searchFor(page, 'encryption');
      expect(searchRequests).toEqual([]);
      await expect.poll(() => page.getByTestId('search-footer').textContent()).toMatch(/\d+ results/);
      if (width === 1280) {
        expect(await page.getByTestId('search-side-panel').textContent()).not.toBe('');
        expect(await page.getByText('Top match').count()).toBe(1);
      }
      await expectNoSeriousAccessibilityViolations(page);
      await shot(page, `search-dialog-results-${width}.png`);

      if (width === 1280) {
        // Enter opens the selected item at its ?itemUid= address, in the page: no reload.
        await page.evaluate(() => {
          (window as { searchMarker?: string }).searchMarker = 'still here';
        });
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('ArrowUp');
        const selectedTitle = await page
          .getByTestId('search-result')
          .and(page.locator('[aria-selected="true"]'))
          .locator('.truncate')
          .first()
          .textContent();
        await page.keyboard.press('Enter');
        await expect.poll(() => page.url()).toMatch(/\?itemUid=[0-9a-f-]{36}$/);
        await expect.poll(() => page.getByTestId('search-dialog').count()).toBe(0);
        const highlighted = page.locator('[data-highlighted]');
        await highlighted.waitFor();
        expect(await highlighted.textContent()).toContain(selectedTitle);
        expect(await page.evaluate(() => (window as { searchMarker?: string }).searchMarker)).toBe(
          'still here',
        );
        await settle(page);
        await shot(page, 'search-opened-item-1280.png');
        const itemAddress = page.url();

        // Back leaves the item's address and closes its drawer; Forward opens it again. No reload.
        const drawer = page.getByRole('dialog');
        await page.goBack();
        await expect.poll(() => page.url()).toBe(`${journey.baseUrl}/acme`);
        await drawer.waitFor({ state: 'hidden' });
        expect(await highlighted.count()).toBe(0);
        await page.goForward();
        await expect.poll(() => page.url()).toBe(itemAddress);
        await drawer.waitFor();
        expect(await highlighted.textContent()).toContain(selectedTitle);
        expect(await page.evaluate(() => (window as { searchMarker?: string }).searchMarker)).toBe(
          'still here',
        );

        // Closing the drawer itself takes the item out of the address.
        await settle(page);
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden' });
        await expect.poll(() => page.url()).not.toContain('itemUid=');
      } else {
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByTestId('search-dialog').count()).toBe(0);
      }

      // Knowledge base: first entries, then the large dialog.
      await page.goto(`${journey.baseUrl}/acme`);
      const panel = page.getByTestId('knowledge-base-panel');
      await panel.scrollIntoViewIfNeeded();
      await panel.getByTestId('kb-panel-entry').first().waitFor();
      await settle(page);
      await panel.screenshot({ path: path.join(screenshots, `kb-panel-${width}.png`) });
      await panel.getByRole('button', { name: 'View more' }).click();
      const kbDialog = page.getByTestId('kb-dialog');
      await kbDialog.getByTestId('kb-row').first().waitFor();
      expect(await kbDialog.getByTestId('kb-filters').count()).toBe(0);
      expect(await kbDialog.getByTestId('kb-row').count()).toBe(10);
      await kbDialog.getByTestId('kb-search').fill('MFA');
      await expect.poll(() => kbDialog.getByTestId('kb-row').count()).toBeLessThan(10);
      if (width === 1280) {
        await kbDialog.getByTestId('kb-row').first().click();
        await kbDialog.getByTestId('kb-details').waitFor();
      }
      await settle(page);
      await expectNoSeriousAccessibilityViolations(page);
      await shot(page, `kb-dialog-${width}.png`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('staff previewing as an account search the server and Ask AI answers with sources', {
    timeout: 300_000,
  }, async () => {
    for (const width of [1280, 390]) {
      const context = await journey.newContext(width, { abortNonLoopback: true });
      const page = await context.newPage();
      const problems = watchForErrors(page);
      await signInAsStaff(page, journey.baseUrl);
      const { accounts } = (await (await page.request.get(`${journey.baseUrl}/api/accounts`)).json()) as {
        accounts: Array<{ id: string; reviewStatus: string }>;
      };
      const approved = accounts.find((account) => account.reviewStatus === 'approved')!;
      await page.goto(`${journey.baseUrl}/acme?accountId=${approved.id}`);
      const searchCalls: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && /\/search(\?|$)/.test(request.url()))
          searchCalls.push(request.url());
      });
      await page.getByTestId('search-box').click();
      await searchFor(page, 'multi-factor authentication');
      expect(searchCalls.length).toBeGreaterThan(0);
      await shot(page, `search-dialog-server-${width}.png`);

      const modeSwitch = page.getByTestId('search-mode-switch');
      if ((await modeSwitch.getAttribute('aria-checked')) !== 'true') await modeSwitch.click();
      await page.getByTestId('search-input').fill('Is MFA enforced for employees?');
      await page.getByTestId('search-input').press('Enter');
      await page.getByTestId('answer').waitFor();
      await expect.poll(() => page.getByTestId('answer').textContent()).toMatch(/Generated from \d+ sources/);
      await page.waitForTimeout(1500);
      await settle(page);
      await expectNoSeriousAccessibilityViolations(page);
      await shot(page, `search-ai-answer-${width}.png`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('the console lists, adds and exports knowledge base entries and the unanswered questions', {
    timeout: 300_000,
  }, async () => {
    const context = await journey.newContext(1280);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signInAsStaff(page, journey.baseUrl);
    await page.getByRole('link', { name: 'Knowledge base' }).click();
    await page.getByRole('heading', { name: 'Knowledge base', level: 1 }).waitFor();
    await page.getByTestId('kb-console-row').first().waitFor();
    await page.getByRole('button', { name: 'Add entry' }).click();
    const form = page.getByRole('dialog', { name: 'Add entry' });
    await form.getByRole('button', { name: 'Add entry' }).click();
    await expect
      .poll(() => form.getByRole('alert').allTextContents())
      .toEqual(expect.arrayContaining(['Question is required', 'Answer is required']));
    await form.getByLabel('Question').fill('Do you run a bug bounty programme?');
    await form.getByLabel('Answer').fill('Yes, a private programme with a managed platform.');
    await form.getByRole('button', { name: 'Add entry' }).click();
    await expect.poll(() => form.count()).toBe(0);
    const exported = await page.request.get(`${journey.baseUrl}/api/kb/entries/export?bom=1`);
    expect((await exported.text()).startsWith('\uFEFF')).toBe(true);
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await shot(page, 'kb-console-1280.png');
    expect(problems).toEqual([]);
    await context.close();
  });
});
