import { Check, Link2 } from 'lucide-react';
import { type MouseEvent, useEffect, useState } from 'react';
import { cardMessages } from '../../../../shared/card-messages';
import { limits } from '../../../../shared/limits';
import { Tooltip } from '../../../components/ui/tooltip';

type CopyState = 'idle' | 'copied' | 'failed';

const tooltipTexts: Record<CopyState, string> = {
  idle: cardMessages.copyLink,
  copied: cardMessages.linkCopied,
  failed: cardMessages.copyFromAddressBar,
};

/**
 * The item's permalink: a real link (open in a new tab works), whose click copies the address. When
 * the clipboard refuses, the address bar is switched to the permalink so it can be copied from there.
 */
export function ItemPermalinkButton({
  href,
  itemTitle,
  onUse,
}: {
  href: string;
  itemTitle: string;
  /** Told of every click (copy or open), for analytics. */
  onUse?: () => void;
}) {
  const [copyState, setCopyState] = useState<CopyState>('idle');
  const [isHovered, setHovered] = useState(false);

  useEffect(() => {
    if (copyState === 'idle') return;
    const timer = setTimeout(() => setCopyState('idle'), limits.copiedIndicatorMs);
    return () => clearTimeout(timer);
  }, [copyState]);

  async function copy(event: MouseEvent<HTMLAnchorElement>) {
    onUse?.();
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    const address = new URL(href, window.location.href).toString();
    try {
      await navigator.clipboard.writeText(address);
      setCopyState('copied');
    } catch {
      window.history.replaceState(window.history.state, '', href);
      setCopyState('failed');
    }
  }

  return (
    <>
      <Tooltip
        content={tooltipTexts[copyState]}
        delayMs={300}
        open={copyState !== 'idle' || isHovered}
        onOpenChange={(isOpen) => {
          // Leaving or Escape dismisses the confirmation too, so Escape never gets stuck on it.
          setHovered(isOpen);
          if (!isOpen) setCopyState('idle');
        }}
      >
        <a
          href={href}
          onClick={copy}
          aria-label={`${cardMessages.copyLink}: ${itemTitle}`}
          data-testid="item-permalink"
          className="grid size-8 place-items-center rounded-lg text-slate-500 transition hover:bg-slate-100 hover:text-brand-ink"
        >
          {copyState === 'copied' ? (
            <Check className="size-4 text-emerald-600" aria-hidden />
          ) : (
            <Link2 className="size-4" aria-hidden />
          )}
        </a>
      </Tooltip>
      <span className="sr-only" aria-live="polite">
        {copyState === 'idle' ? '' : tooltipTexts[copyState]}
      </span>
    </>
  );
}
