// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentFileView, LibraryFile } from '../../../../shared/documents';
import { setCsrfToken } from '../../../lib/api-client';
import {
  byText,
  click,
  press,
  type Rendered,
  renderInDom,
  settle,
  typeInto,
} from '../../../lib/test-support/render-in-dom';
import { cardFixture, editingViewFixture, itemFixture } from '../test-support/editing-fixtures';
import { DrawerEditor } from './drawer-editor';
import FeaturedDocumentsDialog from './featured-documents-dialog';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf-1'));

type Call = { url: string; method: string; body: unknown };
let calls: Call[] = [];
let rendered: Rendered | undefined;
let failFeatured = false;

const productPath = '/api/trust-center/products/11111111-1111-4111-8111-111111111111';
const libraryFile = (id: string, title: string): LibraryFile => ({
  id,
  title,
  originalName: `${title.toLowerCase().replaceAll(' ', '-')}.pdf`,
  contentType: 'application/pdf',
  sizeBytes: 2048,
  sha256: 'a'.repeat(64),
  accessType: null,
  linkedItems: [],
  createdAt: '2025-03-04T10:00:00.000Z',
  viewUrl: `/api/documents/${id}/content`,
  downloadUrl: `/api/documents/${id}/content?disposition=attachment`,
  textRefusal: null,
});
const soc2File = libraryFile('f0000000-0000-4000-8000-000000000001', 'SOC 2 report');
const pentestFile = libraryFile('f0000000-0000-4000-8000-000000000002', 'Pen test summary');
const policyFile = libraryFile('f0000000-0000-4000-8000-000000000003', 'Security policy');
const createdUid = '99999999-9999-4999-8999-999999999999';

beforeEach(() => {
  calls = [];
  failFeatured = false;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = {
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    if (url === '/api/documents') {
      return new Response(JSON.stringify({ files: [soc2File, pentestFile, policyFile] }), { status: 200 });
    }
    if (url.endsWith('/cards/Documents/items') && call.method === 'POST') {
      const { title } = call.body as { title: string };
      return new Response(JSON.stringify(itemFixture({ itemUid: createdUid, title, isCustom: true })), {
        status: 201,
      });
    }
    if (url.endsWith('/documents/featured') && failFeatured) {
      return new Response(JSON.stringify({ error: { code: 'internal', message: 'x' } }), { status: 500 });
    }
    return new Response(JSON.stringify(call.body ?? {}), { status: 200 });
  });
});

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const report = itemFixture({ title: 'SOC 2 Type II', isCustom: true });
const pentest = itemFixture({ title: 'Penetration test', isCustom: true });
const policies = itemFixture({ title: 'Policies', isCustom: true });
const linked = (item: { itemUid: string }, file: LibraryFile): DocumentFileView => ({
  fileId: file.id,
  itemUid: item.itemUid,
  kind: 'file',
  title: file.title,
  originalName: file.originalName,
  contentType: file.contentType,
  sizeBytes: file.sizeBytes,
  canDownload: true,
  isEncrypted: false,
  viewUrl: '/v',
  downloadUrl: '/d',
});
const view = editingViewFixture({
  cards: [cardFixture('Documents', 'Documents', [report, pentest, policies])],
  documents: {
    featuredItemUids: [pentest.itemUid],
    files: [linked(report, soc2File), linked(pentest, pentestFile)],
  },
});
const documentsCard = view.cards[0]!;

