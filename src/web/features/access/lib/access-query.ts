import { writePortalQuery } from '../../../lib/portal-query';

/** The access modal's two tabs (spec 3 §2): the query value names them. */
export type AccessTab = 'reclaim-access' | 'request-access';

export type AccessQuery = {
  tab: AccessTab | null;
  source: string | null;
  itemUid: string | null;
  itemKind: string | null;
  inviteToken: string | null;
  isInviteColleaguesRequested: boolean;
  isAccessTokensRequested: boolean;
  byoidJwt: string | null;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const flagOn = (value: string | null) => value !== null && value !== 'false' && value !== '0';

/** What the access flow reads from the address (loginRequest, requestAccess, source, itemUid, …). */
export function readAccessQuery(search: string): AccessQuery {
  const params = new URLSearchParams(search);
  const tab: AccessTab | null =
    params.get('requestAccess') === 'true'
      ? 'request-access'
      : params.get('loginRequest') === 'true'
        ? 'reclaim-access'
        : null;
  const itemUid = params.get('itemUid');
  return {
    tab,
    source: params.get('source')?.slice(0, 100) || null,
    // The request payload takes only an item id; a malformed one is dropped, never sent.
    itemUid: itemUid && uuidPattern.test(itemUid) ? itemUid : null,
    itemKind: params.get('itemKind')?.slice(0, 100) || null,
    inviteToken: params.get('inviteToken') || null,
    isInviteColleaguesRequested: flagOn(params.get('inviteColleagues')),
    isAccessTokensRequested: flagOn(params.get('accessTokens')),
    byoidJwt: params.get('byoidJwt') || null,
  };
}

/** Shows a tab: loginRequest=true or requestAccess=true, the other removed; source stays. */
export function writeAccessTab(tab: AccessTab): void {
  writePortalQuery({
    loginRequest: tab === 'reclaim-access' ? 'true' : null,
    requestAccess: tab === 'request-access' ? 'true' : null,
  });
}

/** Closing the modal removes what opened it. */
export function clearAccessTab(): void {
  writePortalQuery({ loginRequest: null, requestAccess: null, source: null, itemKind: null });
}

export function clearInviteColleagues(): void {
  writePortalQuery({ inviteColleagues: null });
}

export function clearAccessTokens(): void {
  writePortalQuery({ accessTokens: null });
}

/**
 * Spec 1 §2: a byoid token on a public page whose path lacks the byoid segment goes to the
 * organisation's byoid welcome path, carrying the token. Null when the page stays.
 */
export function byoidLocation(
  mode: string,
  basePath: string,
  location: { pathname: string; search: string },
): string | null {
  const token = new URLSearchParams(location.search).get('byoidJwt');
  if (mode !== 'public' || !token) return null;
  if (location.pathname.split('/').includes('byoid')) return null;
  return `${basePath}/byoid?${new URLSearchParams({ byoidJwt: token }).toString()}`;
}
