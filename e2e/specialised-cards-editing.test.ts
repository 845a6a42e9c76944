import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  dismissWelcome,
  expectNoSeriousAccessibilityViolations,
  openCardEditor,
  screenshots,
  settle,
  signInAsStaff,
  useJourneyHarness,
  watchForErrors,
} from './support/journey-harness';

/**
 * Staff edit each specialised card in the browser (spec 2 §2–§5, §9) and a visitor sees the result:
 * certifications picked from the catalogue with an auditor's badge, risk profile answers with a
 * custom recovery time, security grades with each input kind and colour band, trusted-by companies,
 * subprocessors with the one-click trust update, the overview and product features.
 */

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-specialised-editing-' });

/** axe on the page at rest: the pointer off any control (a hovered button is brightened on purpose). */
async function checkAccessibility(page: Page) {
  await page.mouse.move(0, 0);
  await settle(page);
  await expectNoSeriousAccessibilityViolations(page);
}

async function shoot(page: Page, target: Locator, name: string) {
  await settle(page);
  await target.scrollIntoViewIfNeeded();
  await target.screenshot({ path: path.join(screenshots, `specialised-editing-${name}.png`) });
}

async function staffPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await journey.newContext(1280, { abortNonLoopback: true });
  const page = await context.newPage();
  const errors = watchForErrors(page, /status of (401|400)/);
  await signInAsStaff(page, journey.baseUrl);
  await page.goto(`${journey.baseUrl}/acme`);
  await settle(page);
  return { context, page, errors };
}

/** A visitor's fresh page, welcome modal dismissed; returns the card of that kind. */
async function visitorCard(kind: string) {
  const context = await journey.newContext(1280, { abortNonLoopback: true });
  const page = await context.newPage();
  const errors = watchForErrors(page);
  await page.goto(`${journey.baseUrl}/acme`);
  await dismissWelcome(page);
  return { context, page, errors, card: page.locator(`[data-card-kind="${kind}"]`) };
}

/** The card's one Save (spec 3 §2); a refused save keeps the editor open with each field's message. */
async function pressSave(page: Page) {
  await page.getByTestId('drawer-editor').getByRole('button', { name: 'Save', exact: true }).click();
}

/** A save that succeeds leaves the editor for the card's view. */
async function saveCard(page: Page) {
  await pressSave(page);
  await page.getByTestId('drawer-editor').waitFor({ state: 'detached' });
}