async function choose(select: Element | null | undefined, value: string) {
  if (!(select instanceof HTMLSelectElement)) throw new Error('no select');
  const setValue = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set;
  await act(async () => {
    setValue?.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const filesOf = (item: { itemUid: string }) =>
  document.getElementById(`item-${item.itemUid}-file-picker`)?.closest('[data-testid="item-files"]');
const rowsOf = (item: { itemUid: string }) =>
  [...(filesOf(item)?.querySelectorAll('[data-file-status]') ?? [])].map(
    (row) => `${row.querySelector('p')?.textContent} [${row.getAttribute('data-file-status')}]`,
  );
const pickerOptions = (item: { itemUid: string }) =>
  [...(document.getElementById(`item-${item.itemUid}-file-picker`)?.querySelectorAll('option') ?? [])]
    .filter((option) => option.value)
    .map((option) => option.value);

describe('documents item file links in the drawer editor', () => {
  async function renderEditor(onDirtyChange: (dirty: boolean) => void = () => {}) {
    rendered = await renderInDom(
      <DrawerEditor view={view} card={documentsCard} onDone={() => {}} onDirtyChange={onDirtyChange} />,
    );
    await settle();
  }

  it('offers only library files not yet linked or pending, and shows pending links with Undo', async () => {
    const onDirtyChange = vi.fn();
    await renderEditor(onDirtyChange);
    expect(pickerOptions(report)).toEqual([pentestFile.id, policyFile.id]);
    await choose(document.getElementById(`item-${report.itemUid}-file-picker`), policyFile.id);
    expect(rowsOf(report)).toEqual(['SOC 2 report [saved]', 'Security policy [linked]']);
    expect(filesOf(report)?.textContent).toContain('Linked (pending)');
    expect(pickerOptions(report)).toEqual([pentestFile.id]);
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);

    await click(filesOf(report)?.querySelector('button[aria-label^="Unlink"]'));
    expect(filesOf(report)?.textContent).toContain('Unlinked (pending)');
    await click(byText('button', 'Undo')[0]);
    await click(byText('button', 'Undo')[0]);
    expect(rowsOf(report)).toEqual(['SOC 2 report [saved]']);
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
  });

  it('applies the pending changes on Save through PUT …/items/:itemUid/files', async () => {
    await renderEditor();
    await choose(document.getElementById(`item-${report.itemUid}-file-picker`), policyFile.id);
    await click(filesOf(report)?.querySelector('button[aria-label^="Unlink"]'));
    await choose(document.getElementById(`item-${policies.itemUid}-file-picker`), pentestFile.id);
    await click(byText('button', 'Save')[0]);
    await settle();
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts).toEqual([
      {
        url: `${productPath}/items/${report.itemUid}/files`,
        method: 'PUT',
        body: { fileIds: [policyFile.id] },
      },
      {
        url: `${productPath}/items/${policies.itemUid}/files`,
        method: 'PUT',
        body: { fileIds: [pentestFile.id] },
      },
    ]);
  });

  it("refuses to save a documents item without a file: 'Please upload a file to save this item.'", async () => {
    await renderEditor();
    await click(filesOf(report)?.querySelector('button[aria-label^="Unlink"]'));
    await click(byText('button', 'Save')[0]);
    await settle();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
    const alerts = [...document.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent);
    expect(alerts).toContain('Please upload a file to save this item.');
    expect(filesOf(report)?.querySelector('a')?.getAttribute('href')).toBe(
      '/console/documents?uploadModal=true',
    );
  });
});

describe('adding a documents card item', () => {
  // Every saved item here has its file, so only the new item's file decides whether Save goes ahead.
  const linkedView = editingViewFixture({
    cards: [cardFixture('Documents', 'Documents', [report, pentest])],
    documents: view.documents,
  });

  it('needs a file before it saves, then creates the item with its file in one request', async () => {
    rendered = await renderInDom(
      <DrawerEditor
        view={linkedView}
        card={linkedView.cards[0]!}
        onDone={() => {}}
        onDirtyChange={() => {}}
      />,
    );
    await settle();
    await click(byText('button', 'Add item')[0]);
    const added = { itemUid: 'new-1' };
    await typeInto(document.getElementById('item-new-1-title'), 'Vendor management policy');
    await click(byText('button', 'Save')[0]);
    await settle();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(filesOf(added)?.querySelector('[role="alert"]')?.textContent).toBe(
      'Please upload a file to save this item.',
    );

    // The picker leaves out nothing for a new item: it has no files yet (spec 2 §5).
    expect(pickerOptions(added)).toEqual([soc2File.id, pentestFile.id, policyFile.id]);
    await choose(document.getElementById('item-new-1-file-picker'), policyFile.id);
    expect(rowsOf(added)).toEqual(['Security policy [linked]']);
    expect(pickerOptions(added)).toEqual([soc2File.id, pentestFile.id]);
    await click(byText('button', 'Save')[0]);
    await settle();
    const writes = calls.filter((call) => call.method !== 'GET');
    expect(writes[0]).toEqual({
      url: `${productPath}/cards/Documents/items`,
      method: 'POST',
      body: { title: 'Vendor management policy', fileIds: [policyFile.id] },
    });
    // Its file went with its creation: no separate link request that could fail on its own.
    expect(writes.filter((call) => call.url.endsWith('/files'))).toEqual([]);
  });
});

describe('FeaturedDocumentsDialog', () => {
  const write = { productId: view.product.productId };
  let openChanges: boolean[] = [];

  async function renderDialog() {
    openChanges = [];
    rendered = await renderInDom(
      <FeaturedDocumentsDialog
        open
        onOpenChange={(open) => openChanges.push(open)}
        view={view}
        card={documentsCard}
        write={write}
      />,
    );
  }

  const column = (name: 'featured' | 'nonFeatured') =>
    [
      ...document.querySelectorAll(`[data-testid="featured-column-${name}"] [data-testid="featured-label"]`),
    ].map((label) => label.textContent);

  async function menuMove(label: string, move: string) {
    await press(document.querySelector(`button[aria-label="Move ${label}"]`), 'Enter');
    const item = byText<HTMLElement>('[role="menuitem"]', move)[0];
    const isDisabled = item?.hasAttribute('data-disabled') ?? true;
    if (!isDisabled) await click(item);
    else await press(item, 'Escape');
    return !isDisabled;
  }

  it('shows the featured and non-featured columns from the saved order', async () => {
    await renderDialog();
    expect(byText('h3', /^Featured documents/)).toHaveLength(1);
    expect(byText('h3', /^Non-featured documents/)).toHaveLength(1);
    expect(column('featured')).toEqual(['Penetration test']);
    // The card lists non-featured documents by title, and so does the dialog.
    expect(column('nonFeatured')).toEqual(['Policies', 'SOC 2 Type II']);
  });

  it('moves with the row menu, ignores moves past the bounds, and saves only on Save order', async () => {
    await renderDialog();
    // Only the featured order is saved, so the non-featured column offers no moves within it.
    expect(await menuMove('SOC 2 Type II', 'Move to top')).toBe(false);
    expect(await menuMove('Policies', 'Move down')).toBe(false);
    expect(column('nonFeatured')).toEqual(['Policies', 'SOC 2 Type II']);
    expect(byText<HTMLButtonElement>('button', 'Save order')[0]?.disabled).toBe(true);
    expect(await menuMove('SOC 2 Type II', 'Move to other column')).toBe(true);
    expect(column('featured')).toEqual(['Penetration test', 'SOC 2 Type II']);
    expect(await menuMove('SOC 2 Type II', 'Move to top')).toBe(true);
    expect(column('featured')).toEqual(['SOC 2 Type II', 'Penetration test']);
    expect(await menuMove('Penetration test', 'Move down')).toBe(false);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await click(byText('button', 'Save order')[0]);
    await settle();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        url: `${productPath}/documents/featured`,
        method: 'PUT',
        body: { featuredItemUids: [report.itemUid, pentest.itemUid] },
      },
    ]);
    expect(openChanges).toEqual([false]);
  });

  it('keeps Save order disabled until the order changes, and stays open when saving fails', async () => {
    await renderDialog();
    const saveButton = () => byText<HTMLButtonElement>('button', 'Save order')[0];
    expect(saveButton()?.disabled).toBe(true);
    await menuMove('Penetration test', 'Move to other column');
    expect(column('featured')).toEqual([]);
    expect(saveButton()?.disabled).toBe(false);
    failFeatured = true;
    await click(saveButton());
    await settle();
    expect(openChanges).toEqual([]);
    expect(column('nonFeatured')).toEqual(['Penetration test', 'Policies', 'SOC 2 Type II']);
  });
});
