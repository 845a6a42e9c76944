// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BulkDownloadResult } from '../../../../../shared/documents';
import { setCsrfToken } from '../../../../lib/api-client';
import { bulkDownloadPath, bulkDownloadReducer, initialBulkDownloadState } from './bulk-download';
import BulkDownloadDialog from './bulk-download-dialog';
import type { FileGroup } from './document-entries';
import { byText, click, documentFileFixture, type Rendered, renderInDom, settle } from './documents-fixture';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf-1'));

const itemA = 'aaaaaaaa-aaaa-4aaa-8aaa-000000000001';
const itemB = 'aaaaaaaa-aaaa-4aaa-8aaa-000000000002';
const soc2 = documentFileFixture(itemA, { title: 'SOC 2 report' });
const bridge = documentFileFixture(itemA, { title: '', originalName: '', kind: 'letter' });
const policy = documentFileFixture(itemB, { title: 'Security policy' });
const groups: FileGroup[] = [
  { itemUid: itemA, itemTitle: 'SOC 2 Type II', files: [soc2, bridge] },
  { itemUid: itemB, itemTitle: 'Policies', files: [policy] },
];
const productId = '11111111-1111-4111-8111-111111111111';

type Pending = {
  resolve(result: BulkDownloadResult): void;
  reject(error: unknown): void;
  signal: AbortSignal;
};
let requests: Array<{ url: string; body: unknown; headers: Record<string, string> } & Pending>;
let rendered: Rendered | undefined;
let openChanges: boolean[];
let downloads: string[];

beforeEach(() => {
  requests = [];
  openChanges = [];
  downloads = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const signal = init.signal as AbortSignal;
    return new Promise<Response>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      requests.push({
        url,
        body: JSON.parse(String(init.body)),
        headers: init.headers as Record<string, string>,
        signal,
        resolve: (result) => resolve(new Response(JSON.stringify(result), { status: 200 })),
        reject,
      });
    });
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.getAttribute('href') ?? '');
  });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function renderDialog(open = true) {
  rendered = await renderInDom(
    <BulkDownloadDialog
      open={open}
      onOpenChange={(value) => openChanges.push(value)}
      groups={groups}
      organisationSlug="acme"
      productId={productId}
      portalTitle="Trust Center"
    />,
  );
}

const checkboxLabelled = (label: string) => {
  const element = byText<HTMLLabelElement>('label', label)[0];
  return document.getElementById(element?.htmlFor ?? '');
};
const downloadButton = () => byText<HTMLButtonElement>('button', /^Download \d+ document/)[0];

async function answer(result: BulkDownloadResult) {
  await act(async () => requests.at(-1)?.resolve(result));
  await settle(2);
}

describe('bulkDownloadReducer', () => {
  const nameOf = () => '';
  it('moves idle → loading → success, partial_success or error, and back to idle on reset', () => {
    const loading = bulkDownloadReducer(initialBulkDownloadState, { type: 'begin', count: 2 });
    expect(loading).toEqual({ status: 'loading', count: 2 });
    const result = (failedFileIds: string[], successCount: number) => ({
      failedFileIds,
      successCount,
      fileUrl: '/zip',
    });
    expect(bulkDownloadReducer(loading, { type: 'finished', result: result([], 2), nameOf })).toEqual({
      status: 'success',
      successCount: 2,
    });
    expect(bulkDownloadReducer(loading, { type: 'finished', result: result(['x'], 1), nameOf })).toEqual({
      status: 'partial_success',
      successCount: 1,
      failedNames: ['(Untitled)'],
    });
    expect(bulkDownloadReducer(loading, { type: 'finished', result: result(['x'], 0), nameOf }).status).toBe(
      'error',
    );
    expect(bulkDownloadReducer(loading, { type: 'failed' })).toEqual({ status: 'error' });
    expect(bulkDownloadReducer({ status: 'error' }, { type: 'begin', count: 2 }).status).toBe('loading');
    expect(bulkDownloadReducer({ status: 'error' }, { type: 'reset' })).toEqual({ status: 'idle' });
  });

  it('returns to idle on cancel and ignores an answer that arrives after it', () => {
    const loading = bulkDownloadReducer(initialBulkDownloadState, { type: 'begin', count: 1 });
    const cancelled = bulkDownloadReducer(loading, { type: 'cancel' });
    expect(cancelled).toEqual({ status: 'idle' });
    const late = { failedFileIds: [], successCount: 1, fileUrl: '/zip' };
    expect(bulkDownloadReducer(cancelled, { type: 'finished', result: late, nameOf })).toEqual({
      status: 'idle',
    });
  });
});

