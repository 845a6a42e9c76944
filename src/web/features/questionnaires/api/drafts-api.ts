import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../../../shared/messages';
import type {
  DraftDetail,
  DraftList,
  DraftPreview,
  DraftRowView,
  RowUpdate,
  StartDrafting,
} from '../../../../shared/questionnaire-drafts';
import { ApiError, apiRequest, csrfHeaders } from '../../../lib/api-client';

export const draftsKey = ['console', 'questionnaire-drafts'] as const;
export const draftKey = (id: string) => [...draftsKey, id] as const;

export function useDrafts() {
  return useQuery({ queryKey: draftsKey, queryFn: () => apiRequest<DraftList>('/api/questionnaire-drafts') });
}

/** A draft and its rows; polled while drafting so rows show as they land. */
export function useDraft(id: string) {
  return useQuery({
    queryKey: draftKey(id),
    queryFn: () => apiRequest<DraftDetail>(`/api/questionnaire-drafts/${id}`),
    refetchInterval: (query) => (query.state.data?.draft.status === 'drafting' ? 1000 : false),
  });
}

/** The workbook goes as the raw body, its name in the query (as a member's submission does). */
export async function uploadQuestionnaire(file: File): Promise<DraftPreview> {
  const csrf = await csrfHeaders();
  let response: Response;
  try {
    response = await fetch(`/api/questionnaire-drafts?${new URLSearchParams({ name: file.name })}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/octet-stream', ...csrf },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'unavailable', 'The server could not be reached. Check your connection.');
  }
  const payload = (await response.json().catch(() => null)) as
    | (DraftPreview & { error?: { code: ApiError['code']; message: string } })
    | null;
  if (response.ok && payload) return payload;
  throw new ApiError(
    response.status,
    payload?.error?.code ?? 'internal',
    payload?.error?.message ?? messages.genericError,
  );
}

export function pasteQuestionnaire(input: { name: string; text: string }) {
  return apiRequest<DraftPreview>('/api/questionnaire-drafts/pasted', { method: 'POST', body: input });
}

export function draftSubmission(submissionId: string) {
  return apiRequest<DraftPreview>(`/api/questionnaires/${submissionId}/draft`, { method: 'POST' });
}

export function getPreview(id: string) {
  return apiRequest<DraftPreview>(`/api/questionnaire-drafts/${id}/preview`);
}

export function useDraftActions(id: string) {
  const queryClient = useQueryClient();
  const refresh = (detail: DraftDetail) => {
    queryClient.setQueryData(draftKey(id), detail);
    void queryClient.invalidateQueries({ queryKey: draftsKey, exact: true });
  };
  const start = useMutation({
    mutationFn: (input: StartDrafting) =>
      apiRequest<DraftDetail>(`/api/questionnaire-drafts/${id}/start`, { method: 'POST', body: input }),
    onSuccess: refresh,
  });
  const cancel = useMutation({
    mutationFn: () => apiRequest<DraftDetail>(`/api/questionnaire-drafts/${id}/cancel`, { method: 'POST' }),
    onSuccess: refresh,
  });
  const updateRow = useMutation({
    mutationFn: (input: { rowId: string; update: RowUpdate }) =>
      apiRequest<DraftRowView>(`/api/questionnaire-drafts/${id}/rows/${input.rowId}`, {
        method: 'PATCH',
        body: input.update,
      }),
    onSuccess: (row) => {
      queryClient.setQueryData<DraftDetail>(draftKey(id), (detail) =>
        detail
          ? { ...detail, rows: detail.rows.map((candidate) => (candidate.id === row.id ? row : candidate)) }
          : detail,
      );
      void queryClient.invalidateQueries({ queryKey: draftKey(id) });
    },
  });
  const saveToKnowledgeBase = useMutation({
    mutationFn: (rowId: string) =>
      apiRequest<DraftRowView>(`/api/questionnaire-drafts/${id}/rows/${rowId}/knowledge-base`, {
        method: 'POST',
      }),
  });
  const publish = useMutation({
    mutationFn: (confirmUnreadable: boolean) =>
      apiRequest<DraftDetail>(`/api/questionnaire-drafts/${id}/publish`, {
        method: 'POST',
        body: { confirmUnreadable },
      }),
    onSuccess: refresh,
  });
  return { start, cancel, updateRow, saveToKnowledgeBase, publish };
}
