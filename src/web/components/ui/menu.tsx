import { DropdownMenu } from 'radix-ui';
import type { ComponentProps, FocusEventHandler, ReactNode } from 'react';
import { classNames } from '../../lib/class-names';

export const Menu = DropdownMenu.Root;
export const MenuTrigger = DropdownMenu.Trigger;
export const MenuGroup = DropdownMenu.Group;

type MenuContentProps = {
  children: ReactNode;
  maxHeightPx?: number;
  align?: 'start' | 'end';
  onFocus?: FocusEventHandler<HTMLDivElement>;
};

export function MenuContent({ children, maxHeightPx, align = 'end', onFocus }: MenuContentProps) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align={align}
        onFocus={onFocus}
        sideOffset={8}
        collisionPadding={12}
        style={
          maxHeightPx
            ? { maxHeight: `min(${maxHeightPx}px, var(--radix-dropdown-menu-content-available-height))` }
            : undefined
        }
        className="z-50 min-w-64 overflow-y-auto rounded-xl bg-white p-1.5 shadow-xl ring-1 ring-slate-900/10 motion-safe:animate-[attest-pop-in_140ms_ease-out]"
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return (
    <DropdownMenu.Label className="px-2.5 pt-1.5 pb-1 text-xs font-medium text-slate-500">
      {children}
    </DropdownMenu.Label>
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="mx-1 my-1.5 h-px bg-slate-200" />;
}

/** A menu entry; pass asChild with an <a> for navigation so it stays a real link. */
export function MenuItem({ className, ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return (
    <DropdownMenu.Item
      className={classNames(
        'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-slate-700 outline-none select-none',
        'data-[highlighted]:bg-brand-soft data-[highlighted]:text-slate-900',
        className,
      )}
      {...props}
    />
  );
}
