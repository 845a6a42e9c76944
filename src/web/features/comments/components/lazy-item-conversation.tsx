import { lazy, Suspense } from 'react';
import type { ItemConversationProps } from '../../../lib/collaboration-slots';

const ItemConversation = lazy(() => import('./item-conversation'));

/** What the portal page puts in the item conversation slot: the section's code loads on first use. */
export function LazyItemConversation(props: ItemConversationProps) {
  return (
    <Suspense fallback={null}>
      <ItemConversation {...props} />
    </Suspense>
  );
}
