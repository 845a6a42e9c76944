import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  closeCardEditor,
  expectNoSeriousAccessibilityViolations,
  openCardEditor,
  screenshots,
  settle,
  signInAsStaff,
  useJourneyHarness,
  watchForErrors,
} from './support/journey-harness';

/** Issue 16 item 24: staff edit the SOC 1 / SOC 2 bridge letters in the Reports editor (spec 2 §3/§5/§6/§9). */
const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-bridge-letter-' });

const texts = {
  contentRequired: 'Letter Content is required',
  signerNameRequired: 'Signer Name is required',
  signerTitleRequired: 'Signer Title is required',
  upgrade: 'Upgrade your plan to unlock this feature',
  letterTitle: 'SOC 2 Bridge Letter',
  fileName: 'Acme-Cloud-SOC-2-Bridge-Letter.pdf',
};

/** The page at 1280 and at 390 px, with axe at rest at the first width. */
async function capture(page: Page, target: Locator, name: string) {
  await page.mouse.move(0, 0);
  await settle(page);
  await expectNoSeriousAccessibilityViolations(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    await settle(page);
    await target.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshots, `bridge-letter-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await settle(page);
}

const letterEditor = (page: Page, type: 'soc1' | 'soc2') =>
  page.locator(`[data-testid="bridge-letter-editor"][data-letter-type="${type}"]`);
const saveCard = (page: Page) =>
  page.getByTestId('drawer-editor').getByRole('button', { name: 'Save', exact: true }).click();

/** After Save the expanded card stays open to read; it is closed, so the menu can be reached again. */
async function savedAndClosed(page: Page) {
  await page.getByText('Updated Reports card').first().waitFor();
  await page.getByTestId('drawer-editor').waitFor({ state: 'detached' });
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

type DocumentsJson = { documents: { files: Array<{ kind: string; title: string; originalName: string }> } };
async function lettersIn(page: Page, query = '') {
  const view = (await (
    await page.request.get(`${journey.baseUrl}/api/statuspage/share/acme/view${query}`)
  ).json()) as DocumentsJson;
  return view.documents.files.filter((file) => file.kind === 'letter').map((file) => file.originalName);
}

async function signedInStaff() {
  const context = await journey.newContext(1280, { abortNonLoopback: true });
  const page = await context.newPage();
  const problems = watchForErrors(page);
  await signInAsStaff(page, journey.baseUrl);
  return { context, page, problems };
}

describe('the bridge-letter editor', () => {
  it('switches the SOC 2 letter off and on, asks for the three fields, saves it with the card, and visitors who may see the report get it', {
    timeout: 300_000,
  }, async () => {
    const { context, page, problems } = await signedInStaff();
    const { csrfToken } = (await (await page.request.get(`${journey.baseUrl}/api/auth/session`)).json()) as {
      csrfToken: string;
    };
    await page.goto(`${journey.baseUrl}/acme`);

    // The demo's SOC 2 letter: under its report item, with its file name and a link to the PDF.
    await openCardEditor(page, 'Reports');
    const soc2 = letterEditor(page, 'soc2');
    await soc2.waitFor();
    // Each letter's editor appears when its own data has loaded: wait for the SOC 1 one too.
    await letterEditor(page, 'soc1').waitFor({ state: 'attached' });
    expect(await letterEditor(page, 'soc1').count()).toBe(1);
    const enable = soc2.getByRole('switch', { name: 'Enable bridge letter' });
    expect(await enable.getAttribute('aria-checked')).toBe('true');
    expect(await soc2.getByTestId('bridge-letter-file-name').textContent()).toBe(texts.fileName);
    const viewLink = soc2.getByRole('link', { name: 'View letter' });
    const pdf = await page.request.get(`${journey.baseUrl}${await viewLink.getAttribute('href')}`);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await capture(page, soc2, 'saved');

    // Off, saved with the card's one Save: the letter is gone from the documents.
    await enable.click();
    expect(await soc2.getByLabel('Letter Content').count()).toBe(0);
    await saveCard(page);
    await savedAndClosed(page);
    expect(await lettersIn(page)).toEqual([]);

    // On again: empty fields, and Save names all three.
    await openCardEditor(page, 'Reports');
    await letterEditor(page, 'soc2').getByRole('switch', { name: 'Enable bridge letter' }).click();
    await saveCard(page);
    for (const message of [texts.contentRequired, texts.signerNameRequired, texts.signerTitleRequired]) {
      await soc2.getByText(message, { exact: true }).waitFor();
    }
    expect(
      await soc2.getByLabel('Letter Content').evaluate((field) => field === document.activeElement),
    ).toBe(true);
    expect(await page.getByTestId('drawer-editor').count()).toBe(1);
    await capture(page, soc2, 'required');

    await soc2
      .getByLabel('Letter Content')
      .fill('Since the end of our SOC 2 Type II period there have been no material changes to our controls.');
    await soc2.getByLabel('Signer Name').fill('Dana Whitfield');
    await soc2.getByLabel('Signer Title').fill('Chief Information Security Officer');
    expect(await soc2.getByRole('alert').count()).toBe(0);
    await saveCard(page);
    await savedAndClosed(page);
    expect(await lettersIn(page)).toEqual([texts.fileName]);

    // An approved account may see the SOC 2 report: its documents and bulk download hold the letter.
    const { accounts } = (await (await page.request.get(`${journey.baseUrl}/api/accounts`)).json()) as {
      accounts: Array<{ id: string; reviewStatus: string }>;
    };
    const approved = accounts.find((account) => account.reviewStatus === 'approved')!;
    expect(await lettersIn(page, `?accountId=${approved.id}`)).toEqual([texts.fileName]);
    await page.goto(`${journey.baseUrl}/acme?accountId=${approved.id}`);
    const documents = page.locator('[data-testid="portal-card"][data-card-kind="Documents"]');
    await documents.getByRole('button', { name: 'Bulk download' }).click();
    const bulk = page.getByRole('dialog', { name: 'Bulk download' });
    await bulk.getByLabel(texts.letterTitle, { exact: true }).check();
    await capture(page, bulk, 'bulk-download');
    const download = page.waitForEvent('download');
    await bulk.getByRole('button', { name: /^Download 1 document/ }).click();
    await page.getByRole('dialog', { name: 'Download complete' }).waitFor();
    expect((await download).suggestedFilename()).toMatch(/\.zip$/);
    await page.keyboard.press('Escape');

    // A public visitor may not see the restricted report, so gets no letter.
    const visitorResponse = await fetch(`${journey.baseUrl}/api/statuspage/share/acme/view`);
    const visitorView = (await visitorResponse.json()) as DocumentsJson;
    expect(visitorView.documents.files.filter((file) => file.kind === 'letter')).toEqual([]);

    // Saved: the editor offers the generated letter with its date.
    await page.goto(`${journey.baseUrl}/acme`);
    await openCardEditor(page, 'Reports');
    await soc2.getByRole('link', { name: 'View letter' }).waitFor();
    await soc2.getByText(/^Dated [A-Z][a-z]+ \d{2}, \d{4}$/).waitFor();

    // A long organisation name: the file name is cut at 60 characters, the tooltip shows it whole.
    const longName = 'Northwind Traders International Holdings Limited';
    const renamed = await page.request.patch(`${journey.baseUrl}/api/staff/organisation`, {
      data: { name: longName },
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(renamed.status(), await renamed.text()).toBe(200);
    await closeCardEditor(page);
    await page.reload();
    await openCardEditor(page, 'Reports');
    const fullName = `${longName.replaceAll(' ', '-')}-SOC-2-Bridge-Letter.pdf`;
    const fileName = soc2.getByTestId('bridge-letter-file-name');
    expect(fullName.length).toBeGreaterThan(60);
    expect(await fileName.locator('[aria-hidden="true"]').textContent()).toBe(`${fullName.slice(0, 59)}…`);
    await fileName.hover();
    await page.getByRole('tooltip', { name: fullName }).waitFor();
    await settle(page);
    await page.screenshot({ path: path.join(screenshots, 'bridge-letter-long-name-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await fileName.scrollIntoViewIfNeeded();
    // The name moved away from the pointer when the page narrowed: the pointer follows it.
    await fileName.hover();
    await page.getByRole('tooltip', { name: fullName }).waitFor();
    await settle(page);
    await page.screenshot({ path: path.join(screenshots, 'bridge-letter-long-name-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await closeCardEditor(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('locks the letters behind the plan with the upgrade tooltip; a stored letter can still be switched off', {
    timeout: 300_000,
  }, async () => {
    const { context, page, problems } = await signedInStaff();
    // Switched on a phone with the page at its end: the toast must leave the last row's hint readable.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${journey.baseUrl}/console/plan-features`);
    const planSwitch = page.getByRole('switch', { name: 'Bridge letters' });
    await planSwitch.waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await planSwitch.click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Plan features saved' });
    await toast.waitFor();
    await settle(page);
    expect(await planSwitch.getAttribute('aria-checked')).toBe('false');
    const hintBox = await page.getByText('SOC 1 and SOC 2 bridge letters on the report items.').boundingBox();
    const toastBox = await toast.boundingBox();
    expect(hintBox!.y + hintBox!.height, 'the hint ends above the toast').toBeLessThanOrEqual(toastBox!.y);
    await page.setViewportSize({ width: 1280, height: 900 });
    await capture(page, planSwitch, 'console-plan-features');

    await page.goto(`${journey.baseUrl}/acme`);
    expect(await lettersIn(page)).toEqual([]);
    await openCardEditor(page, 'Reports');
    const soc1 = letterEditor(page, 'soc1');
    const soc2 = letterEditor(page, 'soc2');
    expect(await soc1.getByRole('switch', { name: 'Enable bridge letter' }).isDisabled()).toBe(true);
    expect(await soc2.getByRole('switch', { name: 'Enable bridge letter' }).isDisabled()).toBe(false);
    expect(await soc2.getByLabel('Letter Content').isDisabled()).toBe(true);
    expect(await soc2.getByLabel('Signer Name').isDisabled()).toBe(true);
    await soc1.getByRole('button', { name: texts.upgrade }).hover();
    await page.getByRole('tooltip', { name: texts.upgrade }).waitFor();
    await settle(page);
    await page.screenshot({ path: path.join(screenshots, 'bridge-letter-plan-gate-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await soc2.getByRole('button', { name: texts.upgrade }).scrollIntoViewIfNeeded();
    await soc2.getByRole('button', { name: texts.upgrade }).focus();
    await page.getByRole('tooltip', { name: texts.upgrade }).waitFor();
    await settle(page);
    await page.screenshot({ path: path.join(screenshots, 'bridge-letter-plan-gate-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);

    // A downgrade can clean up: switching the stored letter off saves.
    await soc2.getByRole('switch', { name: 'Enable bridge letter' }).click();
    await saveCard(page);
    await savedAndClosed(page);
    await openCardEditor(page, 'Reports');
    expect(await soc2.getByRole('switch', { name: 'Enable bridge letter' }).isDisabled()).toBe(true);
    await closeCardEditor(page);
    expect(problems).toEqual([]);
    await context.close();
  });
});
