import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import type { PortalPageData } from '../../../../shared/page';
import { useTranslator } from '../../../lib/i18n';
import { hasDismissedWelcome, rememberWelcomeDismissed } from '../lib/welcome-memory';
import { OverviewHero } from './overview-hero';
import { PreviewBanner } from './preview-banner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { StaffToolbar } from './staff-toolbar';

const WelcomeDialog = lazy(() => import('./welcome-dialog'));

type PortalShellProps = {
  data: PortalPageData;
  children?: ReactNode;
  /** Told once the page knows whether the welcome modal shows, and again when it is dismissed. */
  onWelcomeOpenChange?: (isOpen: boolean) => void;
};

/**
 * The portal page: mode bars, notification bar, header, overview, then the page's sections (children,
 * composed by the route), footer; the welcome modal after hydration.
 */
export function PortalShell({ data, children, onWelcomeOpenChange }: PortalShellProps) {
  const { t } = useTranslator();
  const { view, basePath } = data;
  const organisationId = view.organisation.id;
  const [isWelcomeShown, setWelcomeShown] = useState(false);

  useEffect(() => {
    const isShown = view.viewer.mode === 'public' && !hasDismissedWelcome(organisationId);
    setWelcomeShown(isShown);
    onWelcomeOpenChange?.(isShown);
  }, [view.viewer.mode, organisationId, onWelcomeOpenChange]);

  const dismissWelcome = useCallback(() => {
    rememberWelcomeDismissed(organisationId);
    setWelcomeShown(false);
    onWelcomeOpenChange?.(false);
  }, [organisationId, onWelcomeOpenChange]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:shadow-lg"
      >
        {t('shell.skipToContent')}
      </a>
      <StaffToolbar view={view} basePath={basePath} />
      <PreviewBanner view={view} basePath={basePath} />
      <SiteHeader view={view} basePath={basePath} />
      <main id="main" className="flex flex-1 flex-col bg-slate-50">
        <OverviewHero view={view} basePath={basePath} />
        {children}
      </main>
      <SiteFooter view={view} languages={data.languages} />
      {isWelcomeShown ? (
        <Suspense fallback={null}>
          <WelcomeDialog view={view} onDismiss={dismissWelcome} />
        </Suspense>
      ) : null}
    </div>
  );
}
