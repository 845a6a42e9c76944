import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import type { PortalPageData } from '../../../../shared/page';
import type { PortalView } from '../../../../shared/portal';
import { ErrorBoundary } from '../../../components/ui/error-boundary';
import { ErrorBox } from '../../../components/ui/error-box';
import { AccessEntry } from '../../../features/access/components/access-entry';
import { HeaderAccessEntry } from '../../../features/access/components/header-access-entry';
import { lazyCardEditingSlots } from '../../../features/card-editing/lazy-card-editing-slots';
import { CardSections } from '../../../features/cards/components/card-sections';
import { LazyItemConversation } from '../../../features/comments/components/lazy-item-conversation';
import { ConsentEntry } from '../../../features/consent/components/consent-entry';
import { PortalShell } from '../../../features/portal/components/portal-shell';
import { HeaderNotificationSlot, HeaderSearchSlot } from '../../../features/portal/components/site-header';
import { HelpSection } from '../../../features/portal-extras/components/help-section';
import { SecurityReviewBanner } from '../../../features/portal-extras/components/security-review-banner';
import { ShareButton } from '../../../features/portal-extras/components/share-button';
import { ShareCard } from '../../../features/portal-extras/components/share-card';
import { QuestionnaireEntry } from '../../../features/questionnaires/components/questionnaire-entry';
import { SearchEntry } from '../../../features/search/components/search-entry';
import { SubscribeButton } from '../../../features/subscriptions/components/subscribe-button';
import { SubscriptionEntry } from '../../../features/subscriptions/components/subscription-entry';
import { TprmEntry } from '../../../features/tprm/components/tprm-entry';
import { UpdatesNotificationBar } from '../../../features/updates/components/updates-notification-bar';
import { ItemConversationSlot } from '../../../lib/collaboration-slots';
import { replayEarlyClick } from '../../../lib/early-clicks';
import { lazyWithPageQuery } from '../../../lib/lazy-with-page-query';
import { HeaderEndSlot, HeroActionSlot } from '../../../lib/portal-slots';
import { PortalViewStoreProvider, usePortalView } from '../../../lib/portal-view-store';

// Staff who can edit and signed-in members raise toasts; public visitors never load the toaster.
const Toaster = lazy(() => import('../../../components/ui/toast'));
// The updates card loads after hydration (on a first visit, once the welcome modal is dismissed): it
// fetches its topics, and is usually below the fold.
const UpdatesCard = lazyWithPageQuery(() => import('../../../features/updates/components/updates-card'));
// The knowledge base panel fetches its search key and entries: it loads like the updates card.
const KnowledgeBasePanel = lazyWithPageQuery(
  () => import('../../../features/knowledge-base/components/knowledge-base-panel'),
);
const SubscribePopover = lazy(() => import('../../../features/subscriptions/components/subscribe-popover'));

/** The updates card's Subscribe button: the subscriptions feature's popover, anchored on the card. */
function UpdatesSubscribe({ view, onOpen }: { view: PortalView; onOpen(): void }) {
  const [isOpen, setOpen] = useState<boolean | null>(null);
  if (isOpen === null) {
    const open = () => {
      setOpen(true);
      onOpen();
    };
    return <SubscribeButton onClick={open} />;
  }
  return (
    <Suspense fallback={<SubscribeButton />}>
      <SubscribePopover view={view} isOpen={isOpen} source="updates_button" onOpenChange={setOpen} />
    </Suspense>
  );
}

