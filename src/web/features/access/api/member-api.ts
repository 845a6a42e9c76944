import type { LogoutResult, NdaStatus } from '../../../../shared/access';
import { ApiError, apiRequest, csrfHeaders, setCsrfToken } from '../../../lib/api-client';

/**
 * The signed-in member's calls (spec 3 §7: logout, NDA status, signed NDA download). Types only
 * from the contract, so the header's account menu loads no schema code.
 */

const shareBase = '/api/statuspage/share';
const portalBase = (organisationSlug: string) => `${shareBase}/${encodeURIComponent(organisationSlug)}`;

export async function logout(): Promise<string | null> {
  const result = await apiRequest<LogoutResult | undefined>(`${shareBase}/auth/logout`, {
    method: 'POST',
    body: {},
  });
  // Signed out: no later write of this page may carry the ended session's token.
  setCsrfToken(null);
  return result?.redirectTo ?? null;
}

export const ndaStatusQueryKey = (organisationSlug: string) => ['access', 'nda', organisationSlug] as const;

export function fetchNdaStatus(organisationSlug: string): Promise<NdaStatus> {
  return apiRequest<NdaStatus>(`${portalBase(organisationSlug)}/nda`);
}

/** The filename of a Content-Disposition header (RFC 6266: filename* first, then filename). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed encoding falls through to the plain filename.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1];
  return plain?.trim() || fallback;
}

/** POST {base}/download-signed-clickwrap-nda: the signed PDF, saved under the server's file name. */
export async function downloadSignedNda(organisationSlug: string): Promise<void> {
  const headers: Record<string, string> = { accept: 'application/pdf', ...(await csrfHeaders()) };
  const response = await fetch(`${portalBase(organisationSlug)}/download-signed-clickwrap-nda`, {
    method: 'POST',
    headers,
    credentials: 'same-origin',
  });
  if (!response.ok) throw new ApiError(response.status, 'internal', 'NDA download failed');
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFromDisposition(response.headers.get('content-disposition'), 'signed-nda.pdf');
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or the download could lose its source.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
