import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dated, demoCalendar } from '../src/server/seed/demo-calendar';
import { cardKinds } from '../src/shared/card-kinds';
import type { CardView } from '../src/shared/cards';
import type { PortalPageData } from '../src/shared/page';
import {
  dismissWelcome,
  expectNoSeriousAccessibilityViolations,
  screenshots,
  settle,
  signInAsStaff,
  useJourneyHarness,
  watchForErrors,
} from './support/journey-harness';

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-cards-' });

/** A public visitor first agrees in the welcome modal; what follows is the page itself. */
async function openAsVisitor(page: Page, url: string) {
  await page.goto(url);
  await dismissWelcome(page);
}

async function pageDataOf(page: Page): Promise<PortalPageData> {
  const json = await page.locator('#attest-page-data').textContent();
  return JSON.parse(json ?? 'null') as PortalPageData;
}

/** What a visitor should see, from the model the server sent: sections in order, empty cards left out. */
function expectedCardKinds(data: PortalPageData): string[] {
  const { sections, cards, specialised } = data.view;
  // Overview, trusted-by and subprocessors hold their own data besides items (specialised cards).
  const ownData: Partial<Record<string, boolean>> = {
    Overview: Boolean(specialised?.overview.trim()),
    TrustedBy: (specialised?.trustedBy.length ?? 0) > 0,
    Subprocessors: (specialised?.subprocessors.length ?? 0) > 0,
  };
  const isShown = (card: CardView) =>
    card.items.length > 0 ||
    ownData[card.kind] === true ||
    (cardKinds[card.kind].section === 'cards' && Boolean(card.placeholder));
  return sections.flatMap((section) =>
    cards
      .filter((card) => cardKinds[card.kind].section === section && isShown(card))
      .map((card) => card.kind),
  );
}

function itemOf(data: PortalPageData, title: string) {
  for (const card of data.view.cards) {
    const item = card.items.find((candidate) => candidate.title === title);
    if (item) return { card, item };
  }
  throw new Error(`no item "${title}" in the page data`);
}

