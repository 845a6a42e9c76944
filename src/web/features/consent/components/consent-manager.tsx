import { lazy, Suspense, useEffect, useState } from 'react';
import { type ConsentRecord, type Scripts, scriptCategories, scriptKinds } from '../../../../shared/consent';
import { acceptAll, type ConsentChoices, readConsent, rejectAll, writeConsent } from '../lib/consent-storage';
import { loadConsentedScripts, loadedScriptKinds } from '../lib/script-loader';
import { ConsentBanner } from './consent-banner';
import { DeclarationSkeleton } from './declaration-skeleton';

const CookieDeclarationDialog = lazy(() => import('./cookie-declaration-dialog'));

type ConsentManagerProps = {
  organisationId: string;
  organisationName: string;
  scripts: Scripts;
  isSettingsOpen: boolean;
  onSettingsOpenChange: (isOpen: boolean) => void;
};

/** Holds the visitor's record, shows the banner until they choose, and loads what they allowed. */
export default function ConsentManager({
  organisationId,
  organisationName,
  scripts,
  isSettingsOpen,
  onSettingsOpenChange,
}: ConsentManagerProps) {
  const [record, setRecord] = useState<ConsentRecord | null>(() => readConsent(organisationId));
  useEffect(() => {
    loadConsentedScripts(scripts, record);
  }, [scripts, record]);

  const decide = (choices: ConsentChoices) => {
    const next = writeConsent(organisationId, choices);
    // A running script cannot be unloaded: withdrawing its category takes a fresh page.
    const isWithdrawn = loadedScriptKinds().some((kind) => !next.categories[scriptCategories[kind]]);
    setRecord(next);
    onSettingsOpenChange(false);
    if (isWithdrawn) window.location.reload();
  };
  const configured = scriptKinds.filter((kind) => scripts[kind] !== null);

  return (
    <>
      {record === null && !isSettingsOpen ? (
        <ConsentBanner
          organisationName={organisationName}
          onAcceptAll={() => decide(acceptAll)}
          onRejectAll={() => decide(rejectAll)}
          onCustomise={() => onSettingsOpenChange(true)}
        />
      ) : null}
      {isSettingsOpen ? (
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
