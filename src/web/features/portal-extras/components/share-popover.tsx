import { Popover } from 'radix-ui';
import { extrasTexts } from '../lib/texts';
import { SharePanel, type ShareTarget } from './share-panel';
import { ShareTrigger } from './share-trigger';

/** The popover with its code loaded on first use; it opens at once, as the click asked. */
export default function SharePopover(target: ShareTarget) {
  return (
    <Popover.Root defaultOpen>
      <Popover.Trigger asChild>
        <ShareTrigger />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="right"
          align="center"
          sideOffset={8}
          collisionPadding={12}
          aria-label={extrasTexts.shareTitle}
          className="z-40 w-64 rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-900/10"
        >
          <p className="px-3 pt-1 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {extrasTexts.shareTitle}
          </p>
          <SharePanel {...target} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