describe('bulkDownloadPath', () => {
  it('carries the preview identity along', () => {
    expect(bulkDownloadPath('acme', '?accountId=abc&edit=1')).toBe(
      '/api/statuspage/share/acme/bulk-download?accountId=abc',
    );
    expect(bulkDownloadPath('acme', '')).toBe('/api/statuspage/share/acme/bulk-download');
  });
});

describe('BulkDownloadDialog', () => {
  it('needs at least one document, counts the selection and selects all at once', async () => {
    await renderDialog();
    expect(downloadButton()?.disabled).toBe(true);
    expect(downloadButton()?.textContent).toBe('Download 0 documents');
    await click(checkboxLabelled('Security policy'));
    expect(downloadButton()?.textContent).toBe('Download 1 document');
    expect(checkboxLabelled('Select all')?.getAttribute('aria-checked')).toBe('mixed');
    await click(checkboxLabelled('Select all'));
    expect(downloadButton()?.textContent).toBe('Download 3 documents');
    expect(document.body.textContent).toContain('(Untitled)');
  });

  it('sends the selection, then opens the zip as a download on success', async () => {
    await renderDialog();
    await click(checkboxLabelled('Select all'));
    await click(downloadButton());
    expect(document.body.textContent).toContain('Preparing 3 documents for download…');
    expect(requests[0]?.url).toBe('/api/statuspage/share/acme/bulk-download');
    expect(requests[0]?.headers['x-csrf-token']).toBe('csrf-1');
    expect(requests[0]?.body).toEqual({
      files: [
        { itemUid: itemA, fileId: soc2.fileId, generated: false },
        { itemUid: itemA, fileId: bridge.fileId, generated: true },
        { itemUid: itemB, fileId: policy.fileId, generated: false },
      ],
      productId,
      selectAllUsed: true,
    });
    await answer({ failedFileIds: [], successCount: 3, fileUrl: '/zip/signed' });
    expect(downloads).toEqual(['/zip/signed']);
    expect(document.body.textContent).toContain('3 documents were downloaded.');
    await click(byText('button', 'Back to Trust Center')[0]);
    expect(openChanges).toEqual([false]);
  });

  it('aborts the request on Cancel and returns to the selection', async () => {
    await renderDialog();
    await click(checkboxLabelled('SOC 2 report'));
    await click(downloadButton());
    await click(byText('button', 'Cancel')[0]);
    await settle();
    expect(requests[0]?.signal.aborted).toBe(true);
    expect(downloadButton()?.textContent).toBe('Download 1 document');
    expect(downloads).toEqual([]);
  });

  it('lists failed documents on a partial success, untitled ones as (Untitled)', async () => {
    await renderDialog();
    await click(checkboxLabelled('Select all'));
    await click(downloadButton());
    await answer({ failedFileIds: [soc2.fileId, bridge.fileId], successCount: 1, fileUrl: '/zip/partial' });
    expect(document.body.textContent).toContain('Failed to download 2 document(s)');
    const failed = [...document.querySelectorAll('[data-testid="failed-documents"] li')].map(
      (li) => li.textContent,
    );
    expect(failed).toEqual(['SOC 2 report', '(Untitled)']);
    expect(downloads).toEqual(['/zip/partial']);
  });

  it('shows the error state with Try again, which sends the same selection again', async () => {
    await renderDialog();
    await click(checkboxLabelled('Security policy'));
    await click(downloadButton());
    await act(async () => requests[0]?.reject(new TypeError('network down')));
    await settle();
    expect(byText('h2', 'Error downloading')).toHaveLength(1);
    await click(byText('button', 'Try again')[0]);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.body).toEqual(requests[0]?.body);
    await answer({ failedFileIds: [], successCount: 1, fileUrl: '/zip/again' });
    expect(downloads).toEqual(['/zip/again']);
  });

  it('treats a server refusal as an error, and starts over from idle when reopened', async () => {
    await renderDialog();
    await click(checkboxLabelled('Security policy'));
    await click(downloadButton());
    await act(async () =>
      requests[0]?.resolve({ failedFileIds: [policy.fileId], successCount: 0, fileUrl: null }),
    );
    await settle(2);
    expect(byText('h2', 'Error downloading')).toHaveLength(1);
    await rendered?.unmount();
    await renderDialog(false);
    await rendered?.unmount();
    await renderDialog(true);
    expect(byText('h2', 'Error downloading')).toHaveLength(0);
    expect(downloadButton()?.textContent).toBe('Download 0 documents');
  });
});
