import { type ComponentType, Suspense } from 'react';
import type { CardEditingSlots } from '../../lib/card-editing-slots';
import { lazyWithPageQuery } from '../../lib/lazy-with-page-query';

/**
 * The editing slots as lazily loaded components: visitors never download the editing code, and each
 * slot waits in its own Suspense boundary so the cards around it render at once.
 */
const loadSlots = () => import('./card-editing-slots').then((module) => module.cardEditingSlots);

function lazySlot<Name extends keyof CardEditingSlots>(name: Name): CardEditingSlots[Name] {
  // Erased to plain props here; the returned slot carries the slot's own prop type again.
  const LazyComponent = lazyWithPageQuery(async () => ({
    default: (await loadSlots())[name] as ComponentType<object>,
  }));
  function SuspendedSlot(props: object) {
    return (
      <Suspense fallback={null}>
        <LazyComponent {...props} />
      </Suspense>
    );
  }
  SuspendedSlot.displayName = `Lazy${name}`;
  return SuspendedSlot as unknown as CardEditingSlots[Name];
}

export const lazyCardEditingSlots: CardEditingSlots = {
  Toolbar: lazySlot('Toolbar'),
  CardMenu: lazySlot('CardMenu'),
  ItemMenu: lazySlot('ItemMenu'),
  DrawerEditor: lazySlot('DrawerEditor'),
};
