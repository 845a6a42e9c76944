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

/** Issue 16: the spec behaviours a walk-through found wrong, looked at as a visitor and as staff. */
const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-spec-' });
const widths = [1280, 390] as const;
const shot = (name: string, width: number) => path.join(screenshots, `spec16-${name}-${width}.png`);

async function openPortalPastWelcome(page: Page) {
  await page.goto(`${journey.baseUrl}/acme`);
  const welcome = page.getByRole('dialog', { name: "Welcome to Acme Cloud's Trust Center" });
  await welcome.waitFor();
  await dismissWelcome(page);
}

/** A marker on window survives in-page changes and is gone after a reload. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { spec16Marker: true }));
const isSamePage = (page: Page) => page.evaluate(() => 'spec16Marker' in window);

describe('a visitor', () => {
  it('asks for access from a locked document and from the banner in place, with only the access modal open', async () => {
    for (const width of widths) {
      const context = await journey.newContext(width, { abortNonLoopback: true });
      const page = await context.newPage();
      const problems = watchForErrors(page);
      await openPortalPastWelcome(page);
      await markPage(page);

      const documents = page.locator('[data-card-kind="Documents"]');
      await documents.getByRole('tab', { name: /^Private/ }).click();
      await documents.getByRole('button', { name: 'Get access to Penetration test summary' }).click();
      const modal = page.getByTestId('access-modal');
      await modal.waitFor();
      await settle(page);
      expect(await page.getByRole('dialog').count()).toBe(1);
      expect(await modal.getAttribute('data-tab')).toBe('reclaim-access');
      expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(
        true,
      );
      await page.screenshot({ path: shot('locked-document-get-access', width) });
      await expectNoSeriousAccessibilityViolations(page);
      await page.getByRole('button', { name: 'Close' }).click();
      await modal.waitFor({ state: 'detached' });
      await settle(page);
      expect(await page.getByRole('dialog').count()).toBe(0);

      await page
        .getByTestId('security-review-banner')
        .getByRole('link', { name: /Request access/ })
        .click();
      await page.getByTestId('access-modal').and(page.locator('[data-tab="request-access"]')).waitFor();
      expect(await isSamePage(page)).toBe(true);
      expect(new URL(page.url()).searchParams.get('source')).toBe('banner');
      await settle(page);
      await page.screenshot({ path: shot('banner-request-access', width) });
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('sees 3 security grades with View more, reads what the cookie settings record, and a steady search', async () => {
    for (const width of widths) {
      const context = await journey.newContext(width, { abortNonLoopback: true });
      const page = await context.newPage();
      const problems = watchForErrors(page);
      await openPortalPastWelcome(page);

      const grades = page.locator('[data-card-kind="SecurityGrades"]');
      await grades.scrollIntoViewIfNeeded();
      expect(await grades.getByTestId('security-grades-list').locator('li').count()).toBe(3);
      await grades.getByRole('button', { name: 'View more' }).click();
      expect(await grades.getByTestId('security-grades-list').locator('li').count()).toBeGreaterThan(3);
      await grades.screenshot({ path: shot('security-grades', width) });

      await page.getByRole('button', { name: 'Cookie settings' }).click();
      const cookies = page.getByRole('dialog', { name: 'Cookie settings' });
      await cookies.getByText('Visit statistics').waitFor();
      await settle(page);
      await page.screenshot({ path: shot('cookie-settings', width) });
      await expectNoSeriousAccessibilityViolations(page);
      await cookies.getByRole('button', { name: 'Done' }).click();
      await cookies.waitFor({ state: 'detached' });

      await page.keyboard.press('Control+k');
      const search = page.getByTestId('search-dialog');
      await search.waitFor();
      await settle(page);
      const emptyHeight = (await search.boundingBox())?.height;
      await page.getByTestId('search-input').fill('training');
      await page.getByTestId('search-result').first().waitFor();
      await settle(page);
      expect((await search.boundingBox())?.height).toBe(emptyHeight);
      if (width === 1280)
        expect(await search.getByTestId('search-footer').textContent()).toMatch(/\d+ results/);
      const marks = await search.locator('mark').allTextContents();
      expect(marks.length).toBeGreaterThan(0);
      for (const mark of marks) expect(mark.toLowerCase()).toMatch(/^training/);
      await page.screenshot({ path: shot('search', width) });
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe('a visitor whose subscription fails', () => {
  it('reads the failure inside the open popover, next to its button', async () => {
    for (const width of widths) {
      const context = await journey.newContext(width, { abortNonLoopback: true });
      const page = await context.newPage();
      await openPortalPastWelcome(page);
      // The server fails once: the popover stays open and says so.
      await page.route(/\/subscribe$/, (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"error":{"code":"internal","message":"x"}}',
        }),
      );
      await page.getByTestId('subscribe-button').first().click();
      const popover = page.getByTestId('subscribe-popover');
      await popover.getByRole('textbox').fill('ada@customer.example');
      await popover.getByRole('button', { name: 'Subscribe' }).click();
      await popover.getByRole('alert').waitFor();
      expect(await popover.getByRole('alert').textContent()).toBe(
        'Unfortunately, an unknown error has occurred.',
      );
      await settle(page);
      const button = await popover.getByRole('button', { name: 'Subscribe' }).boundingBox();
      const isButtonOnTop = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid="subscribe-popover"]') != null,
        { x: button!.x + button!.width / 2, y: button!.y + button!.height / 2 },
      );
      expect(isButtonOnTop).toBe(true);
      await page.screenshot({ path: shot('subscribe-failure', width) });
      await context.close();
    }
  });
});

describe('staff in Main mode', () => {
  it('see a hidden topic marked, a failed logo as the building icon, and toasts under the search', async () => {
    const context = await journey.newContext(1280, { abortNonLoopback: true });
    const page = await context.newPage();
    await signInAsStaff(page, journey.baseUrl);
    const { csrfToken } = (await (await page.request.get(`${journey.baseUrl}/api/auth/session`)).json()) as {
      csrfToken: string;
    };
    const headers = { 'x-csrf-token': csrfToken };
    const view = (await (
      await page.request.get(`${journey.baseUrl}/api/statuspage/share/acme/view`)
    ).json()) as {
      product: { productId: string };
    };
    const { topics } = (await (await page.request.get(`${journey.baseUrl}/api/updates/topics`)).json()) as {
      topics: Array<{ id: string; subject: string; isPinned: boolean }>;
    };
    const hidden = topics.find((topic) => !topic.isPinned) ?? topics[0]!;
    const hide = await page.request.patch(`${journey.baseUrl}/api/updates/topics/${hidden.id}`, {
      headers,
      data: { isHidden: true },
    });
    expect(hide.status()).toBe(200);
    // A logo whose address cannot load (the context refuses anything off 127.0.0.1).
    const trustedBy = await page.request.put(
      `${journey.baseUrl}/api/trust-center/products/${view.product.productId}/trusted-by`,
      {
        headers,
        data: {
          companies: [
            {
              source: 'brandfetch',
              domain: 'globex.example',
              name: 'Globex',
              logo: 'https://logos.example/globex.png',
            },
            { source: 'custom', name: 'Initech' },
          ],
        },
      },
    );
    expect(trustedBy.status()).toBe(200);

    for (const width of widths) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      // The refused logo is the one failed load this journey causes on purpose.
      const problems = watchForErrors(page, /status of 401|net::ERR_FAILED/);
      await page.goto(`${journey.baseUrl}/acme`);
      const update = page.getByTestId('trust-update').filter({ hasText: hidden.subject });
      await update.scrollIntoViewIfNeeded();
      expect(await update.getByTestId('hidden-marker').textContent()).toBe('Hidden');
      await update.screenshot({ path: shot('hidden-topic', width) });

      const trusted = page.locator('[data-card-kind="TrustedBy"]');
      await trusted.scrollIntoViewIfNeeded();
      await expect.poll(() => trusted.locator('img').count()).toBe(0);
      expect(await trusted.getByTestId('company-logo-fallback').count()).toBeGreaterThan(0);
      await trusted.screenshot({ path: shot('trusted-by-failed-logo', width) });

      // A staff toast, then the search over it: the toast lies under the dialog.
      await page.locator('[data-card-kind="Esg"]').getByTestId('card-menu-trigger').click();
      await page.getByRole('menuitem', { name: /^(Hide|Show)$/ }).click();
      const toast = page.locator('[data-sonner-toast]').first();
      await toast.waitFor();
      await page.keyboard.press('Control+k');
      await page.getByTestId('search-dialog').waitFor();
      await settle(page);
      const box = await toast.boundingBox();
      if (box) {
        const isToastOnTop = await page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-sonner-toast]') != null,
          { x: box.x + box.width / 2, y: box.y + box.height / 2 },
        );
        expect(isToastOnTop).toBe(false);
      }
      await page.screenshot({ path: shot('toast-under-search', width) });
      await page.keyboard.press('Escape');
      expect(problems).toEqual([]);
    }
    await context.close();
  });
});

describe('staff after revoking an account', () => {
  it("see 'No access', never the old end date, on the account and in the list", async () => {
    const context = await journey.newContext(1280, { abortNonLoopback: true });
    const page = await context.newPage();
    await signInAsStaff(page, journey.baseUrl);
    const { csrfToken } = (await (await page.request.get(`${journey.baseUrl}/api/auth/session`)).json()) as {
      csrfToken: string;
    };
    const { accounts } = (await (await page.request.get(`${journey.baseUrl}/api/accounts`)).json()) as {
      accounts: Array<{ id: string; name: string; reviewStatus: string; accessExpiresAt: string | null }>;
    };
    const approved = accounts.find(
      (account) => account.reviewStatus === 'approved' && account.accessExpiresAt,
    );
    expect(approved).toBeDefined();
    const revoked = await page.request.post(`${journey.baseUrl}/api/accounts/${approved!.id}/revoke`, {
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(revoked.status()).toBe(200);
    for (const width of widths) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      await page.goto(`${journey.baseUrl}/console/accounts/${approved!.id}`);
      const heading = page.getByRole('heading', { level: 1, name: approved!.name });
      await heading.waitFor();
      const summary = page.locator('h1').locator('xpath=../..').locator('p').first();
      expect(await summary.textContent()).toMatch(/^No access · /);
      await settle(page);
      await page.screenshot({ path: shot('revoked-account', width) });
    }
    await context.close();
  });
});