describe('a visitor reads the cards', () => {
  it('sees the cards in order, opens a card by mouse and by keyboard, and reads its items', async () => {
    const context = await journey.newContext(1280);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await openAsVisitor(page, `${journey.baseUrl}/acme`);

    const data = await pageDataOf(page);
    const shownKinds = await page
      .getByTestId('portal-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-card-kind')));
    expect(shownKinds).toEqual(expectedCardKinds(data));
    expect(shownKinds.slice(0, 4)).toEqual(['Overview', 'Certifications', 'TrustedBy', 'Subprocessors']);
    expect(shownKinds).not.toContain('Esg');
    // The demo's documents card holds documents, so visitors see it.
    expect(shownKinds).toContain('Documents');

    // Each card previews its first 3 enabled items; View more shows the rest of them in place.
    // (The risk profile has its own layout now; Data security is a plain card.)
    const plainCard = page.locator('[data-card-kind="DataSecurity"]');
    const enabledCount = data.view.cards
      .find((card) => card.kind === 'DataSecurity')!
      .items.filter((item) => item.enabledState === 'Enabled').length;
    expect(enabledCount).toBeGreaterThan(3);
    expect(await plainCard.getByRole('listitem').count()).toBe(3);
    await plainCard.getByRole('button', { name: 'View more' }).click();
    expect(await plainCard.getByRole('listitem').count()).toBe(enabledCount);
    expect(await plainCard.getByRole('button', { name: 'View less' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.screenshot({ path: path.join(screenshots, 'cards-1280.png'), fullPage: true });
    await expectNoSeriousAccessibilityViolations(page);

    // A click anywhere on the card opens its drawer, here on a previewed item's text.
    const previewed = await page
      .locator('[data-card-kind="Reports"]')
      .getByText('SOC 1 Type II report', { exact: true })
      .boundingBox();
    await page.mouse.click(previewed!.x + previewed!.width / 2, previewed!.y + previewed!.height / 2);
    const reports = page.getByRole('dialog', { name: 'Security reports from our independent auditors' });
    await reports.waitFor();
    await settle(page);
    expect(await reports.getByTestId('item-entry').count()).toBe(6);
    const penTest = reports.getByRole('article', { name: 'Penetration test report' });
    expect(await penTest.textContent()).toContain('Restricted — request access to view');
    expect(await penTest.getByRole('link', { name: 'Request access' }).getAttribute('href')).toBe(
      `/acme?requestAccess=true&itemUid=${itemOf(data, 'Penetration test report').item.itemUid}`,
    );
    const iso = reports.getByRole('article', { name: 'ISO 27701 certificate' });
    expect(await iso.getByRole('listitem').allTextContents()).toEqual(['In Progress']);
    expect(await iso.textContent()).toContain('In progress');
    const soc3 = reports.getByRole('article', { name: 'SOC 3 report' });
    expect(await soc3.textContent()).toMatch(/Modified at [A-Z][a-z]+ \d{1,2}, \d{4} by Alex Admin/);
    expect(
      await soc3.getByRole('link', { name: /acme\.example\/trust\/soc-3\.pdf/ }).getAttribute('target'),
    ).toBe('_blank');
    await page.screenshot({ path: path.join(screenshots, 'cards-drawer-1280.png') });
    await expectNoSeriousAccessibilityViolations(page);

    await page.keyboard.press('Escape');
    await reports.waitFor({ state: 'hidden' });
    // Focus returns to the card's button, so the keyboard user is where they were.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Security reports from our independent auditors',
    );

    // Keyboard: the card's heading is a button; Enter opens, Escape closes.
    const dataSecurity = page
      .locator('[data-card-kind="DataSecurity"]')
      .getByRole('button', { name: 'Data Security', exact: true });
    await dataSecurity.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Data Security' });
    await drawer.waitFor();
    expect(
      await drawer.getByRole('article', { name: 'Data backups' }).getByRole('listitem').allTextContents(),
    ).toEqual(['Every quarter']);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // The subprocessors card is read in place: it has no button that opens a drawer.
    expect(await page.locator('[data-card-kind="Subprocessors"] h2 button').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens an item by ?itemUid=, copies its permalink, and the permalink opens it in a fresh page', async () => {
    const context = await journey.newContext(1280);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.baseUrl });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${journey.baseUrl}/acme`);
    const data = await pageDataOf(page);
    const { item } = itemOf(data, 'Encryption at rest');

    await openAsVisitor(page, `${journey.baseUrl}/acme?itemUid=${item.itemUid}`);
    const drawer = page.getByRole('dialog', { name: 'Data Security' });
    await drawer.waitFor();
    const entry = drawer.getByRole('article', { name: 'Encryption at rest' });
    await expect.poll(() => entry.getAttribute('data-highlighted')).toBe('true');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby')))
      .toBe(await entry.getAttribute('aria-labelledby'));

    const permalink = entry.getByTestId('item-permalink');
    // The demo organisation has several products, so the link names the product (spec 2 §2).
    expect(await permalink.getAttribute('href')).toBe('/acme/product/payroll/encryption-at-rest');
    await permalink.hover();
    await page.getByRole('tooltip', { name: 'Copy link to item' }).waitFor();
    await permalink.click();
    await page.getByRole('tooltip', { name: 'Link copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${journey.baseUrl}/acme/product/payroll/encryption-at-rest`,
    );
    await settle(page);
    await page.screenshot({ path: path.join(screenshots, 'cards-item-link-copied-1280.png') });

    // Escape first dismisses the tooltip, then the drawer. Closing takes the item out of the address.
    await page.keyboard.press('Escape');
    await page.getByRole('tooltip').waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).search).toBe('');
    expect(problems).toEqual([]);
    await context.close();

    for (const width of [1280, 390]) {
      const fresh = await journey.newContext(width);
      const freshPage = await fresh.newPage();
      const freshProblems = watchForErrors(freshPage);
      const response = await freshPage.goto(`${journey.baseUrl}/acme/product/payroll/encryption-at-rest`);
      expect(response?.status()).toBe(200);
      expect(await freshPage.title()).toBe('Encryption at rest | Trust Center | Acme Cloud');
      // The welcome modal comes first; the item opens once it is dismissed, not under it.
      await freshPage.getByRole('button', { name: "Let's Go" }).click();
      const freshDrawer = freshPage.getByRole('dialog', { name: 'Data Security' });
      await freshDrawer.waitFor();
      await settle(freshPage);
      await expect
        .poll(() =>
          freshDrawer.getByRole('article', { name: 'Encryption at rest' }).getAttribute('data-highlighted'),
        )
        .toBe('true');
      expect(await freshPage.getByRole('dialog').count()).toBe(1);
      await freshPage.screenshot({ path: path.join(screenshots, `cards-item-permalink-${width}.png`) });
      await expectNoSeriousAccessibilityViolations(freshPage);
      await freshPage.keyboard.press('Escape');
      await freshDrawer.waitFor({ state: 'hidden' });
      expect(new URL(freshPage.url()).pathname).toBe('/acme');
      expect(freshProblems).toEqual([]);
      await fresh.close();
    }
  });

  it('folds an item’s details behind More details, opened by mouse and keyboard, and counts each opening', async () => {
    const visitors = [];
    let itemUid = '';
    for (const width of [1280, 390]) {
      const context = await journey.newContext(width);
      visitors.push(context);
      const page = await context.newPage();
      const problems = watchForErrors(page);
      await page.goto(`${journey.baseUrl}/acme`);
      const { card, item } = itemOf(await pageDataOf(page), 'SOC 2');
      expect(card.kind).toBe('Certifications');
      itemUid = item.itemUid;
      await openAsVisitor(page, `${journey.baseUrl}/acme?itemUid=${item.itemUid}`);
      const drawer = page.getByRole('dialog', { name: card.displayText?.trim() || card.title });
      await drawer.waitFor();
      const entry = drawer.getByRole('article', { name: 'SOC 2', exact: true });
      await expect.poll(() => entry.getAttribute('data-highlighted')).toBe('true');
      await settle(page);
      // An item without auditor, expiry or maturity has nothing to fold and no toggle.
      const gdpr = drawer.getByRole('article', { name: 'GDPR', exact: true });
      await gdpr.waitFor();
      expect(await gdpr.getByRole('button', { name: /details/ }).count()).toBe(0);

      const toggle = entry.getByRole('button', { name: 'More details' });
      const details = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await details.isVisible()).toBe(false);
      await entry.screenshot({ path: path.join(screenshots, `cards-item-details-closed-${width}.png`) });

      await toggle.click();
      const lessDetails = entry.getByRole('button', { name: 'Less details' });
      expect(await lessDetails.getAttribute('aria-expanded')).toBe('true');
      await details.waitFor();
      expect((await details.innerText()).replace(/\s+/g, ' ')).toBe(
        // The demo dates its story from the day it is seeded: the server started today.
        dated('Auditor: Schellman Expires: {nextSocPeriodEnd}', demoCalendar()),
      );
      await entry.screenshot({ path: path.join(screenshots, `cards-item-details-open-${width}.png`) });
      await expectNoSeriousAccessibilityViolations(page);

      // Keyboard: the toggle is a button; Enter folds the details, Space unfolds them again.
      await lessDetails.focus();
      await page.keyboard.press('Enter');
      await details.waitFor({ state: 'hidden' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await page.keyboard.press('Space');
      await details.waitFor();
      expect(await lessDetails.getAttribute('aria-expanded')).toBe('true');
      expect(problems).toEqual([]);
    }

    // Two openings per visitor, no closing: staff find exactly four in the events export. The
    // visitors' pages stay open meanwhile; their script sends the queued events on its batch timer.
    const staffContext = await journey.newContext(1280);
    const staffPage = await staffContext.newPage();
    await signInAsStaff(staffPage, journey.baseUrl);
    const today = new Date().toISOString().slice(0, 10);
    const openings = () =>
      staffPage.evaluate(
        async ({ day, uid }) => {
          const response = await fetch(`/api/analytics/export?from=${day}&to=${day}&report=events`);
          const rows = (await response.text()).split('\r\n');
          return rows.filter((row) => row.includes('"more_details_toggled"') && row.includes(`"${uid}"`))
            .length;
        },
        { day: today, uid: itemUid },
      );
    await expect.poll(openings, { timeout: 20_000, interval: 500 }).toBe(4);
    for (const context of visitors) await context.close();
    await staffContext.close();
  });

  it('opens a locked item by its custom url, and answers 404 for an item that is not there', async () => {
    const context = await journey.newContext(390);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await openAsVisitor(page, `${journey.baseUrl}/acme/item/soc-2-report`);
    const drawer = page.getByRole('dialog', { name: 'Security reports from our independent auditors' });
    await drawer.waitFor();
    const soc2 = drawer.getByRole('article', { name: 'SOC 2 Type II report' });
    await expect.poll(() => soc2.getAttribute('data-highlighted')).toBe('true');
    expect(await soc2.textContent()).toContain('Restricted — request access to view');
    await settle(page);
    await page.screenshot({ path: path.join(screenshots, 'cards-locked-item-390.png') });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await page.screenshot({ path: path.join(screenshots, 'cards-390.png'), fullPage: true });
    await expectNoSeriousAccessibilityViolations(page);

    expect(problems).toEqual([]);

    const missing = await page.goto(`${journey.baseUrl}/acme/item/no-such-item`);
    expect(missing?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await context.close();
  });
});

