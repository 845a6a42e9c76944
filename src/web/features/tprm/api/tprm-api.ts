import type { IssuedToken, PartnerList, TprmJwtResult } from '../../../../shared/tprm';
import { apiRequest } from '../../../lib/api-client';

export const memberPartnersQueryKey = (organisationSlug: string) =>
  ['tprm-partners', organisationSlug] as const;

export function fetchMemberPartners(organisationSlug: string) {
  return apiRequest<PartnerList>(`/api/statuspage/share/${organisationSlug}/tprm/partners`);
}

/** Next: a token for the account and partner, then its one and only view. */
export async function generateToken(
  organisationSlug: string,
  input: { accountId: string; partnerId: string },
): Promise<TprmJwtResult['result']> {
  const issued = await apiRequest<IssuedToken>(`/api/statuspage/share/${organisationSlug}/tprm/tokens`, {
    method: 'POST',
    body: { partnerId: input.partnerId },
  });
  const query = new URLSearchParams({ tokenId: issued.tokenId });
  const { result } = await apiRequest<TprmJwtResult>(
    `/api/statuspage/share/${input.accountId}/external/${input.partnerId}/jwt/?${query}`,
    { usesUp: true },
  );
  return result;
}
