import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';

type TooltipProps = {
  content: ReactNode;
  delayMs?: number;
  children: ReactNode;
  /** Controlled use, e.g. to keep a 'Copied' confirmation up after a click. */
  open?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
};

/** A short hint on hover or focus; the trigger (children) must be one focusable element. */
export function Tooltip({ content, delayMs = 500, children, open, onOpenChange }: TooltipProps) {
  return (
    <TooltipPrimitive.Provider delayDuration={delayMs}>
      <TooltipPrimitive.Root open={open} onOpenChange={onOpenChange}>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-w-[calc(100vw-1rem)] rounded-md [overflow-wrap:anywhere] bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg motion-safe:animate-[attest-fade-in_120ms_ease-out]"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-slate-900" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