describe('staff in Main mode', () => {
  it('see hidden cards marked, every item with its state, and public items tagged', async () => {
    const context = await journey.newContext(1280);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signInAsStaff(page, journey.baseUrl);

    await page.goto(`${journey.baseUrl}/acme`);
    await page.getByTestId('staff-toolbar').waitFor();
    const esg = page.locator('[data-card-kind="Esg"]');
    expect(await esg.getByText('Hidden', { exact: true }).count()).toBe(1);
    await page
      .locator('[data-card-kind="DataSecurity"]')
      .getByRole('button', { name: 'Data Security', exact: true })
      .click();
    const drawer = page.getByRole('dialog', { name: 'Data Security' });
    await drawer.waitFor();
    await settle(page);
    const entries = drawer.getByTestId('item-entry');
    expect(await entries.count()).toBeGreaterThan(8);
    const states = await entries.evaluateAll((articles) =>
      articles.map((article) => article.querySelector('.sr-only')?.textContent),
    );
    expect(states).toContain('Not enabled');
    expect(await drawer.getByText('Public Access').count()).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(screenshots, 'cards-main-drawer-1280.png') });
    await expectNoSeriousAccessibilityViolations(page);

    // Closing the drawer while the editor holds unsaved changes asks first.
    await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
    await drawer.getByRole('textbox').first().fill('Data Security and Encryption');
    await page.keyboard.press('Escape');
    const confirm = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await drawer.isVisible()).toBe(true);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await confirm.getByRole('button', { name: 'Discard changes' }).click();
    await drawer.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
