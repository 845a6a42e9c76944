import { Suspense, useEffect, useState } from 'react';
import type { PortalView } from '../../../../shared/portal';
import { lazyWithPageQuery } from '../../../lib/lazy-with-page-query';
import { onPortalQueryChange } from '../../../lib/portal-query';
import { closeTprmDialog, isTprmRequested } from '../lib/tprm-query';

const TprmDialog = lazyWithPageQuery(() => import('./tprm-dialog'));

type Props = { view: PortalView; canOpenDialogs: boolean };

/** Opens 'Send data to TPRM tool' when the address asks for it, for members with the feature on. */
export function TprmEntry({ view, canOpenDialogs }: Props) {
  const [isRequested, setRequested] = useState(false);
  const [openCount, setOpenCount] = useState(0);
  const isAllowed =
    view.viewer.mode === 'account_external' &&
    view.viewer.member !== null &&
    view.customisation.partnerImportEnabled;

  useEffect(() => {
    if (!canOpenDialogs || !isAllowed) return;
    const read = () => setRequested(isTprmRequested(window.location.search));
    read();
    return onPortalQueryChange(read);
  }, [canOpenDialogs, isAllowed]);

  useEffect(() => {
    if (isRequested) setOpenCount((count) => count + 1);
  }, [isRequested]);

  if (!isRequested || !isAllowed) return null;
  return (
    <Suspense fallback={null}>
      <TprmDialog key={openCount} view={view} onClose={closeTprmDialog} />
    </Suspense>
  );
}
