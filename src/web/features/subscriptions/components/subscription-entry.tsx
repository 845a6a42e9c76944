import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { PortalView } from '../../../../shared/portal';
import { readTokenSubject, type SubscribeStatus } from '../../../../shared/subscription-links';
import type { SubscriptionSource } from '../../../../shared/subscriptions';
import { readSubscriptionQuery, removeQueryParameters } from '../lib/subscription-query';
import { SubscribeButton } from './subscribe-button';

// Only the button is in the first load; the popover, dialogs and toaster load when they are needed.
const SubscribePopover = lazy(() => import('./subscribe-popover'));
const SubscribeResultDialog = lazy(() => import('./subscribe-result-dialog'));
const UnsubscribeDialog = lazy(() => import('./unsubscribe-dialog'));
const Toaster = lazy(() => import('../../../components/ui/toast'));

type SubscriptionEntryProps = {
  view: PortalView;
  basePath: string;
  /** False while another modal (the welcome modal) must be dealt with first. */
  canOpenDialogs: boolean;
  /** True when the page already mounts a toaster (staff editing); one toaster shows each toast once. */
  hasPageToaster: boolean;
};

/** The Subscribe button and popover, and the dialogs the subscription links open (spec 1 §2). */
export function SubscriptionEntry({
  view,
  basePath,
  canOpenDialogs,
  hasPageToaster,
}: SubscriptionEntryProps) {
  const isSubscribeShown = view.customisation.subscribeEnabled && view.viewer.mode !== 'main';
  const [popover, setPopover] = useState<{ isOpen: boolean; source: SubscriptionSource } | null>(null);
  const [resultStatus, setResultStatus] = useState<SubscribeStatus | null>(null);
  const [unsubscribe, setUnsubscribe] = useState<{ token: string; email: string } | null>(null);
  const [isToasterNeeded, setToasterNeeded] = useState(false);

  useEffect(() => {
    if (!canOpenDialogs) return;
    const query = readSubscriptionQuery(window.location.search);
    if (query.subscribeStatus) setResultStatus(query.subscribeStatus);
    const email = query.unsubscribeToken ? readTokenSubject(query.unsubscribeToken) : null;
    if (query.unsubscribeToken && email) {
      setUnsubscribe({ token: query.unsubscribeToken, email });
      setToasterNeeded(true);
    }
    if (query.isSubscribeRequested && isSubscribeShown && !query.subscribeStatus && !email) {
      setPopover({ isOpen: true, source: 'direct_link' });
      setToasterNeeded(true);
    }
  }, [canOpenDialogs, isSubscribeShown]);

  const openPopover = useCallback(() => {
    setPopover({ isOpen: true, source: 'subscribe_button' });
    setToasterNeeded(true);
  }, []);
  const changePopover = useCallback((isOpen: boolean) => {
    setPopover((current) => (current ? { ...current, isOpen } : current));
    if (!isOpen) removeQueryParameters(['subscribe']);
  }, []);
  const closeResult = useCallback(() => {
    setResultStatus(null);
    removeQueryParameters(['subscribeStatus']);
  }, []);
  const closeUnsubscribe = useCallback(() => {
    setUnsubscribe(null);
    removeQueryParameters(['unsubscribeToken']);
  }, []);

  return (
    <>
      {isSubscribeShown ? (
        <div className="flex justify-end">
          {popover ? (
            <Suspense fallback={<SubscribeButton />}>
              <SubscribePopover
                view={view}
                isOpen={popover.isOpen}
                source={popover.source}
                onOpenChange={changePopover}
              />
            </Suspense>
          ) : (
            <SubscribeButton onClick={openPopover} />
          )}
        </div>
      ) : null}
      {resultStatus ? (
        <Suspense fallback={null}>
          <SubscribeResultDialog
            status={resultStatus}
            view={view}
            basePath={basePath}
            onClose={closeResult}
          />
        </Suspense>
      ) : null}
      {unsubscribe ? (
        <Suspense fallback={null}>
          <UnsubscribeDialog
            view={view}
            token={unsubscribe.token}
            email={unsubscribe.email}
            onClose={closeUnsubscribe}
          />
        </Suspense>
      ) : null}
      {isToasterNeeded && !hasPageToaster ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </>
  );
}
