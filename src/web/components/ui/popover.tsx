import { Popover as PopoverPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { classNames } from '../../lib/class-names';

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;

/**
 * A non-modal panel beside its trigger (Radix: Escape and an outside click close it, focus returns):
 * in a portal above the page, white and ringed; className gives its size, padding and shadow.
 */
export function PopoverContent({
  className,
  sideOffset = 8,
  collisionPadding = 12,
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={classNames('z-40 bg-white ring-1 ring-slate-900/10', className)}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
