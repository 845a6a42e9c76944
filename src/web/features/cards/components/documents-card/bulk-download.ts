import type {
  BulkDownloadInput,
  BulkDownloadResult,
  DocumentFileView,
} from '../../../../../shared/documents';
import type { ErrorBody } from '../../../../../shared/errors';
import { csrfHeaders } from '../../../../lib/api-client';

/**
 * Bulk download (spec 2 §4, spec 3 §4): idle → loading on begin; loading → idle on cancel (the
 * request is aborted), or → success / partial_success / error; error → loading on retry; any end
 * state → idle on reset, also when the dialog reopens.
 */
export type BulkDownloadState =
  | { status: 'idle' }
  | { status: 'loading'; count: number }
  | { status: 'success'; successCount: number }
  | { status: 'partial_success'; successCount: number; failedNames: string[] }
  | { status: 'error' };

export type BulkDownloadEvent =
  | { type: 'begin'; count: number }
  | { type: 'cancel' }
  | { type: 'finished'; result: BulkDownloadResult; nameOf(fileId: string): string }
  | { type: 'failed' }
  | { type: 'reset' };

export const initialBulkDownloadState: BulkDownloadState = { status: 'idle' };

export const untitledDocument = '(Untitled)';

export function bulkDownloadReducer(state: BulkDownloadState, event: BulkDownloadEvent): BulkDownloadState {
  switch (event.type) {
    case 'begin':
      return state.status === 'loading' ? state : { status: 'loading', count: event.count };
    case 'cancel':
      return state.status === 'loading' ? { status: 'idle' } : state;
    case 'finished': {
      // A late answer after cancel or reset must not resurrect a finished state.
      if (state.status !== 'loading') return state;
      const { failedFileIds, successCount } = event.result;
      if (failedFileIds.length === 0) return { status: 'success', successCount };
      if (successCount > 0) {
        return {
          status: 'partial_success',
          successCount,
          failedNames: failedFileIds.map((fileId) => event.nameOf(fileId).trim() || untitledDocument),
        };
      }
      return { status: 'error' };
    }
    case 'failed':
      return state.status === 'loading' ? { status: 'error' } : state;
    case 'reset':
      return initialBulkDownloadState;
  }
}

/** Selection key of one file of one item (the spec's selectedDocs map is keyed by item plus file). */
export const selectionKey = (itemUid: string, fileId: string) => `${itemUid}:${fileId}`;

export function bulkDownloadBody(
  files: ReadonlyArray<Pick<DocumentFileView, 'itemUid' | 'fileId' | 'kind'>>,
  productId: string,
  selectAllUsed: boolean,
): BulkDownloadInput {
  return {
    files: files.map((file) => ({
      itemUid: file.itemUid,
      fileId: file.fileId,
      generated: file.kind === 'letter',
    })),
    productId,
    selectAllUsed,
  };
}

/** Preview identity and product travel as query parameters, as on every portal call (spec 2 §7). */
const forwardedQuery = ['preview', 'accountId', 'permissionProfileId'];

export function bulkDownloadPath(organisationSlug: string, search: string): string {
  const current = new URLSearchParams(search);
  const query = new URLSearchParams();
  for (const name of forwardedQuery) {
    const value = current.get(name);
    if (value) query.set(name, value);
  }
  const suffix = query.size > 0 ? `?${query.toString()}` : '';
  return `/api/statuspage/share/${encodeURIComponent(organisationSlug)}/bulk-download${suffix}`;
}

export class BulkDownloadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'BulkDownloadError';
  }
}

/** The request itself; abortable, so Cancel really stops the server's work. */
export async function requestBulkDownload(
  path: string,
  body: BulkDownloadInput,
  options: { signal: AbortSignal },
): Promise<BulkDownloadResult> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
    ...(await csrfHeaders(options.signal)),
  };
  const response = await fetch(path, {
    method: 'POST',
    headers,
    credentials: 'same-origin',
    body: JSON.stringify(body),
    signal: options.signal,
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (payload as Partial<ErrorBody> | null)?.error?.message ?? response.statusText;
    throw new BulkDownloadError(response.status, message);
  }
  return payload as BulkDownloadResult;
}

/** Opens the zip as a download without leaving the page. */
export function startFileDownload(fileUrl: string) {
  const link = document.createElement('a');
  link.href = fileUrl;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
