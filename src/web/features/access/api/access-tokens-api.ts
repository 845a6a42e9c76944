import type {
  AccessTokenList,
  AccessTokenView,
  CreateAccessToken,
  CreatedAccessToken,
} from '../../../../shared/access-tokens';
import { apiRequest } from '../../../lib/api-client';

const base = (organisationSlug: string) => `/api/statuspage/share/${organisationSlug}/access-tokens`;

export const accessTokensQueryKey = (organisationSlug: string) =>
  ['access', 'tokens', organisationSlug] as const;

export function fetchAccessTokens(organisationSlug: string): Promise<AccessTokenList> {
  return apiRequest<AccessTokenList>(base(organisationSlug));
}

export function createAccessToken(
  organisationSlug: string,
  input: CreateAccessToken,
): Promise<CreatedAccessToken> {
  return apiRequest<CreatedAccessToken>(base(organisationSlug), { method: 'POST', body: input });
}

export function revokeAccessToken(organisationSlug: string, tokenId: string): Promise<AccessTokenView> {
  return apiRequest<AccessTokenView>(`${base(organisationSlug)}/${tokenId}`, { method: 'DELETE' });
}
