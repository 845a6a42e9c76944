import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  closeCardEditor,
  dismissWelcome,
  expectNoSeriousAccessibilityViolations,
  openCardEditor,
  screenshots,
  settle,
  signInAsStaff,
  useJourneyHarness,
  watchForErrors,
} from './support/journey-harness';

/** Issue 16 items 9, 29, 30, 32, 33, 35: ?edit, the documents and subprocessors cards on a phone,
 * the knowledge base grid, the specialised editors' one Save, and the branded small pages. */
const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-spec-staff-' });
const widths = [1280, 390] as const;
const shot = (name: string, width: number) => path.join(screenshots, `spec16b-${name}-${width}.png`);

type Box = { x: number; y: number; width: number; height: number };
async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const isInside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.viewport);
}

describe('staff following an address with ?edit', () => {
  it("get the item's editor on its permalink and the card's editor with ?edit={card}; a missing item is a 404", async () => {
    for (const width of widths) {
      const context = await journey.newContext(width, { abortNonLoopback: true });
      const page = await context.newPage();
      const problems = watchForErrors(page);
      await signInAsStaff(page, journey.baseUrl);
      const view = (await (
        await page.request.get(`${journey.baseUrl}/api/statuspage/share/acme/view`)
      ).json()) as { cards: Array<{ kind: string; items: Array<{ itemUid: string; title: string }> }> };
      const item = view.cards
        .find((card) => card.kind === 'AccessControl')!
        .items.find((candidate) => candidate.title === 'Least privilege')!;

      await page.goto(`${journey.baseUrl}/acme/item/least-privilege?edit`);
      const editor = page.getByTestId('drawer-editor');
      await editor.waitFor();
      const itemFields = editor.locator(`[data-item-uid="${item.itemUid}"]`);
      await expect
        .poll(() => itemFields.evaluate((element) => element.contains(document.activeElement)))
        .toBe(true);
      await settle(page);
      await page.screenshot({ path: shot('edit-item', width) });
      await expectNoSeriousAccessibilityViolations(page);
      await closeCardEditor(page);
      expect(new URL(page.url()).searchParams.has('edit')).toBe(false);

      await page.goto(`${journey.baseUrl}/acme?edit=Policies`);
      await page.getByTestId('drawer-editor').waitFor();
      expect(await page.getByRole('dialog').getByRole('heading', { name: 'Policies' }).count()).toBe(1);
      await settle(page);
      await page.screenshot({ path: shot('edit-card', width) });
      await closeCardEditor(page);

      const missing = await page.goto(`${journey.baseUrl}/acme/item/no-such-item?edit`);
      expect(missing?.status()).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
      expect(problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
      await context.close();
    }
  });

  it('is ignored for a visitor: the item opens to read, with no editor and no error', async () => {
    const context = await journey.newContext(1280, { abortNonLoopback: true });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${journey.baseUrl}/acme/item/least-privilege?edit`);
    await dismissWelcome(page);
    await page.getByTestId('drawer-items').waitFor();
    expect(await page.getByTestId('drawer-editor').count()).toBe(0);
    await page.goto(`${journey.baseUrl}/acme?edit=Policies`);
    await settle(page);
    expect(await page.getByTestId('drawer-editor').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the documents and subprocessors cards', () => {
  it('keep their headings clear, the edit menu below the heading on a phone, and every control inside the card', async () => {
    for (const width of widths) {
      const context = await journey.newContext(width, { abortNonLoopback: true });
      const page = await context.newPage();
      const problems = watchForErrors(page);
      await signInAsStaff(page, journey.baseUrl);
      await page.goto(`${journey.baseUrl}/acme`);
      const documents = page.locator('[data-card-kind="Documents"]');
      await documents.scrollIntoViewIfNeeded();
      const heading = await boxOf(documents.getByRole('heading', { level: 2 }));
      const bulk = await boxOf(documents.getByRole('button', { name: 'Bulk download' }));
      const menu = await boxOf(documents.getByTestId('card-menu-trigger'));
      expect(overlaps(heading, bulk)).toBe(false);
      if (width === 390) {
        // Spec 3 §6: on small screens the edit menu leaves the header for a row below the heading.
        expect(menu.y).toBeGreaterThanOrEqual(heading.y + heading.height);
        expect(bulk.y).toBeGreaterThanOrEqual(heading.y + heading.height);
      } else {
        const headingMiddle = heading.y + heading.height / 2;
        expect(menu.y).toBeLessThan(headingMiddle);
        expect(menu.y + menu.height).toBeGreaterThan(headingMiddle);
      }
      await documents.screenshot({ path: shot('documents-header', width) });

      const subprocessors = page.locator('[data-card-kind="Subprocessors"]');
      await subprocessors.scrollIntoViewIfNeeded();
      const card = await boxOf(subprocessors);
      const toggle = subprocessors.getByRole('button', { name: /Show all subprocessors/ });
      expect(isInside(await boxOf(toggle.locator('svg')), card)).toBe(true);
      expect(isInside(await boxOf(toggle.getByText('Show all subprocessors')), card)).toBe(true);
      const logos = await subprocessors.getByTestId('avatar-stack').locator(':scope > *').all();
      expect(logos.length).toBeGreaterThan(1);
      const logoBoxes = await Promise.all(logos.map(boxOf));
      for (let index = 1; index < logoBoxes.length; index++) {
        expect(overlaps(logoBoxes[index - 1]!, logoBoxes[index]!)).toBe(false);
      }
      await subprocessors.screenshot({ path: shot('subprocessors', width) });
      await expectNoSidewaysScroll(page);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe('staff editing the specialised cards', () => {
  it('see one Save per card, the right company count, and a confirmation after saving', async () => {
    for (const width of widths) {
      const context = await journey.newContext(width, { abortNonLoopback: true });
      const page = await context.newPage();
      const problems = watchForErrors(page);
      await signInAsStaff(page, journey.baseUrl);
      await page.goto(`${journey.baseUrl}/acme`);
      for (const kind of ['RiskProfile', 'SecurityGrades', 'TrustedBy']) {
        await openCardEditor(page, kind);
        const drawer = page.getByRole('dialog');
        expect(await drawer.getByRole('button', { name: /^Save/ }).count()).toBe(1);
        await drawer.screenshot({ path: shot(`editor-${kind}`, width) });
        if (kind !== 'TrustedBy') await closeCardEditor(page);
      }
      const drawer = page.getByRole('dialog');
      const companies = await drawer.getByRole('button', { name: /^Remove / }).count();
      expect(companies).toBeGreaterThan(1);
      expect(await drawer.getByText(`${companies} companies`, { exact: true }).count()).toBe(1);
      await drawer
        .getByRole('button', { name: /^Remove / })
        .first()
        .click();
      await drawer.getByRole('button', { name: 'Save', exact: true }).click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Updated Trusted By card' });
      await toast.waitFor();
      await settle(page);
      await page.screenshot({ path: shot('card-saved', width) });
      await expectNoSeriousAccessibilityViolations(page);
      // Back to view mode; the count follows the save.
      await page.getByTestId('drawer-editor').waitFor({ state: 'detached' });
      await expect
        .poll(() => drawer.getByText(`${companies - 1} companies`, { exact: true }).count())
        .toBe(1);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe('the knowledge base grid', () => {
  async function openKnowledgeBase(page: Page) {
    const panel = page.getByTestId('knowledge-base-panel');
    await panel.scrollIntoViewIfNeeded();
    await panel.getByRole('button', { name: 'View more' }).click();
    const dialog = page.getByTestId('kb-dialog');
    await dialog.getByTestId('kb-row').first().waitFor();
    await settle(page);
    return dialog;
  }

  /** Neighbouring header cells never run into each other, and none is squeezed below its text. */
  async function expectReadableHeaders(dialog: Locator) {
    const headers = await dialog.locator('[data-testid="kb-grid"] thead th').all();
    const boxes = await Promise.all(headers.map(boxOf));
    for (let index = 1; index < boxes.length; index++) {
      expect(boxes[index - 1]!.x + boxes[index - 1]!.width).toBeLessThanOrEqual(boxes[index]!.x + 0.5);
    }
    for (const header of headers) {
      const fits = await header.evaluate((element) => element.scrollWidth <= element.clientWidth);
      expect(fits).toBe(true);
    }
  }

  it('keeps every column readable with the details panel open, for staff', async () => {
    for (const width of widths) {
      const context = await journey.newContext(width, { abortNonLoopback: true });
      const page = await context.newPage();
      await signInAsStaff(page, journey.baseUrl);
      await page.goto(`${journey.baseUrl}/acme`);
      const dialog = await openKnowledgeBase(page);
      await expectReadableHeaders(dialog);
      if (width === 1280) {
        await dialog.getByTestId('kb-row').first().click();
        await dialog.getByTestId('kb-details').waitFor();
        await settle(page);
        await expectReadableHeaders(dialog);
      }
      await page.screenshot({ path: shot('kb-staff', width) });
      await expectNoSeriousAccessibilityViolations(page);
      await context.close();
    }
  });

  it('shows public viewers a Comment column only when an entry on the page has a comment', async () => {
    for (const width of widths) {
      const context = await journey.newContext(width, { abortNonLoopback: true });
      const page = await context.newPage();
      await page.goto(`${journey.baseUrl}/acme`);
      await dismissWelcome(page);
      const dialog = await openKnowledgeBase(page);
      const headers = await dialog.locator('[data-testid="kb-grid"] thead th').allTextContents();
      const rows = dialog.getByTestId('kb-row');
      const cellCounts = await rows.evaluateAll((elements) => elements.map((row) => row.children.length));
      expect(new Set(cellCounts)).toEqual(new Set([headers.length]));
      if (headers.includes('Comment')) {
        const comments = await rows.evaluateAll((elements) =>
          elements.map((row) => row.children[1]?.textContent?.trim() ?? ''),
        );
        expect(comments.some(Boolean)).toBe(true);
      }
      await expectReadableHeaders(dialog);
      await page.screenshot({ path: shot('kb-public', width) });
      await context.close();
    }
  });
});

describe('the small pages of the subscribe and sign-in flows', () => {
  it('wear the portal brand: logo, portal font and accent colour', async () => {
    const context = await journey.newContext(1280, { abortNonLoopback: true });
    const page = await context.newPage();
    await page.goto(`${journey.baseUrl}/acme`);
    const portalFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    const accent = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--brand').trim(),
    );
    await context.close();
    expect(accent).not.toBe('');

    const pages = [
      { name: 'subscribe-confirm', path: '/acme/subscribe/confirm?token=not-checked-until-posted' },
      { name: 'byoid-welcome', path: '/acme/byoid?byoidJwt=not-checked-until-posted' },
    ];
    for (const width of widths) {
      const small = await journey.newContext(width, { abortNonLoopback: true });
      const smallPage = await small.newPage();
      const problems = watchForErrors(smallPage);
      for (const target of pages) {
        await smallPage.goto(`${journey.baseUrl}${target.path}`);
        await smallPage.getByRole('img', { name: 'Acme Cloud' }).waitFor();
        expect(await smallPage.evaluate(() => getComputedStyle(document.body).fontFamily)).toBe(portalFont);
        const button = smallPage.locator('main form button[type="submit"]');
        const colours = await button.evaluate((element) => ({
          background: getComputedStyle(element).backgroundColor,
          accent: getComputedStyle(document.documentElement).getPropertyValue('--brand').trim(),
        }));
        expect(colours.accent).toBe(accent);
        const probe = await smallPage.evaluate((colour) => {
          const element = document.createElement('span');
          element.style.color = colour;
          document.body.append(element);
          const resolved = getComputedStyle(element).color;
          element.remove();
          return resolved;
        }, accent);
        expect(colours.background).toBe(probe);
        await smallPage.screenshot({ path: shot(target.name, width) });
        await expectNoSeriousAccessibilityViolations(smallPage);
        await expectNoSidewaysScroll(smallPage);
      }
      expect(problems).toEqual([]);
      await small.close();
    }
  });
});
