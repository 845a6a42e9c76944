import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { APIRequestContext, Page } from 'playwright-core';
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

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-documents-web-' });

async function pdfBytes(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(title, { x: 60, y: 760, size: 20, font });
  return Buffer.from(await pdf.save());
}

async function capture(page: Page, name: string) {
  await settle(page);
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: path.join(screenshots, `${name}-1280.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  await page.screenshot({ path: path.join(screenshots, `${name}-390.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
  await settle(page);
}

type Staff = { request: APIRequestContext; csrf: string; productId: string };

async function call<T>(
  staff: Staff,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  data: unknown,
): Promise<T> {
  const response = await staff.request.fetch(`${journey.baseUrl}${url}`, {
    method,
    data: data as object,
    headers: { 'x-csrf-token': staff.csrf },
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

async function upload(staff: Staff, name: string): Promise<string> {
  const response = await staff.request.post(
    `${journey.baseUrl}/api/documents?name=${encodeURIComponent(name)}`,
    {
      data: await pdfBytes(name),
      headers: { 'x-csrf-token': staff.csrf, 'content-type': 'application/pdf' },
    },
  );
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

type ViewItem = { itemUid: string; title: string };
type PortalViewJson = {
  product: { productId: string };
  cards: Array<{ kind: string; title: string; items: ViewItem[] }>;
};

/** Links files to an item of a content card and enables it, public or restricted. */
async function linkToItem(staff: Staff, kind: string, item: ViewItem, fileIds: string[], isPublic: boolean) {
  const products = `/api/trust-center/products/${staff.productId}`;
  await call(staff, 'PATCH', `${products}/cards/${kind}`, {
    items: [{ itemUid: item.itemUid, enabledState: 'Enabled', publicAccess: isPublic }],
  });
  await call(staff, 'PUT', `${products}/items/${item.itemUid}/files`, { fileIds });
}

const documentsCard = (page: Page) => page.locator('[data-testid="portal-card"][data-card-kind="Documents"]');

describe('documents on the web', () => {
  it('staff upload, link and feature documents; a visitor filters, bulk downloads and asks for access', {
    timeout: 300_000,
  }, async () => {
    const context = await journey.newContext(1280);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signInAsStaff(page, journey.baseUrl);
    const session = (await (await page.request.get(`${journey.baseUrl}/api/auth/session`)).json()) as {
      csrfToken: string;
    };
    const portalView = (await (
      await page.request.get(`${journey.baseUrl}/api/statuspage/share/acme/view`)
    ).json()) as PortalViewJson;
    const staff: Staff = {
      request: page.request,
      csrf: session.csrfToken,
      productId: portalView.product.productId,
    };
    const itemsOf = (kind: string) =>
      portalView.cards.find((candidate) => candidate.kind === kind)?.items ?? [];

    // The library, opened as the editor's upload link opens it: the upload dialog is up at once.
    await page.goto(`${journey.baseUrl}/console/documents?uploadModal=true`);
    const uploadDialog = page.getByRole('dialog', { name: 'Upload document' });
    await uploadDialog.waitFor();
    await page.setInputFiles('input[type="file"]', {
      name: 'malware.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    });
    await uploadDialog.getByText('This file type is not allowed.', { exact: false }).waitFor();
    await page.setInputFiles('input[type="file"]', {
      name: 'SOC 2 Type II Report.pdf',
      mimeType: 'application/pdf',
      buffer: await pdfBytes('SOC 2 Type II Report'),
    });
    await capture(page, 'documents-upload-dialog');
    await uploadDialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await uploadDialog.waitFor({ state: 'hidden' });
    await page.getByTestId('library-file').filter({ hasText: 'SOC 2 Type II Report.pdf' }).waitFor();

    const library = (await (await page.request.get(`${journey.baseUrl}/api/documents`)).json()) as {
      files: Array<{ id: string; originalName: string }>;
    };
    const soc2 = library.files.find((file) => file.originalName === 'SOC 2 Type II Report.pdf')!.id;
    const names = [
      'Penetration Test Summary 2025',
      'Information Security Policy',
      'Acceptable Use Policy',
      'Business Continuity Plan',
      'Incident Response Plan',
      'Data Processing Agreement',
      'Vendor Management Policy',
      'Access Control Policy',
      'Encryption Standard',
      'Privacy Policy',
      'Backup and Recovery Policy',
      'Secure Development Policy',
    ];
    const ids: string[] = [];
    for (const name of names) ids.push(await upload(staff, `${name}.pdf`));
    // Files belong to items of the content cards; the documents card gathers them all.
    const reports = itemsOf('Reports');
    const policies = itemsOf('Policies');
    const legal = itemsOf('Legal');
    const targets = [
      ...reports.slice(0, 2).map((item) => ({ kind: 'Reports', item })),
      ...policies.slice(0, 8).map((item) => ({ kind: 'Policies', item })),
      ...legal.slice(0, 3).map((item) => ({ kind: 'Legal', item })),
    ];
    expect(targets.length).toBeGreaterThanOrEqual(13);
    const restricted = targets[0]!;
    await linkToItem(staff, restricted.kind, restricted.item, [soc2], false);
    for (const [index, target] of targets.slice(1).entries()) {
      const files = [ids[index % ids.length]!, ids[(index + 1) % ids.length]!];
      await linkToItem(staff, target.kind, target.item, files, index % 5 !== 4);
    }
    await page.reload();
    await page.getByTestId('library-file').first().waitFor();
    await capture(page, 'documents-library');

    // The item editor: a linked file shows in the item's Files, with the library picker.
    await page.goto(`${journey.baseUrl}/acme`);
    await page
      .locator('[data-testid="portal-card"][data-card-kind="Reports"]')
      .getByTestId('card-menu-trigger')
      .click();
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
    const editor = page.getByTestId('drawer-editor');
    const reportEditor = editor
      .getByTestId('item-editor')
      .filter({ has: page.getByLabel(`Link a file to ${restricted.item.title}`, { exact: true }) });
    await reportEditor.getByTestId('item-files').getByText('SOC 2 Type II Report', { exact: true }).waitFor();
    await reportEditor.getByRole('button', { name: /^Unlink SOC 2 Type II Report/ }).click();
    await reportEditor.getByText('Unlinked (pending)', { exact: true }).waitFor();
    const picker = reportEditor.getByLabel(`Link a file to ${restricted.item.title}`, { exact: true });
    // The library loads when the picker is first focused.
    await picker.focus();
    await picker.selectOption({ label: 'Encryption Standard (Encryption Standard.pdf)' });
    await reportEditor.getByText('Linked (pending)', { exact: true }).waitFor();
    await reportEditor.scrollIntoViewIfNeeded();
    await capture(page, 'documents-item-files');
    await reportEditor.getByRole('button', { name: /^Undo: Encryption Standard/ }).click();
    await reportEditor.getByRole('button', { name: /^Undo: SOC 2 Type II Report/ }).click();
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);

    // Featured order: the seeded documents items in two columns, moved with the row menu.
    await page.goto(`${journey.baseUrl}/acme`);
    await documentsCard(page).getByTestId('card-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Re-order items' }).click();
    const reorder = page.getByRole('dialog', { name: 'Re-order items' });
    await reorder.getByText('Non-featured documents').waitFor();
    const nonFeatured = reorder.getByTestId('featured-column-nonFeatured').getByTestId('featured-label');
    const promoted = (await nonFeatured.first().textContent())!;
    await reorder.getByRole('button', { name: `Move ${promoted}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Move to other column' }).click();
    await reorder.getByTestId('featured-column-featured').getByText(promoted).waitFor();
    await reorder.getByRole('button', { name: `Move ${promoted}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Move to top' }).click();
    await capture(page, 'documents-featured-dialog');
    await reorder.getByRole('button', { name: 'Save order' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: "card item's order" }).first().waitFor();
    await reorder.waitFor({ state: 'hidden' });
    const featuredSection = documentsCard(page).getByTestId('featured-documents');
    await featuredSection.getByTestId('document-tile').first().waitFor();
    expect(problems).toEqual([]);

    // Staff see public and private documents: the tabs, with the restricted report under Private.
    await page.goto(`${journey.baseUrl}/acme`);
    const staffCard = documentsCard(page);
    await staffCard.getByRole('tab', { name: /^Private/ }).click();
    await staffCard
      .getByTestId('document-tile')
      .filter({ hasText: /^SOC 2 Type II ReportPDF/ })
      .waitFor();
    expect(await staffCard.getByTestId('document-tile').count()).toBeLessThan(targets.length);
    await staffCard.getByRole('tab', { name: /^All/ }).click();
    await staffCard.getByRole('button', { name: 'View all documents' }).waitFor();
    await staffCard.scrollIntoViewIfNeeded();
    await settle(page);
    await staffCard.screenshot({ path: path.join(screenshots, 'documents-card-staff-1280.png') });

    // A public visitor: locked documents ask for a login; restricted files never reach them.
    const visitorContext = await journey.newContext(1280, { acceptDownloads: true } as never);
    const visitor = await visitorContext.newPage();
    const visitorProblems = watchForErrors(visitor);
    await visitor.goto(`${journey.baseUrl}/acme`);
    await dismissWelcome(visitor);
    const card = documentsCard(visitor);
    await card.scrollIntoViewIfNeeded();
    await card.getByTestId('document-tile').first().waitFor();
    expect(await card.getByText('SOC 2 Type II Report', { exact: true }).count()).toBe(0);
    expect(await card.getByTestId('document-tile').count()).toBe(12);
    await card.getByRole('button', { name: 'View all documents' }).click();
    expect(await card.getByTestId('document-tile').count()).toBeGreaterThan(12);
    await card.getByRole('button', { name: 'View less' }).click();
    await card.getByRole('tab', { name: /^Private/ }).click();
    const lockedButton = card.getByRole('button', { name: 'Get access to Penetration test summary' });
    await lockedButton.waitFor();
    await card.getByRole('tab', { name: /^All/ }).click();
    await settle(visitor);
    await expectNoSeriousAccessibilityViolations(visitor);
    await card.screenshot({ path: path.join(screenshots, 'documents-card-1280.png') });
    await visitor.setViewportSize({ width: 390, height: 844 });
    await settle(visitor);
    await expect.poll(() => card.getByTestId('document-tile').count()).toBe(9);
    await card.screenshot({ path: path.join(screenshots, 'documents-card-390.png') });
    await visitor.setViewportSize({ width: 1280, height: 900 });

    await card.getByRole('tab', { name: /^Private/ }).click();
    await lockedButton.click();
    const query = new URL(visitor.url()).searchParams;
    expect([query.get('loginRequest'), query.get('source'), query.get('itemUid')]).toEqual([
      'true',
      'documents',
      itemsOf('Documents').find((item) => item.title === 'Penetration test summary')!.itemUid,
    ]);
    await visitor.goto(`${journey.baseUrl}/acme`);

    await documentsCard(visitor).getByRole('button', { name: 'Bulk download' }).click();
    const bulk = visitor.getByRole('dialog', { name: 'Bulk download' });
    await bulk.getByLabel('Select all').click();
    await capture(visitor, 'documents-bulk-dialog');
    const download = visitor.waitForEvent('download');
    await bulk.getByRole('button', { name: /^Download \d+ documents$/ }).click();
    await visitor.getByRole('dialog', { name: 'Download complete' }).waitFor();
    expect((await download).suggestedFilename()).toMatch(/\.zip$/);
    await capture(visitor, 'documents-bulk-done');
    expect(visitorProblems).toEqual([]);
    await visitorContext.close();
    await context.close();
  });
});
