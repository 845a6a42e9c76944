import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import {
  type ConsentRecord,
  type CookieBanner,
  type Scripts,
  scriptCategories,
  scriptKinds,
} from '../../../../shared/consent';
import { acceptAll, type ConsentChoices, readConsent, rejectAll, writeConsent } from '../lib/consent-storage';
import { loadConsentedScripts, loadedScriptKinds } from '../lib/script-loader';
import {
  canReopenVendorConsent,
  isVendorManaged,
  loadCookieBannerScript,
  reopenVendorConsent,
  watchVendorConsent,
} from '../lib/vendor-consent';
import { ConsentBanner } from './consent-banner';
import { DeclarationSkeleton } from './declaration-skeleton';

const CookieDeclarationDialog = lazy(() => import('./cookie-declaration-dialog'));

type ConsentManagerProps = {
  organisationId: string;
  organisationName: string;
  scripts: Scripts;
  cookieBanner?: CookieBanner | null;
  isSettingsOpen: boolean;
  onSettingsOpenChange: (isOpen: boolean) => void;
};

/** A running script cannot be unloaded: withdrawing its category takes a fresh page. */
function isWithdrawn(next: ConsentRecord): boolean {
  return loadedScriptKinds().some((kind) => !next.categories[scriptCategories[kind]]);
}

/**
 * Holds the visitor's record and loads what they allowed. Our own banner asks, unless the
 * organisation uses a vendor's consent platform: then the vendor's banner asks and its answer counts.
 */
export default function ConsentManager({
  organisationId,
  organisationName,
  scripts,
  cookieBanner = null,
  isSettingsOpen,
  onSettingsOpenChange,
}: ConsentManagerProps) {
  // The view may be fetched again with an equal banner: effects follow its values, not its identity.
  const bannerType = cookieBanner?.type;
  const bannerId = cookieBanner?.id;
  const bannerScriptUrl = cookieBanner?.scriptUrl ?? null;
  const banner = useMemo<CookieBanner | null>(
    () =>
      bannerType && bannerId
        ? { type: bannerType, id: bannerId, scriptUrl: bannerScriptUrl, showDeclaration: true }
        : null,
    [bannerType, bannerId, bannerScriptUrl],
  );
  const vendor = isVendorManaged(banner) ? banner : null;
  const [record, setRecord] = useState<ConsentRecord | null>(() =>
    vendor ? null : readConsent(organisationId),
  );

  useEffect(() => {
    if (banner) loadCookieBannerScript(banner);
  }, [banner]);
  useEffect(() => {
    if (!vendor) return;
    return watchVendorConsent(vendor, (next) => {
      setRecord(next);
      if (isWithdrawn(next)) window.location.reload();
    });
  }, [vendor]);
  useEffect(() => {
    loadConsentedScripts(scripts, record);
  }, [scripts, record]);

  // 'Cookie settings' opens the vendor's own preferences once its script is there.
  const isVendorReopening = isSettingsOpen && vendor !== null && canReopenVendorConsent(vendor);
  useEffect(() => {
    if (!isVendorReopening || !vendor) return;
    reopenVendorConsent(vendor);
    onSettingsOpenChange(false);
  }, [isVendorReopening, vendor, onSettingsOpenChange]);

  const decide = (choices: ConsentChoices) => {
    const next = writeConsent(organisationId, choices);
    setRecord(next);
    onSettingsOpenChange(false);
    if (isWithdrawn(next)) window.location.reload();
  };
  const configured = scriptKinds.filter((kind) => scripts[kind] !== null);

  return (
    <>
      {record === null && !isSettingsOpen && !vendor && configured.length > 0 ? (
        <ConsentBanner
          organisationName={organisationName}
          onAcceptAll={() => decide(acceptAll)}
          onRejectAll={() => decide(rejectAll)}
          onCustomise={() => onSettingsOpenChange(true)}
        />
      ) : null}
      {isSettingsOpen && !isVendorReopening ? (
        <Suspense fallback={<DeclarationSkeleton />}>
          <CookieDeclarationDialog
            organisationName={organisationName}
            scripts={scripts}
            configured={configured}
            record={record}
            onSave={decide}
            onClose={() => onSettingsOpenChange(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
