import { lazy, Suspense, useState } from 'react';
import type { ShareTarget } from './share-panel';
import { ShareTrigger } from './share-trigger';

const loadSharePopover = () => import('./share-popover');
const SharePopover = lazy(loadSharePopover);

/**
 * Share at the left edge on lg and up. The popover's code loads on first pointer or focus intent,
 * so the first load carries only this button.
 */
export function ShareButton(target: ShareTarget) {
  const [isWanted, setWanted] = useState(false);
  const trigger = (
    <ShareTrigger
      onClick={() => setWanted(true)}
      onPointerEnter={loadSharePopover}
      onFocus={loadSharePopover}
    />
  );
  return (
    <div className="fixed top-1/2 start-0 z-30 hidden -translate-y-1/2 lg:block">
      {isWanted ? (
        <Suspense fallback={trigger}>
          <SharePopover {...target} />
        </Suspense>
      ) : (
        trigger
      )}
    </div>
  );
}
