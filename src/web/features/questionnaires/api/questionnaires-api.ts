import { messages } from '../../../../shared/messages';
import type { QuestionnaireSubmitted } from '../../../../shared/questionnaires';
import { ApiError, apiRequest, csrfHeaders } from '../../../lib/api-client';

export function submitQuestionnaireLink(organisationSlug: string, link: string) {
  return apiRequest<QuestionnaireSubmitted>(`/api/statuspage/share/${organisationSlug}/questionnaires/link`, {
    method: 'POST',
    body: { link },
  });
}

/** The file goes as the raw body (streamed by the server), its name in the query. */
export async function submitQuestionnaireFile(organisationSlug: string, file: File) {
  const query = new URLSearchParams({ name: file.name });
  const csrf = await csrfHeaders();
  let response: Response;
  try {
    response = await fetch(`/api/statuspage/share/${organisationSlug}/questionnaires/file?${query}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'content-type': 'application/octet-stream',
        ...csrf,
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
