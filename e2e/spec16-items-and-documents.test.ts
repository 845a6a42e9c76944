import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
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

/** Issue 16 items 25, 26 and 27: item type, recurrence and maturity; adding a documents card item
 * that needs a file; and what a document tile tells its viewer when viewing or downloading. */
const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-spec16-items-' });
const shot = (name: string, width: number) => path.join(screenshots, `spec16c-${name}-${width}.png`);

/** The same screen at both widths, checked with axe while it is up. */
async function captureBothWidths(page: Page, name: string, target?: Locator) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    await settle(page);
    // Centred, so a drawer's sticky footer never covers what the screenshot is for.
    if (target) await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: shot(name, width) });
  }
  await expectNoSeriousAccessibilityViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await settle(page);
}

type PortalViewJson = {
  product: { productId: string };
  customisation: { portalTitle: string };
  cards: Array<{
    kind: string;
    title: string;
    items: Array<{ itemUid: string; title: string; slug: string; type: string | null }>;
  }>;
  documents: { files: Array<{ fileId: string; itemUid: string; title: string; isEncrypted: boolean }> };
};

type Staff = { request: APIRequestContext; csrf: string };

async function staffOf(page: Page): Promise<Staff> {
  const session = (await (await page.request.get(`${journey.baseUrl}/api/auth/session`)).json()) as {
    csrfToken: string;
  };
  return { request: page.request, csrf: session.csrfToken };
}

async function viewAs(request: APIRequestContext): Promise<PortalViewJson> {
  return (await (
    await request.get(`${journey.baseUrl}/api/statuspage/share/acme/view`)
  ).json()) as PortalViewJson;
}

/** A PDF that opens only with a password: its text cannot be read, so the portal marks it encrypted. */
function encryptedPdf(title: string): Promise<Buffer> {
  const document = new PDFDocument({ userPassword: 'open sesame', ownerPassword: 'owner' });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => document.on('end', () => resolve(Buffer.concat(chunks))));
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  document.fontSize(20).text(title);
  document.end();
  return done;
}

