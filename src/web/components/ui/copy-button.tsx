import { Check, Copy } from 'lucide-react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { useEffect, useState } from 'react';
import { buttonClassName } from './button';

type CopyButtonProps = {
  text: string;
  label: string;
  copiedLabel: string;
  /** How long the confirmation stays up. */
  confirmationMs: number;
  disabled?: boolean;
};

/** Copies text to the clipboard and confirms with a tooltip (and a live region) for a while. */
export function CopyButton({ text, label, copiedLabel, confirmationMs, disabled }: CopyButtonProps) {
  const [isCopied, setCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), confirmationMs);
    return () => clearTimeout(timer);
  }, [isCopied, confirmationMs]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Without clipboard access (insecure origin, denied) the text stays visible to copy by hand.
      setCopied(false);
    }
  }

  return (
    <TooltipPrimitive.Provider delayDuration={300}>
      <TooltipPrimitive.Root open={isCopied}>
        <TooltipPrimitive.Trigger asChild>
          <button
            type="button"
            onClick={copy}
            disabled={disabled}
            aria-label={label}
            className={buttonClassName('secondary', 'md')}
          >
            {isCopied ? (
              <Check className="size-4 text-emerald-600" aria-hidden />
            ) : (
              <Copy className="size-4" aria-hidden />
            )}
          </button>
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={6}
            className="z-50 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg"
          >
            {copiedLabel}
            <TooltipPrimitive.Arrow className="fill-slate-900" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
      <span className="sr-only" aria-live="polite">
        {isCopied ? copiedLabel : ''}
      </span>
    </TooltipPrimitive.Provider>
  );
}
