import { lazy, Suspense, useEffect, useState } from 'react';
import type { PortalView } from '../../../../shared/portal';
import { lazyWithPageQuery } from '../../../lib/lazy-with-page-query';
import { onPortalQueryChange } from '../../../lib/portal-query';
import { type AccessQuery, byoidLocation, readAccessQuery, writeAccessTab } from '../lib/access-query';

// Nothing of the access flow is in the first load: the modal loads when the query asks for it, the
// member's NDA reminder and invite dialog when a member is signed in.
const AccessLayer = lazy(() => import('./access-layer'));
const MemberLayer = lazyWithPageQuery(() => import('./member-layer'));

type AccessEntryProps = {
  view: PortalView;
  basePath: string;
  /** False while another modal (the welcome modal) must be dealt with first. */
  canOpenDialogs: boolean;
};

/**
 * The access flow's listener on the page (spec 3 §2): reads loginRequest / requestAccess / inviteToken /
 * inviteColleagues from the address, on load and whenever a feature writes them, and mounts what they need.
 */
export function AccessEntry({ view, basePath, canOpenDialogs }: AccessEntryProps) {
  const [query, setQuery] = useState<AccessQuery | null>(null);
  const [isAccessLayerLoaded, setAccessLayerLoaded] = useState(false);
  const { mode, member } = view.viewer;
  const isMember = mode === 'account_external' && member !== null;

  useEffect(() => {
    const target = byoidLocation(mode, basePath, window.location);
    if (target) window.location.replace(target);
  }, [mode, basePath]);

  useEffect(() => {
    if (!canOpenDialogs) return;
    const initial = readAccessQuery(window.location.search);
    // An invited colleague lands on the request tab, the invitation's address filled in.
    if (initial.inviteToken && mode === 'public' && !initial.tab) writeAccessTab('request-access');
    setQuery(readAccessQuery(window.location.search));
    return onPortalQueryChange(() => setQuery(readAccessQuery(window.location.search)));
  }, [canOpenDialogs, mode]);

  useEffect(() => {
    if (query?.tab) setAccessLayerLoaded(true);
  }, [query?.tab]);

  return (
    <>
      {isAccessLayerLoaded && query ? (
        <Suspense fallback={null}>
          <AccessLayer view={view} basePath={basePath} query={query} />
        </Suspense>
      ) : null}
      {isMember && query ? (
        <Suspense fallback={null}>
          <MemberLayer
            view={view}
            isInviteRequested={query.isInviteColleaguesRequested}
            isAccessTokensRequested={query.isAccessTokensRequested}
          />
        </Suspense>
      ) : null}
    </>
  );
}
