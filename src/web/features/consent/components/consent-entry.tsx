import { lazy, Suspense, useEffect, useState } from 'react';
import type { PortalView } from '../../../../shared/portal';

// Banner, dialog and script loader load only for organisations that configured a script.
const ConsentManager = lazy(() => import('./consent-manager'));

/** Same name as openCookieSettingsEvent in shared/consent.ts (kept here so zod stays out of first load). */
const openCookieSettingsEvent = 'attest:open-cookie-settings';

/**
 * Asks visitors for consent when the organisation configured any third-party script, and answers the
 * footer's 'Cookie settings' link with the declaration dialog. Nothing third-party loads before.
 */
export function ConsentEntry({ view }: { view: PortalView }) {
  const { scripts } = view.customisation;
  const hasScripts = Object.values(scripts).some((id) => id !== null);
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
        isSettingsOpen={isSettingsOpen}
        onSettingsOpenChange={setSettingsOpen}
      />
    </Suspense>
  );
}
