import { messages } from '../../../../shared/messages';
import type { QuestionnaireSubmitted } from '../../../../shared/questionnaires';
import { ApiError, apiRequest } from '../../../lib/api-client';

export function submitQuestionnaireLink(organisationSlug: string, link: string, csrfToken: string | null) {
  return apiRequest<QuestionnaireSubmitted>(`/api/statuspage/share/${organisationSlug}/questionnaires/link`, {
    method: 'POST',
    body: { link },
    csrfToken: csrfToken ?? undefined,
  });
}

/** The file goes as the raw body (streamed by the server), its name in the query. */
export async function submitQuestionnaireFile(
  organisationSlug: string,
  file: File,
  csrfToken: string | null,
) {
  const query = new URLSearchParams({ name: file.name });
  let response: Response;
  try {
    response = await fetch(`/api/statuspage/share/${organisationSlug}/questionnaires/file?${query}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'content-type': 'application/octet-stream',
        ...(csrfToken ? { 'x-csrf-token': csrfToken } : {}),
      },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'unavailable', 'The server could not be reached. Check your connection.');
  }
  const payload = (await response.json().catch(() => null)) as
    | (QuestionnaireSubmitted & { error?: { code: ApiError['code']; message: string } })
    | null;
  if (response.ok && payload) return payload as QuestionnaireSubmitted;
  throw new ApiError(
    response.status,
    payload?.error?.code ?? 'internal',
    payload?.error?.message ?? messages.genericError,
  );
}
