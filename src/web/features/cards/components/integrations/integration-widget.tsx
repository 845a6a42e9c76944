import { Suspense, useEffect, useState } from 'react';
import type { ItemView } from '../../../../../shared/cards';
import type { PortalView } from '../../../../../shared/portal';
import { lazyWithPageQuery } from '../../../../lib/lazy-with-page-query';

const LiveStatus = lazyWithPageQuery(() =>
  import('./live-widgets').then((module) => ({ default: module.LiveStatus })),
);
const LiveProgramStatistics = lazyWithPageQuery(() =>
  import('./live-widgets').then((module) => ({ default: module.LiveProgramStatistics })),
);

/**
 * The live widget under the item a connection belongs to, only when the page model lists it (the
 * server's gate decided); the widget's code and data load after the page, so it never delays it.
 */
export function IntegrationWidget({ view, item }: { view: PortalView; item: ItemView }) {
  const summary = view.specialised?.integrations.find((entry) => entry.itemUid === item.itemUid);
  // Rendered after hydration only: the server's HTML never holds live data.
  const [isMounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!summary || item.isLocked || !isMounted) return null;
  const props = {
    organisationSlug: view.organisation.slug,
    productId: view.product.productId,
    search: window.location.search,
  };
  return (
    <Suspense fallback={null}>
      {summary.kind === 'statuspage' ? <LiveStatus {...props} /> : <LiveProgramStatistics {...props} />}
    </Suspense>
  );
}
