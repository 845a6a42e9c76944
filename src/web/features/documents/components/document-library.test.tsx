// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentMessages, type LibraryFile } from '../../../../shared/documents';
import { setCsrfToken } from '../../../lib/api-client';
import { byText, click, type Rendered, renderInDom, waitFor } from '../../../lib/test-support/render-in-dom';
import { textRefusalConsequence, textRefusalLabels } from '../lib/text-refusal';
import { DocumentLibrary } from './document-library';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf-1'));

const libraryFile = (id: string, title: string, textRefusal: LibraryFile['textRefusal']): LibraryFile => ({
  id,
  title,
  originalName: `${title}.pdf`,
  contentType: 'application/pdf',
  sizeBytes: 4096,
  sha256: 'b'.repeat(64),
  accessType: null,
  linkedItems: [],
  createdAt: '2026-02-03T10:00:00.000Z',
  viewUrl: `/api/documents/${id}/content`,
  downloadUrl: `/api/documents/${id}/content?disposition=attachment`,
  textRefusal,
});

let rendered: Rendered | undefined;
beforeEach(() => {
  const files = [
    libraryFile('f0000000-0000-4000-8000-000000000001', 'bomb', 'too_large'),
    libraryFile('f0000000-0000-4000-8000-000000000002', 'slow', 'timeout'),
    libraryFile('f0000000-0000-4000-8000-000000000003', 'fine', null),
  ];
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () => new Response(JSON.stringify({ files }), { headers: { 'content-type': 'application/json' } }),
  );
});
afterEach(async () => {
  await rendered?.unmount();
  vi.restoreAllMocks();
});

describe('document library', () => {
  it('says which documents had their text refused, why, and that search will not find them', async () => {
    rendered = await renderInDom(
      <DocumentLibrary isUploadOpen={false} onUploadOpenChange={() => {}} canEdit />,
    );
    const rows = await waitFor(() => {
      const found = [...document.querySelectorAll('[data-testid="library-file"]')];
      return found.length === 3 ? found : null;
    });
    const note = (row: Element) => row.querySelector('[data-testid="text-refusal"]')?.textContent ?? null;
    expect(note(rows[0]!)).toContain(textRefusalLabels.too_large.title);
    expect(note(rows[0]!)).toContain(textRefusalConsequence);
    expect(note(rows[1]!)).toContain(textRefusalLabels.timeout.title);
    expect(note(rows[2]!)).toBeNull();
  });

  it('gives a role without statuspage:edit documents to open and nothing to upload, rename or delete', async () => {
    rendered = await renderInDom(
      <DocumentLibrary isUploadOpen={true} onUploadOpenChange={() => {}} canEdit={false} />,
    );
    await waitFor(() => document.querySelectorAll('[data-testid="library-file"]').length === 3);
    expect(document.querySelectorAll('a[aria-label^="Open "]')).toHaveLength(3);
    expect(
      document.querySelectorAll('button[aria-label^="Rename "], button[aria-label^="Delete "]'),
    ).toHaveLength(0);
    expect(
      [...document.querySelectorAll('button')].some((button) => /Upload/.test(button.textContent ?? '')),
    ).toBe(false);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect([...document.querySelectorAll('select')].every((select) => select.disabled)).toBe(true);
  });

  it('shows, in the delete dialog, why the server refused to leave documents items without a file', async () => {
    const refusal = documentMessages.onlyFileOfItems(['Alpha', 'Beta']);
    const deletes: string[] = [];
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      if (init?.method !== 'DELETE') {
        const files = [libraryFile('f0000000-0000-4000-8000-000000000003', 'fine', null)];
        return new Response(JSON.stringify({ files }), { headers: { 'content-type': 'application/json' } });
      }
      deletes.push(String(input));
      return new Response(JSON.stringify({ error: { code: 'conflict', message: refusal } }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      });
    });
    rendered = await renderInDom(
      <DocumentLibrary isUploadOpen={false} onUploadOpenChange={() => {}} canEdit />,
    );
    await click(await waitFor(() => document.querySelector('[aria-label="Delete fine"]')));
    await click(await waitFor(() => byText('button', 'Delete')[0]));
    const dialog = await waitFor(() => {
      const found = document.querySelector('[role="alertdialog"]');
      return found?.textContent?.includes(refusal) ? found : null;
    });
    expect(deletes).toEqual(['/api/documents/f0000000-0000-4000-8000-000000000003']);
    expect(dialog.textContent).toContain('fine cannot be deleted');
    // Only a way out is offered: the delete cannot succeed until the items have another file.
    expect(byText('button', 'Delete')).toEqual([]);
    await click(byText('button', 'OK')[0]);
    await waitFor(() => document.querySelector('[role="alertdialog"]') === null);
    expect(document.querySelectorAll('[data-testid="library-file"]')).toHaveLength(1);
  });
});