/** Closes the card's drawer (editor or the view a save leaves) and waits until it is gone. */
async function closeDrawer(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

describe('staff edit the specialised cards in place', () => {
  it('picks certifications from the catalogue, with the auditor badge variant, and visitors see the badges', async () => {
    const { context, page, errors } = await staffPage();
    await openCardEditor(page, 'Certifications');
    const picker = page.getByTestId('certification-picker');
    const options = picker.getByTestId('certification-option');
    expect(await options.count()).toBeGreaterThan(40);
    await shoot(page, picker, 'certifications-picker');
    await checkAccessibility(page);

    await picker.getByLabel('Search standards').fill('nothing like this');
    await picker.getByText('No standards match "nothing like this"').waitFor();
    await picker.getByLabel('Search standards').fill('42001');
    const iso42001 = picker.getByRole('button', { name: 'ISO 42001' });
    expect(await iso42001.getAttribute('aria-pressed')).toBe('false');
    await iso42001.click();
    expect(await iso42001.getAttribute('aria-pressed')).toBe('true');
    // The picked standard gets its form; the auditor (trimmed, any case) picks the badge variant.
    const form = page.getByTestId('item-editor').filter({ hasText: 'ISO 42001' });
    await form.getByLabel('Auditor').fill('  bsi ');
    await expect
      .poll(() => iso42001.locator('[data-badge-ribbon]').getAttribute('data-badge-ribbon'))
      .toBe('BSI');
    await shoot(page, form, 'certifications-picked-form');
    await picker.getByLabel('Search standards').fill('CCPA');
    await picker.getByRole('button', { name: 'CCPA' }).click();
    expect(await page.getByTestId('item-editor').filter({ hasText: 'CCPA' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('drawer-editor').waitFor({ state: 'detached' });

    const visitor = await visitorCard('Certifications');
    const tile = visitor.card.getByTestId('certification-tile').filter({ hasText: 'ISO 42001' });
    await tile.waitFor();
    expect(await tile.locator('[data-badge-ribbon]').getAttribute('data-badge-ribbon')).toBe('BSI');
    expect(await visitor.card.getByTestId('certification-tile').filter({ hasText: 'CCPA' }).count()).toBe(0);
    await shoot(visitor.page, visitor.card, 'certifications-visitor');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers the risk profile with a custom recovery time and No Answer', async () => {
    const { context, page, errors } = await staffPage();
    await openCardEditor(page, 'RiskProfile');
    const editor = page.getByTestId('risk-profile-editor');
    // The seven questions in their fixed order (spec 2 §3).
    const questions = await editor
      .locator('select:not([aria-label])')
      .evaluateAll((selects) =>
        selects.map((select) => (select as HTMLSelectElement).labels?.[0]?.textContent ?? ''),
      );
    expect(questions).toEqual([
      'Data access',
      'Impact',
      'Recovery time objective',
      'Recovery point objective',
      'Critical dependence',
      'Third-party dependence',
      'Hosting',
    ]);
    await editor.getByLabel('Impact').selectOption({ label: 'Severe' });
    await editor.getByLabel('Recovery time objective', { exact: true }).selectOption({ label: 'Custom' });
    const number = editor.getByLabel('Recovery time objective: number');
    await number.fill('100');
    await pressSave(page);
    await editor.getByText('Enter a whole number from 0 to 99').waitFor();
    await shoot(page, editor, 'risk-profile-range-error');
    await number.fill('6');
    await editor.getByLabel('Recovery time objective: unit').selectOption({ label: 'Days' });
    await editor.getByLabel('Recovery point objective', { exact: true }).selectOption({ label: 'No Answer' });
    await editor.getByLabel('Hosting').selectOption({ label: 'Combination' });
    await checkAccessibility(page);
    await saveCard(page);
    await closeDrawer(page);

    const visitor = await visitorCard('RiskProfile');
    const list = visitor.card.getByTestId('risk-profile-list');
    await list.waitFor();
    const text = (await list.innerText()).replace(/\s+/g, ' ');
    for (const expected of [
      'Impact Severe',
      'Recovery time objective 6 days',
      'Recovery point objective No Answer',
      'Hosting Combination',
    ])
      expect(text).toContain(expected);
    await shoot(visitor.page, visitor.card, 'risk-profile-visitor');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('checks each security grade input kind and colours the saved grades', async () => {
    const { context, page, errors } = await staffPage();
    await openCardEditor(page, 'SecurityGrades');
    const entry = (provider: string) =>
      page.locator(`[data-testid="grade-entry-form"][data-provider="${provider}"]`);
    // One Save for the card: each press shows what is wrong in any entry, and saves nothing until all are right.
    const save = async (_form: Locator) => pressSave(page);

    // Domain-based with a 300–820 number (Bitsight).
    const bitsight = entry('bitsight');
    await bitsight.getByLabel('Display name').fill('');
    await bitsight.getByLabel('Domain').fill('https://www.acme.example');
    await bitsight.getByLabel('Grade').fill('900');
    await save(bitsight);
    await bitsight.getByText('Display name is required').waitFor();
    await bitsight.getByText('Please enter a domain like example.com, without www or http(s).').waitFor();
    await bitsight.getByText('Invalid grade.').waitFor();
    await shoot(page, bitsight, 'grades-bitsight-errors');
    await bitsight.getByLabel('Display name').fill('Bitsight rating');
    await bitsight.getByLabel('Domain').fill('acme.example');
    await bitsight.getByLabel('Grade').fill('500');
    expect(await bitsight.getByTestId('grade-band-preview').getAttribute('data-band')).toBe('yellow');

    // 0–950 or A–E without plus or minus (UpGuard).
    const upguard = entry('upguard');
    await upguard.getByLabel('Grade').fill('B+');
    await save(upguard);
    await upguard.getByText('Invalid grade.').waitFor();
    await upguard.getByLabel('Grade').fill('350');
    expect(await upguard.getByTestId('grade-band-preview').getAttribute('data-band')).toBe('red');

    // 0–10 with at most one decimal, no url field (RiskRecon).
    const riskrecon = entry('riskrecon');
    await riskrecon.getByLabel('Grade').fill('7.55');
    await save(riskrecon);
    await riskrecon.getByText('Invalid grade.').waitFor();
    await riskrecon.getByLabel('Grade').fill('');
    await save(riskrecon);
    await riskrecon.getByText('Grade is required').waitFor();
    await riskrecon.getByLabel('Grade').fill('8.5');
    expect(await riskrecon.getByTestId('grade-band-preview').getAttribute('data-band')).toBe('green');

    // URL-prefix providers: the '/analyze/' path and the '?q=' query.
    const observatory = entry('mozilla-observatory');
    await observatory.getByLabel('Link').fill('https://observatory.mozilla.org/scan/acme.example');
    await save(observatory);
    await observatory
      .getByText('Please enter a link like https://observatory.mozilla.org/analyze/example.com')
      .waitFor();
    await observatory.getByLabel('Link').fill('https://observatory.mozilla.org/analyze/app.acme.example');
    await observatory.getByLabel('Grade').fill('C+');
    expect(await observatory.getByTestId('grade-band-preview').getAttribute('data-band')).toBe('yellow');
    const headers = entry('security-headers');
    const headersLink = await headers.getByLabel('Link').inputValue();
    await headers.getByLabel('Link').fill('https://securityheaders.com/app.acme.example');
    await save(headers);
    await headers.getByText('Please enter a link like https://securityheaders.com/?q=example.com').waitFor();
    await shoot(page, headers, 'grades-prefix-error');
    await checkAccessibility(page);
    await headers.getByLabel('Link').fill(headersLink);
    await saveCard(page);
    await closeDrawer(page);

    // Visitors see each saved grade in its band (the card previews four, the drawer lists all).
    const visitor = await visitorCard('SecurityGrades');
    await visitor.card.getByRole('button', { name: 'Security Grades', exact: true }).click();
    const drawer = visitor.page.getByRole('dialog');
    await drawer.waitFor();
    await settle(visitor.page);
    const bandOf = async (label: string) =>
      drawer
        .getByTestId('item-entry')
        .filter({ hasText: label })
        .locator('[data-band]')
        .first()
        .getAttribute('data-band');
    expect(await bandOf('Bitsight rating')).toBe('yellow');
    expect(await bandOf('UpGuard')).toBe('red');
    expect(await bandOf('RiskRecon')).toBe('green');
    expect(await bandOf('Mozilla Observatory')).toBe('yellow');
    await shoot(visitor.page, drawer, 'grades-visitor');
    await checkAccessibility(visitor.page);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('chooses trusted-by companies with the company picker, from none to a list', async () => {
    const { context, page, errors } = await staffPage();
    await openCardEditor(page, 'TrustedBy');
    const editor = page.getByTestId('trusted-by-editor');
    for (let left = await editor.getByRole('button', { name: /^Remove / }).count(); left > 0; left--)
      await editor
        .getByRole('button', { name: /^Remove / })
        .first()
        .click();
    await editor.getByText("You haven't selected any companies yet").waitFor();
    await shoot(page, editor, 'trusted-by-empty');
    await saveCard(page);
    await closeDrawer(page);
    // Staff in Main mode see the empty card; visitors see a specialised card only once it holds
    // something, so a trusted-by card without companies is not on their page.
    await page
      .locator('[data-card-kind="TrustedBy"]')
      .getByText("You haven't selected any companies yet")
      .waitFor();
    const empty = await visitorCard('TrustedBy');
    await empty.page.locator('[data-card-kind="Subprocessors"]').waitFor();
    expect(await empty.card.count()).toBe(0);
    await empty.context.close();

    await openCardEditor(page, 'TrustedBy');
    const picker = editor.getByRole('combobox', { name: 'Add a company' });
    await editor.getByRole('button', { name: 'Add', exact: true }).click();
    await editor.getByText('This field is required').waitFor();
    await picker.fill('S');
    // One character: built-in matches only, no custom option yet (spec 2 §5).
    await editor.getByRole('option', { name: 'Stripe' }).waitFor();
    expect(await editor.getByRole('option', { name: /^Just use/ }).count()).toBe(0);
    await picker.fill('Strip');
    await editor.getByRole('option', { name: 'Stripe' }).click();
    await editor.getByRole('button', { name: 'Add', exact: true }).click();
    await picker.fill('Northwind Traders');
    await editor.getByRole('option', { name: 'Just use "Northwind Traders"' }).click();
    await editor.getByRole('button', { name: 'Add', exact: true }).click();
    await shoot(page, editor, 'trusted-by-picked');
    await checkAccessibility(page);
    await saveCard(page);
    await closeDrawer(page);

    const visitor = await visitorCard('TrustedBy');
    const grid = visitor.card.getByTestId('trusted-by-grid');
    await grid.waitFor();
    // The default heading names the organisation (spec 2 §2).
    expect(await visitor.card.textContent()).toContain('Companies that trust Acme');
    expect((await grid.innerText()).replace(/\s+/g, ' ')).toContain(
      // A company without a logo shows its monogram (decision 335).
      'Stripe (opens in a new tab) NT Northwind Traders',
    );
    // A company with a site links to it; the click is counted (spec 2 §7 analytics).
    await expect(grid.getByRole('link', { name: /Stripe/ }).getAttribute('href')).resolves.toBe(
      'https://stripe.com',
    );
    await shoot(visitor.page, visitor.card, 'trusted-by-visitor');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds, edits and deletes subprocessors and posts the trust update it offers', async () => {
    const { context, page, errors } = await staffPage();
    const card = page.locator('[data-card-kind="Subprocessors"]');
    await card.getByTestId('card-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Manage subprocessors' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add subprocessor' }).click();
    await dialog.getByRole('combobox', { name: 'Company' }).fill('Sent');
    await dialog.getByRole('option', { name: 'Sentry' }).click();
    await dialog.getByLabel('Purpose').fill('Error monitoring');
    await dialog.getByLabel('Location').fill('United States');
    await shoot(page, dialog, 'subprocessor-add');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Subprocessor added').waitFor();
    const offer = dialog.getByTestId('subprocessor-update-offer');
    await offer.getByText('Added: Sentry').waitFor();

    await dialog.getByRole('button', { name: 'Edit Sentry' }).click();
    await dialog.getByLabel('Location').fill('European Union');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Subprocessor updated').waitFor();

    await dialog.getByRole('button', { name: 'Add subprocessor' }).click();
    await dialog.getByRole('combobox', { name: 'Company' }).fill('Hetzner Online');
    await dialog.getByRole('option', { name: 'Just use "Hetzner Online"' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Subprocessor added').waitFor();
    await dialog.getByRole('button', { name: 'Delete Hetzner Online' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Subprocessor deleted').waitFor();
    expect(await dialog.getByText('Hetzner Online').count()).toBe(0);
    // Added and removed again in one sitting: the offered update names only what really changed.
    expect(await offer.innerText()).not.toContain('Hetzner');
    await shoot(page, dialog, 'subprocessors-manager');
    await checkAccessibility(page);
    await offer.getByRole('button', { name: 'Post a trust update' }).click();
    await page.getByText('Trust update posted').waitFor();
    expect(await offer.count()).toBe(0);
    await page.keyboard.press('Escape');

    const visitor = await visitorCard('Subprocessors');
    await visitor.card
      .getByRole('button', { name: /subprocessors/ })
      .first()
      .click();
    const table = visitor.card.getByTestId('subprocessors-table');
    await table.waitFor();
    const sentry = table.getByRole('row').filter({ hasText: 'Sentry' });
    expect((await sentry.innerText()).replace(/\s+/g, ' ')).toContain('Error monitoring European Union');
    const search = visitor.card.getByPlaceholder('Search by subprocessor name or information');
    await search.fill('error monitoring');
    expect(await table.getByRole('row').count()).toBe(2);
    await search.fill('no such company');
    await visitor.card.getByText('No results match this criteria').waitFor();
    await search.fill('');
    await shoot(visitor.page, visitor.card, 'subprocessors-visitor');
    // The trust update it offered is on the page.
    await visitor.page.getByText('Changes to our subprocessors').first().waitFor();
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('edits the overview text and a product feature', async () => {
    const { context, page, errors } = await staffPage();
    await openCardEditor(page, 'Overview');
    const overview = page.getByTestId('overview-editor');
    await overview
      .getByLabel('Overview', { exact: true })
      .fill('Acme Payroll keeps payroll data encrypted and audited.');
    await shoot(page, overview, 'overview-editor');
    await saveCard(page);
    await closeDrawer(page);

    await openCardEditor(page, 'ProductFeatures');
    const feature = page.getByTestId('item-editor').first();
    const featureTitle = (await feature.locator('legend').textContent()) ?? '';
    await feature.getByLabel('Explanation').fill('Every pay run keeps a signed audit trail.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('drawer-editor').waitFor({ state: 'detached' });

    const visitor = await visitorCard('Overview');
    await expect(visitor.card.getByTestId('overview-text').textContent()).resolves.toBe(
      'Acme Payroll keeps payroll data encrypted and audited.',
    );
    const features = visitor.page.locator('[data-card-kind="ProductFeatures"]');
    await features.getByRole('button', { name: 'Product Security Features', exact: true }).click();
    const drawer = visitor.page.getByRole('dialog');
    await drawer
      .getByTestId('item-entry')
      .filter({ hasText: featureTitle })
      .getByText('Every pay run keeps a signed audit trail.')
      .waitFor();
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });
});
