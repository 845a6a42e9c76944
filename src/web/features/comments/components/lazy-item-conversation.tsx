import { Suspense } from 'react';
import type { ItemConversationProps } from '../../../lib/collaboration-slots';
import { lazyWithPageQuery } from '../../../lib/lazy-with-page-query';

const ItemConversation = lazyWithPageQuery(() => import('./item-conversation'));

/** What the portal page puts in the item conversation slot: the section's code loads on first use. */
export function LazyItemConversation(props: ItemConversationProps) {
  return (
    <Suspense fallback={null}>
      <ItemConversation {...props} />
    </Suspense>
  );
}
