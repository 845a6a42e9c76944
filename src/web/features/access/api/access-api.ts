import type {
  AcceptNdaInput,
  AccessRequestInput,
  ExtendAccessCode,
  InviteColleaguesInput,
  LoginInput,
  LoginResult,
  RequestAgainInput,
  RequestResult,
} from '../../../../shared/access';
import { accessLimits } from '../../../../shared/access';
import { apiRequest } from '../../../lib/api-client';

/** Spec 3 §7 calls of the access modal and member dialogs; loaded with them, never in the first load. */

const shareBase = '/api/statuspage/share';
const portalBase = (organisationSlug: string) => `${shareBase}/${encodeURIComponent(organisationSlug)}`;

export function login(organisationSlug: string, input: LoginInput): Promise<LoginResult> {
  return apiRequest<LoginResult>(`${portalBase(organisationSlug)}/login`, {
    method: 'POST',
    body: input,
  });
}

/** POST {base}/request, given up after 120 s (spec 3 §9) so the form never waits forever. */
export async function requestAccess(
  organisationSlug: string,
  input: AccessRequestInput,
  timeoutMs: number = accessLimits.requestTimeoutMs,
): Promise<RequestResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await apiRequest<RequestResult>(`${portalBase(organisationSlug)}/request`, {
      method: 'POST',
      body: input,
      signal: controller.signal,
    });
  } finally {
    clearTimeout(timer);
  }
}

export async function extendAccess(accountId: string): Promise<ExtendAccessCode> {
  try {
    const result = await apiRequest<{ code: ExtendAccessCode }>(
      `${shareBase}/${encodeURIComponent(accountId)}/external/extend-access`,
      { method: 'POST', body: {} },
    );
    return result.code;
  } catch {
    return 'error';
  }
}

/** 'Request access again' without a session: queues a renewal when the address's access expired. */
export async function requestAccessAgain(
  organisationSlug: string,
  input: RequestAgainInput,
): Promise<ExtendAccessCode> {
  try {
    const result = await apiRequest<{ code: ExtendAccessCode }>(
      `${portalBase(organisationSlug)}/request-again`,
      { method: 'POST', body: input },
    );
    return result.code;
  } catch {
    return 'error';
  }
}

export function inviteColleagues(accountId: string, input: InviteColleaguesInput): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>(`${shareBase}/${encodeURIComponent(accountId)}/external/invite-colleague`, {
    method: 'POST',
    body: input,
  });
}

export function acceptNda(organisationSlug: string, input: AcceptNdaInput) {
  return apiRequest<unknown>(`${portalBase(organisationSlug)}/nda/accept`, {
    method: 'POST',
    body: input,
  });
}
