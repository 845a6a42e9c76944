import { lazy, Suspense, useEffect, useState } from 'react';
import type { PortalPageData } from '../../../../shared/page';
import { ErrorBoundary } from '../../../components/ui/error-boundary';
import { ErrorBox } from '../../../components/ui/error-box';
import { lazyCardEditingSlots } from '../../../features/card-editing/lazy-card-editing-slots';
import { CardSections } from '../../../features/cards/components/card-sections';
import { PortalShell } from '../../../features/portal/components/portal-shell';
import { HelpSection } from '../../../features/portal-extras/components/help-section';
import { SecurityReviewBanner } from '../../../features/portal-extras/components/security-review-banner';
import { ShareButton } from '../../../features/portal-extras/components/share-button';
import { ShareCard } from '../../../features/portal-extras/components/share-card';
import { SubscriptionEntry } from '../../../features/subscriptions/components/subscription-entry';
import { PortalQueryProvider, usePortalView } from './portal-view-provider';

// Only staff who can edit raise toasts; visitors never load the toaster.
const Toaster = lazy(() => import('../../../components/ui/toast'));

function PortalContent({ data }: { data: PortalPageData }) {
  const view = usePortalView(data.view);
  const canEdit = view.viewer.mode === 'main' && Boolean(view.viewer.staff?.canEdit);
  // Lazy parts mount after hydration: the server cannot render them, and the HTML must match.
  const [isHydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // A deep-linked item opens once the welcome modal is settled, never underneath or over it.
  const [isWelcomeOpen, setWelcomeOpen] = useState<boolean | null>(null);
  const shareTarget = { publicUrl: view.publicUrl, organisationName: view.organisation.name };
  return (
    <>
      <PortalShell data={{ ...data, view }} onWelcomeOpenChange={setWelcomeOpen}>
        <SubscriptionEntry
          view={view}
          basePath={data.basePath}
          canOpenDialogs={isWelcomeOpen === false}
          hasPageToaster={canEdit && isHydrated}
        />
        <SecurityReviewBanner customisation={view.customisation} mode={view.viewer.mode} />
        <CardSections
          view={view}
          basePath={data.basePath}
          csrfToken={data.csrfToken}
          openItemUid={data.openItemUid}
          canOpenDeepLink={isWelcomeOpen === false}
          editing={canEdit && isHydrated && data.csrfToken ? lazyCardEditingSlots : undefined}
          renderHelpSection={() => <HelpSection customisation={view.customisation} mode={view.viewer.mode} />}
        />
        <ShareCard {...shareTarget} />
        <ShareButton {...shareTarget} />
      </PortalShell>
      {canEdit && isHydrated ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </>
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
      <PortalQueryProvider>
        <PortalContent data={data} />
      </PortalQueryProvider>
    </ErrorBoundary>
  );
}