function PortalContent({ data }: { data: PortalPageData }) {
  const view = usePortalView();
  const canEdit = view.viewer.mode === 'main' && Boolean(view.viewer.staff?.canEdit);
  // Signed-in members get toasts too (NDA reminder and download failure); one toaster for the page.
  const isMember = view.viewer.mode === 'account_external' && view.viewer.member !== null;
  // Lazy parts mount after hydration: the server cannot render them, and the HTML must match.
  const [isHydrated, setHydrated] = useState(false);
  // A transition: re-rendering the whole page for the lazy parts yields to input instead of blocking it.
  useEffect(() => startTransition(() => setHydrated(true)), []);
  // The page is live: a tap made before it was (remembered by the entry script) takes effect now.
  useEffect(() => replayEarlyClick(), []);
  // First-party analytics (off in Main and Preview mode); loaded after the first paint.
  const analyticsMode = view.viewer.mode;
  const analyticsSlug = view.organisation.slug;
  useEffect(() => {
    let stop: (() => void) | undefined;
    void import('../../../lib/analytics').then(({ initPortalAnalytics }) => {
      stop = initPortalAnalytics({ organisationSlug: analyticsSlug, mode: analyticsMode });
    });
    return () => stop?.();
  }, [analyticsSlug, analyticsMode]);
  // A deep-linked item opens once the welcome modal is settled, never underneath or over it.
  const [isWelcomeOpen, setWelcomeOpen] = useState<boolean | null>(null);
  // Below-the-fold parts that fetch their own data wait while the welcome modal covers a first visit.
  const isPageSettled = isHydrated && isWelcomeOpen === false;
  const shareTarget = { publicUrl: view.publicUrl, organisationName: view.organisation.name };
  const [isUpdatesSubscribeUsed, setUpdatesSubscribeUsed] = useState(false);
  const hasPageToaster = (canEdit || isMember || isUpdatesSubscribeUsed) && isHydrated;
  return (
    <HeaderEndSlot.Provider value={<HeaderAccessEntry view={view} basePath={data.basePath} />}>
      <HeaderSearchSlot.Provider value={<SearchEntry view={view} basePath={data.basePath} />}>
        <HeroActionSlot.Provider
          value={
            <SubscriptionEntry
              view={view}
              basePath={data.basePath}
              canOpenDialogs={isWelcomeOpen === false}
              hasPageToaster={hasPageToaster}
            />
          }
        >
          {/* The updates feature's bar sits in the header slot (PortalPage); the shell's own bar stays empty. */}
          <PortalShell data={{ ...data, view }} onWelcomeOpenChange={setWelcomeOpen}>
            <AccessEntry view={view} basePath={data.basePath} canOpenDialogs={isWelcomeOpen === false} />
            <QuestionnaireEntry view={view} canOpenDialogs={isWelcomeOpen === false} />
            <TprmEntry view={view} canOpenDialogs={isWelcomeOpen === false} />
            <SecurityReviewBanner customisation={view.customisation} mode={view.viewer.mode} />
            {/* Members' 'Conversation' section in expanded items, once hydrated, when comments are on. */}
            <ItemConversationSlot.Provider
              value={
                isMember && isHydrated && view.customisation.commentsEnabled ? LazyItemConversation : null
              }
            >
              <CardSections
                view={view}
                basePath={data.basePath}
                openItemUid={data.openItemUid}
                canOpenDeepLink={isWelcomeOpen === false}
                editing={canEdit && isHydrated ? lazyCardEditingSlots : undefined}
                renderHelpSection={() => (
                  <HelpSection customisation={view.customisation} mode={view.viewer.mode} />
                )}
                renderKnowledgeBaseSection={() =>
                  isPageSettled ? (
                    <Suspense fallback={null}>
                      <KnowledgeBasePanel view={view} />
                    </Suspense>
                  ) : null
                }
                renderUpdatesSection={() =>
                  isPageSettled ? (
                    <Suspense fallback={null}>
                      <UpdatesCard
                        view={view}
                        renderSubscribeButton={() => (
                          <UpdatesSubscribe view={view} onOpen={() => setUpdatesSubscribeUsed(true)} />
                        )}
                      />
                    </Suspense>
                  ) : null
                }
              />
            </ItemConversationSlot.Provider>
            <ShareCard {...shareTarget} />
            <ShareButton {...shareTarget} />
            <ConsentEntry view={view} />
          </PortalShell>
        </HeroActionSlot.Provider>
        {hasPageToaster ? (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        ) : null}
      </HeaderSearchSlot.Provider>
    </HeaderEndSlot.Provider>
  );
}

/** The page rendered on the server and hydrated in the browser from the same data. */
export function PortalPage({ data }: { data: PortalPageData }) {
  return (
    <ErrorBoundary
      fallback={
        <main className="grid min-h-screen place-items-center p-6">
          <ErrorBox />
        </main>
      }
    >
      <PortalViewStoreProvider initialView={data.view}>
        <HeaderNotificationSlot.Provider
          value={
            <UpdatesNotificationBar
              recentUpdate={data.recentUpdate}
              organisationSlug={data.view.organisation.slug}
              organisationName={data.view.organisation.name}
              basePath={data.basePath}
            />
          }
        >
          <PortalContent data={data} />
        </HeaderNotificationSlot.Provider>
      </PortalViewStoreProvider>
    </ErrorBoundary>
  );
}
