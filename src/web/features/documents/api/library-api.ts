import { useQuery } from '@tanstack/react-query';
import type { DocumentAccessType, LibraryFile } from '../../../../shared/documents';
import type { ErrorBody } from '../../../../shared/errors';
import { messages } from '../../../../shared/messages';
import { ApiError, apiRequest, csrfHeaders } from '../../../lib/api-client';

/** The staff document library (spec 2 §3 document library entry): list, upload, rename, access, delete. */

export const libraryQueryKey = ['documents', 'library'] as const;

export function useLibraryFiles() {
  return useQuery({
    queryKey: libraryQueryKey,
    queryFn: async () => (await apiRequest<{ files: LibraryFile[] }>('/api/documents')).files,
  });
}

export function updateLibraryFile(
  fileId: string,
  change: { title?: string; accessType?: DocumentAccessType | null },
) {
  return apiRequest<LibraryFile>(`/api/documents/${encodeURIComponent(fileId)}`, {
    method: 'PATCH',
    body: change,
  });
}

export function deleteLibraryFile(fileId: string) {
  return apiRequest<void>(`/api/documents/${encodeURIComponent(fileId)}`, { method: 'DELETE' });
}

function errorFrom(status: number, payload: unknown): ApiError {
  const error = (payload as Partial<ErrorBody> | null)?.error;
  return new ApiError(
    status,
    error?.code ?? 'internal',
    error?.message ?? messages.genericError,
    error?.fields ?? {},
  );
}

/**
 * Sends the raw file with its name in the query (the server streams it to storage). XMLHttpRequest,
 * not fetch, because only it reports upload progress.
 */
export async function uploadLibraryFile(
  file: File,
  options: { onProgress(fraction: number): void; signal?: AbortSignal },
): Promise<LibraryFile> {
  const csrf = await csrfHeaders(options.signal);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/documents?name=${encodeURIComponent(file.name)}`);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    for (const [name, value] of Object.entries(csrf)) request.setRequestHeader(name, value);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = null;
      }
      if (request.status >= 200 && request.status < 300) resolve(payload as LibraryFile);
      else reject(errorFrom(request.status, payload));
    };
    request.onerror = () =>
      reject(new ApiError(0, 'unavailable', 'The server could not be reached. Check your connection.'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort());
    request.send(file);
  });
}
