import { lazy, Suspense, useEffect, useState } from 'react';
import type { PortalView } from '../../../../shared/portal';

// Banner, dialog and script loader load only for organisations that configured a script.
const ConsentManager = lazy(() => import('./consent-manager'));

/** Same name as openCookieSettingsEvent in shared/consent.ts (kept here so zod stays out of first load). */
const openCookieSettingsEvent = 'attest:open-cookie-settings';

/**
 * Asks visitors for consent when the organisation configured any third-party script or a cookie
 * banner, and answers the footer's 'Cookie settings' link. Nothing optional loads before consent.
 */
export function ConsentEntry({ view }: { view: PortalView }) {
  const { scripts, cookieBanner } = view.customisation;
  const hasScripts = Object.values(scripts).some((id) => id !== null) || Boolean(cookieBanner);
  const [isHydrated, setHydrated] = useState(false);
  const [isSettingsOpen, setSettingsOpen] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!hasScripts) return;
    const open = (event: Event) => {
      event.preventDefault();
      setSettingsOpen(true);
    };
    window.addEventListener(openCookieSettingsEvent, open);
    return () => window.removeEventListener(openCookieSettingsEvent, open);
  }, [hasScripts]);
  if (!hasScripts || !isHydrated) return null;
  return (
    <Suspense fallback={null}>
      <ConsentManager
        organisationId={view.organisation.id}
        organisationName={view.organisation.name}
        scripts={scripts}
        cookieBanner={cookieBanner}
        isSettingsOpen={isSettingsOpen}
        onSettingsOpenChange={setSettingsOpen}
      />
    </Suspense>
  );
}
