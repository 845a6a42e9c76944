import type {
  KbEntryInput,
  KbEntryPatch,
  KbGapList,
  KbHit,
  KbImportResult,
  KbQuery,
  KbQueryResult,
  KbSearchKey,
} from '../../../../shared/knowledge-base';
import { ApiError, apiRequest, csrfHeaders } from '../../../lib/api-client';

/** Share parameters that make the viewer a preview or an account; the key must be asked as that viewer. */
const viewerParameters = ['preview', 'accountId', 'permissionProfileId'] as const;

export type KeySource =
  | { kind: 'portal'; organisationSlug: string; productId: string }
  | { kind: 'staff'; productId?: string };

/** GET {base}/kb/ais?productId (portal) or /api/kb/ais (staff): a short-lived search key (spec 3 §7). */
export function fetchSearchKey(source: KeySource, search: string): Promise<KbSearchKey> {
  const params = new URLSearchParams();
  if (source.productId) params.set('productId', source.productId);
  if (source.kind === 'staff') {
    const query = params.toString();
    return apiRequest<KbSearchKey>(`/api/kb/ais${query ? `?${query}` : ''}`);
  }
  const current = new URLSearchParams(search);
  for (const name of viewerParameters) {
    const value = current.get(name);
    if (value) params.set(name, value);
  }
  return apiRequest<KbSearchKey>(
    `/api/statuspage/share/${encodeURIComponent(source.organisationSlug)}/kb/ais?${params}`,
  );
}

/** POST /api/kb/query: the key carries who may see what; the filters only narrow it. */
export function queryKnowledgeBase(query: KbQuery, signal?: AbortSignal): Promise<KbQueryResult> {
  return apiRequest<KbQueryResult>('/api/kb/query', { method: 'POST', body: query, signal });
}

export function lookupEntry(key: string, objectID: string): Promise<KbHit> {
  return apiRequest<KbHit>('/api/kb/query/entry', { method: 'POST', body: { key, objectID } });
}

/* Staff. */

export function createEntry(input: KbEntryInput): Promise<KbHit> {
  return apiRequest<KbHit>('/api/kb/entries', { method: 'POST', body: input });
}

export function updateEntry(entryId: string, patch: KbEntryPatch): Promise<KbHit> {
  return apiRequest<KbHit>(`/api/kb/entries/${encodeURIComponent(entryId)}`, {
    method: 'PATCH',
    body: patch,
  });
}

export function deleteEntry(entryId: string): Promise<void> {
  return apiRequest<void>(`/api/kb/entries/${encodeURIComponent(entryId)}`, { method: 'DELETE' });
}

/** POST /api/kb/entries/import with the file's text as text/csv (all rows or none). */
export async function importEntries(csv: string): Promise<KbImportResult> {
  const csrf = await csrfHeaders();
  let response: Response;
  try {
    response = await fetch('/api/kb/entries/import', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'text/csv', ...csrf },
      credentials: 'same-origin',
      body: csv,
    });
  } catch {
    throw new ApiError(0, 'unavailable', 'The server could not be reached. Check your connection.');
  }
  const payload = (await response.json().catch(() => null)) as
    | (KbImportResult & { error?: undefined })
    | { error?: { code?: string; message?: string; fields?: Record<string, string> } }
    | null;
  if (response.ok && payload && 'imported' in payload) return payload;
  const error = payload?.error;
  throw new ApiError(
    response.status,
    (error?.code as ApiError['code'] | undefined) ?? 'internal',
    error?.message ?? 'The import failed.',
    error?.fields ?? {},
  );
}

export function exportAddress(withByteOrderMark: boolean): string {
  return `/api/kb/entries/export${withByteOrderMark ? '?bom=1' : ''}`;
}

export function fetchGaps(): Promise<KbGapList> {
  return apiRequest<KbGapList>('/api/kb/gaps');
}

export function dismissGap(gapId: string): Promise<void> {
  return apiRequest<void>(`/api/kb/gaps/${encodeURIComponent(gapId)}`, { method: 'DELETE' });
}