async function upload(staff: Staff, name: string, bytes: Buffer): Promise<string> {
  const response = await staff.request.post(
    `${journey.baseUrl}/api/documents?name=${encodeURIComponent(name)}`,
    {
      data: bytes,
      headers: { 'x-csrf-token': staff.csrf, 'content-type': 'application/pdf' },
    },
  );
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function staffWrite(staff: Staff, method: 'PUT' | 'PATCH' | 'DELETE', url: string, data?: object) {
  const response = await staff.request.fetch(`${journey.baseUrl}${url}`, {
    method,
    data,
    headers: { 'x-csrf-token': staff.csrf },
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
}

const documentsCard = (page: Page) => page.locator('[data-testid="portal-card"][data-card-kind="Documents"]');
const tileOf = (page: Page, title: string) =>
  documentsCard(page)
    .getByTestId('document-tile')
    .filter({ has: page.getByText(title, { exact: true }) });

async function expectToast(page: Page, text: string) {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

describe('staff set an item type, recurrence and maturity (issue 16 item 25)', () => {
  it("ask for a type on a new report ('Select an item type to save this item'), then show what was saved", async () => {
    const context = await journey.newContext(1280, { abortNonLoopback: true });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signInAsStaff(page, journey.baseUrl);
    await page.goto(`${journey.baseUrl}/acme`);
    const reportsTitle = (await viewAs(page.request)).cards.find((card) => card.kind === 'Reports')!.title;
    await openCardEditor(page, 'Reports');
    const editor = page.getByTestId('drawer-editor');
    await editor.getByRole('button', { name: 'Add item' }).click();
    const added = editor.getByTestId('item-editor').last();
    await added.getByLabel('Item title').fill('Cloud security assessment 2026');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    const typeError = added.getByText('Select an item type to save this item', { exact: true });
    await typeError.waitFor();
    // A refused Save takes the keyboard to the field that needs attention.
    await expect
      .poll(() => added.getByLabel('Item type').evaluate((field) => field === document.activeElement))
      .toBe(true);
    await captureBothWidths(page, 'item-type-required', typeError);

    await added.getByLabel('Item type').selectOption('SOC 2');
    await added.getByLabel('Recurrence').selectOption({ label: 'Every year' });
    await added.getByLabel('Maturity').selectOption('Managed');
    await typeError.waitFor({ state: 'detached' });
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, `Updated ${reportsTitle} card`);
    // The drawer goes back to reading the card, the new report in it with its recurrence tag.
    await editor.waitFor({ state: 'detached' });
    const drawer = page.getByRole('dialog');
    const entry = drawer.getByTestId('item-entry').filter({ hasText: 'Cloud security assessment 2026' });
    await entry.getByText('Every year', { exact: true }).waitFor();
    await entry.getByTestId('item-details-toggle').click();
    await entry.getByTestId('item-details').getByText('Managed', { exact: true }).waitFor();
    await captureBothWidths(page, 'item-saved', entry);
    const saved = (await viewAs(page.request)).cards
      .find((card) => card.kind === 'Reports')!
      .items.find((item) => item.title === 'Cloud security assessment 2026');
    expect(saved?.type).toBe('SOC 2');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('staff add a documents card item (issue 16 item 26), and a visitor opens and downloads documents (item 27)', () => {
  it('needs a file before the item saves; the tiles tell the visitor about encrypted, view-only and failed documents', {
    timeout: 300_000,
  }, async () => {
    const context = await journey.newContext(1280, { abortNonLoopback: true });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signInAsStaff(page, journey.baseUrl);
    const staff = await staffOf(page);
    const sealedId = await upload(
      staff,
      'Sealed architecture overview.pdf',
      await encryptedPdf('Architecture'),
    );

    await page.goto(`${journey.baseUrl}/acme`);
    const before = await viewAs(page.request);
    const documentsTitle = before.cards.find((card) => card.kind === 'Documents')!.title;
    await openCardEditor(page, 'Documents');
    const editor = page.getByTestId('drawer-editor');
    await editor.getByRole('button', { name: 'Add item' }).click();
    const added = editor.getByTestId('item-editor').last();
    await added.getByLabel('Item title').fill('Architecture overview');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    const fileError = added.getByTestId('item-files').getByText('Please upload a file to save this item.', {
      exact: true,
    });
    await fileError.waitFor();
    await captureBothWidths(page, 'documents-item-needs-file', fileError);

    const picker = added.getByLabel('Link a file to Architecture overview', { exact: true });
    expect(await picker.locator('option', { hasText: 'Information security policy' }).count()).toBe(1);
    await picker.selectOption({ label: 'Sealed architecture overview (Sealed architecture overview.pdf)' });
    await added.getByText('Linked (pending)', { exact: true }).waitFor();
    // A chosen file is not offered again (spec 2 §5).
    expect(await picker.locator('option', { hasText: 'Sealed architecture overview' }).count()).toBe(0);
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, `Updated ${documentsTitle} card`);
    await editor.waitFor({ state: 'detached' });

    const after = await viewAs(page.request);
    const item = after.cards
      .find((card) => card.kind === 'Documents')!
      .items.find((candidate) => candidate.title === 'Architecture overview')!;
    expect(
      after.documents.files.filter((file) => file.itemUid === item.itemUid).map((file) => file.fileId),
    ).toEqual([sealedId]);
    const slugs = after.cards.flatMap((card) => card.items.map((candidate) => candidate.slug));
    expect(new Set(slugs).size).toBe(slugs.length);
    // Its text cannot be read without the password: the extraction job marks it encrypted.
    await expect
      .poll(
        async () =>
          (await viewAs(page.request)).documents.files.find((file) => file.fileId === sealedId)?.isEncrypted,
        {
          timeout: 60_000,
        },
      )
      .toBe(true);
    // View-only (decision 255): the visitor may open it, never download it.
    await staffWrite(staff, 'PATCH', `/api/documents/${sealedId}`, { accessType: 'view_only' });
    expect(problems).toEqual([]);

    const visitorContext = await journey.newContext(1280, { abortNonLoopback: true });
    const visitor = await visitorContext.newPage();
    // The 403 and 404 are the journey's doing: downloads refused after the page loaded.
    const visitorProblems = watchForErrors(visitor, /status of (401|403|404)/);
    await visitor.goto(`${journey.baseUrl}/acme`);
    await dismissWelcome(visitor);
    const portalTitle = (await viewAs(visitor.request)).customisation.portalTitle;
    const viewOnlyText = `This file is view-only and not downloadable in the ${portalTitle}`;
    await documentsCard(visitor).scrollIntoViewIfNeeded();
    const viewAll = documentsCard(visitor).getByRole('button', { name: 'View all documents' });
    if (await viewAll.count()) await viewAll.click();

    const sealed = tileOf(visitor, 'Sealed architecture overview');
    await sealed.getByText('PDF · View only', { exact: true }).waitFor();
    const opened = visitorContext.waitForEvent('page');
    await sealed.getByRole('link', { name: 'Sealed architecture overview' }).click();
    await (await opened).close();
    await sealed
      .getByRole('status')
      .filter({ hasText: 'This file is encrypted so viewing may take a moment' })
      .waitFor();
    await captureBothWidths(visitor, 'document-tile-encrypted', sealed);
    // The dimmed button is aria-disabled, so it stays focusable: a keyboard user gets the reason too.
    await sealed.getByRole('button', { name: 'Download Sealed architecture overview' }).press('Enter');
    await sealed.getByTestId('document-notice').filter({ hasText: viewOnlyText }).waitFor();

    // Made view-only after the page loaded: the server refuses, and the tile says why.
    const policy = tileOf(visitor, 'Information security policy');
    const acceptableUse = tileOf(visitor, 'Acceptable use policy');
    await policy.getByRole('link', { name: 'Download Information security policy' }).waitFor();
    await acceptableUse.getByRole('link', { name: 'Download Acceptable use policy' }).waitFor();
    const files = after.documents.files;
    const policyFileId = files.find((file) => file.title === 'Information security policy')!.fileId;
    const acceptableUseFileId = files.find((file) => file.title === 'Acceptable use policy')!.fileId;
    await staffWrite(staff, 'PATCH', `/api/documents/${policyFileId}`, { accessType: 'view_only' });
    await policy.getByRole('link', { name: 'Download Information security policy' }).click();
    await policy.getByRole('alert').filter({ hasText: viewOnlyText }).waitFor();
    // Removed from the library after the page loaded: the download fails and the tile says so. Its
    // item is given another file first, as the library refuses to leave a documents item without one.
    const acceptableUseItemUid = files.find((file) => file.fileId === acceptableUseFileId)!.itemUid;
    await staffWrite(
      staff,
      'PUT',
      `/api/trust-center/products/${after.product.productId}/items/${acceptableUseItemUid}/files`,
      { fileIds: [policyFileId] },
    );
    await staffWrite(staff, 'DELETE', `/api/documents/${acceptableUseFileId}`);
    await acceptableUse.getByRole('link', { name: 'Download Acceptable use policy' }).click();
    await acceptableUse
      .getByRole('alert')
      .filter({
        hasText: 'Failed to download the document. If the problem persists, please contact support.',
      })
      .waitFor();
    await captureBothWidths(visitor, 'document-tile-notices', sealed);
    expect(visitorProblems).toEqual([]);
    await visitorContext.close();
    await context.close();
  });
});
