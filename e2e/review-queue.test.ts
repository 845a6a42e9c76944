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
import { type Requester, requestAccessThroughPortal } from './support/visitors';

// Every visitor asks from an address of their own (X-Forwarded-For), as they would in real life.
const journey = useJourneyHarness({
  dataDirectoryPrefix: 'attest-e2e-review-queue-',
  env: { TRUST_PROXY: 'true' },
});

const companies = ['Northwind', 'Contoso', 'Fabrikam', 'Hooli', 'Wonka', 'Tyrell', 'Cyberdyne', 'Aperture'];
let client = 0;

async function requestAccess(person: Requester) {
  client += 1;
  const answer = await requestAccessThroughPortal(journey.baseUrl, person, {
    'x-forwarded-for': `198.51.100.${client}`,
  });
  expect(answer.outcome).toBe('pending');
}

async function shoot(page: Page, name: string, width: number) {
  await settle(page);
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: path.join(screenshots, `${name}-${width}.png`) });
}

const rows = (page: Page) => page.getByTestId('access-request-row');

describe('the review queue', () => {
  it('pages, searches, shows a request with its history, and approves a selection in bulk', async () => {
    for (const [index, name] of ['Ada Lovelace', 'Charles Babbage', 'Mary Somerville'].entries()) {
      const [firstName, lastName] = name.split(' ') as [string, string];
      await requestAccess({
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}@engines.example`,
        companyName: index === 0 ? 'Analytical Engines' : 'Analytical Engines Ltd',
      });
    }
    for (let index = 0; index < 28; index++) {
      const company = companies[index % companies.length]!;
      await requestAccess({
        firstName: `Visitor`,
        lastName: `Number ${String.fromCharCode(65 + (index % 26))}`,
        email: `visitor${index}@${company.toLowerCase()}.example`,
        companyName: company,
      });
    }

    const context = await journey.newContext(1280);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signInAsStaff(page, journey.baseUrl);
    await page.getByRole('link', { name: /Access requests/ }).click();
    await page.getByRole('heading', { name: 'Access requests' }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(25);
    const pendingTab = page.getByRole('link', { name: /^Pending \d+$/ });
    const pending = Number((await pendingTab.textContent())?.replace(/\D/g, ''));
    expect(pending).toBeGreaterThanOrEqual(31);
    await page.getByText(`Showing 1–25 of ${pending}`).waitFor();
    await shoot(page, 'review-queue', 1280);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Showing 26–${pending} of ${pending}`).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    await page.getByLabel('Search requests').fill('engines.example');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('engines.example');
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();

    await page.getByRole('button', { name: 'Details of Ada Lovelace' }).click();
    const drawer = page.getByRole('dialog', { name: 'Ada Lovelace' });
    await drawer.getByRole('heading', { name: 'Other people at engines.example' }).waitFor();
    await drawer.getByText('charles@engines.example').waitFor();
    await drawer.getByText('mary@engines.example').waitFor();
    await shoot(page, 'review-queue-details', 1280);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await page.getByLabel('Select every pending request on this page').click();
    await page.getByText('3 requests selected').waitFor();
    await page.getByRole('button', { name: 'Approve 3', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Approve 3 access requests?' });
    await confirm.getByLabel('Access duration (days)').fill('90');
    await shoot(page, 'review-queue-bulk-approve', 1280);
    await confirm.getByRole('button', { name: 'Approve 3 requests' }).click();
    await page.getByText('3 requests approved').waitFor();
    await page.getByText('No requests match this view').waitFor();

    // The view is its address: a colleague opening the link sees the same requests.
    const shared = await context.newPage();
    await shared.goto(
      `${journey.baseUrl}/console/access-requests?status=approved&q=engines.example&sort=name`,
    );
    await expect.poll(() => rows(shared).count()).toBe(3);
    expect(await rows(shared).first().textContent()).toContain('Ada Lovelace');
    await shared.close();

    // Every pending request the view matches, beyond its first page, can be selected at once.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBeNull();
    await page.getByText(`Showing 1–25 of ${pending - 3}`).waitFor();
    expect(await page.getByLabel('Search requests').inputValue()).toBe('');
    await page.getByLabel('Select every pending request on this page').click();
    await page.getByText('25 requests selected').waitFor();
    await page.getByRole('button', { name: `Select all ${pending - 3} pending requests that match` }).click();
    await page.getByText(`All ${pending - 3} pending requests that match are selected.`).waitFor();
    await page.getByText(`${pending - 3} requests selected`).waitFor();
    await shoot(page, 'review-queue-all-matching', 1280);
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await page.getByText('requests selected').waitFor({ state: 'hidden' });

    // Working through the queue from the keyboard.
    await page.locator('body').press('j');
    const active = page.locator('[data-testid="access-request-row"][data-active="true"]');
    const activeName = (await active.getByRole('checkbox').getAttribute('aria-label'))?.replace(
      'Select ',
      '',
    );
    expect(activeName).toBeTruthy();
    await page.keyboard.press('d');
    const decline = page.getByRole('dialog', { name: 'Decline access request' });
    await decline.waitFor();
    expect(await decline.textContent()).toContain(activeName);
    await decline.getByLabel('Reason (optional)').fill('Only for customers.');
    await decline.getByRole('button', { name: 'Decline' }).click();
    await decline.waitFor({ state: 'hidden' });
    await page.getByText(`Showing 1–25 of ${pending - 4}`).waitFor();
    await page.keyboard.press('j');
    await page.keyboard.press('a');
    await page.getByRole('dialog', { name: /Approve access/ }).waitFor();
    await page.keyboard.press('Escape');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits a phone: no sideways scrolling, Approve and Decline within reach', async () => {
    const context = await journey.newContext(390);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signInAsStaff(page, journey.baseUrl);
    await page.goto(`${journey.baseUrl}/console/access-requests`);
    await rows(page).first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const label of [/^Approve /, /^Decline /]) {
      const box = await rows(page).first().getByRole('button', { name: label }).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    await shoot(page, 'review-queue', 390);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Requester type').waitFor();
    await shoot(page, 'review-queue-filters', 390);
    expect(problems).toEqual([]);
    await context.close();
  });
});
