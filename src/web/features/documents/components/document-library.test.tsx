// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LibraryFile } from '../../../../shared/documents';
import { setCsrfToken } from '../../../lib/api-client';
import { type Rendered, renderInDom, waitFor } from '../../../lib/test-support/render-in-dom';
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
    rendered = await renderInDom(<DocumentLibrary isUploadOpen={false} onUploadOpenChange={() => {}} />);
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
});
