import { useQuery } from '@tanstack/react-query';
import type { ErrorCode } from '../../../../shared/errors';
import type {
  MissingDocumentList,
  TrustCenterImportProblem,
  TrustCenterImportSummary,
} from '../../../../shared/trust-center-export';
import { ApiError, apiRequest, csrfHeaders } from '../../../lib/api-client';

export type ImportOutcome =
  | { kind: 'imported'; summary: TrustCenterImportSummary }
  | { kind: 'invalid'; message: string; problems: TrustCenterImportProblem[] };

export const missingDocumentsQueryKey = ['trust-center', 'missing-documents'] as const;

export function exportAddress(format: 'json' | 'yaml'): string {
  return `/api/trust-center/export?format=${format}`;
}

type ErrorPayload = {
  error?: { code?: ErrorCode; message?: string; fields?: Record<string, string> };
  errors?: TrustCenterImportProblem[];
};

async function send(path: string, init: RequestInit): Promise<{ response: Response; payload: unknown }> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init });
  } catch {
    throw new ApiError(0, 'unavailable', 'The server could not be reached. Check your connection.');
  }
  return { response, payload: await response.json().catch(() => null) };
}

function failure(response: Response, payload: unknown, fallback: string): ApiError {
  const error = (payload as ErrorPayload | null)?.error;
  return new ApiError(
    response.status,
    error?.code ?? 'internal',
    error?.message ?? fallback,
    error?.fields ?? {},
  );
}

/**
 * POST /api/trust-center/import with the file as the raw body; its name tells JSON from YAML. A file
 * with problems is an outcome (each with its line), not an error; anything else throws ApiError.
 */
export async function importTrustCenterFile(file: File): Promise<ImportOutcome> {
  const { response, payload } = await send(
    `/api/trust-center/import?fileName=${encodeURIComponent(file.name)}`,
    {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': file.type || 'application/octet-stream',
        ...(await csrfHeaders()),
      },
      body: file,
    },
  );
  if (response.ok) return { kind: 'imported', summary: payload as TrustCenterImportSummary };
  const body = payload as ErrorPayload | null;
  if (response.status === 400 && body?.errors) {
    return {
      kind: 'invalid',
      message: body.error?.message ?? 'The file was not imported.',
      problems: body.errors,
    };
  }
  throw failure(response, payload, 'The import failed.');
}

/** PUT the bytes of a document imported as metadata; the server checks them against its sha256. */
export async function uploadDocumentFile(fileId: string, file: File): Promise<void> {
  const { response, payload } = await send(
    `/api/trust-center/documents/${encodeURIComponent(fileId)}/content`,
    {
      method: 'PUT',
      headers: {
        accept: 'application/json',
        'content-type': 'application/octet-stream',
        ...(await csrfHeaders()),
      },
      body: file,
    },
  );
  if (!response.ok) throw failure(response, payload, 'The upload failed.');
}

export function useMissingDocuments(isEnabled: boolean) {
  return useQuery({
    queryKey: missingDocumentsQueryKey,
    queryFn: () => apiRequest<MissingDocumentList>('/api/trust-center/documents/missing'),
    enabled: isEnabled,
  });
}
