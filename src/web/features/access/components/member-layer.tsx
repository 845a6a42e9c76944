import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { accessLimits, accessMessages } from '../../../../shared/access';
import type { PortalView } from '../../../../shared/portal';
import { fetchNdaStatus, ndaStatusQueryKey } from '../api/member-api';
import { clearAccessTokens, clearInviteColleagues } from '../lib/access-query';
import { useAccessTexts } from '../lib/access-texts';

const InviteColleaguesDialog = lazy(() => import('./invite-colleagues-dialog'));
const NdaDialog = lazy(() => import('./nda-dialog'));
const AccessTokensDialog = lazy(() => import('./access-tokens-dialog'));

type MemberLayerProps = { view: PortalView; isInviteRequested: boolean; isAccessTokensRequested?: boolean };

export const ndaReminderToastId = 'attest-nda-reminder';

/**
 * What a signed-in member gets besides the account menu (spec 3 §2): the NDA reminder toast (20 s)
 * with its dialog, and the invite-colleagues dialog that the inviteColleagues flag opens.
 */
export default function MemberLayer({
  view,
  isInviteRequested,
  isAccessTokensRequested = false,
}: MemberLayerProps) {
  const accessTexts = useAccessTexts();
  const organisationSlug = view.organisation.slug;
  const [isNdaOpen, setNdaOpen] = useState(false);
  const [inviteOpenCount, setInviteOpenCount] = useState(0);
  const isReminded = useRef(false);
  const nda = useQuery({
    queryKey: ndaStatusQueryKey(organisationSlug),
    queryFn: () => fetchNdaStatus(organisationSlug),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const pendingNda = nda.data && !nda.data.passed ? nda.data.nda : null;

  useEffect(() => {
    if (!pendingNda || isReminded.current) return;
    isReminded.current = true;
    toast(nda.data?.hasChanged ? accessMessages.ndaChanged : accessMessages.ndaRequired, {
      id: ndaReminderToastId,
      duration: accessLimits.ndaReminderMs,
      action: { label: accessTexts.reviewNda, onClick: () => setNdaOpen(true) },
    });
  }, [pendingNda, nda.data?.hasChanged]);

  // Each opening starts on a fresh form (spec 3 §4 Invite modal: reopening resets it).
  useEffect(() => {
    if (isInviteRequested) setInviteOpenCount((count) => count + 1);
  }, [isInviteRequested]);

  return (
    <>
      {isInviteRequested && inviteOpenCount > 0 ? (
        <Suspense fallback={null}>
          <InviteColleaguesDialog key={inviteOpenCount} view={view} onClose={clearInviteColleagues} />
        </Suspense>
      ) : null}
      {isAccessTokensRequested && view.viewer.mode === 'account_external' ? (
        <Suspense fallback={null}>
          <AccessTokensDialog view={view} onClose={clearAccessTokens} />
        </Suspense>
      ) : null}
      {isNdaOpen && pendingNda ? (
        <Suspense fallback={null}>
          <NdaDialog view={view} nda={pendingNda} onClose={() => setNdaOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
