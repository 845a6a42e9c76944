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
  /** Prevent the default to keep focus where an item sent it (e.g. into a dialog it opened). */
  onCloseAutoFocus?: ComponentProps<typeof DropdownMenu.Content>['onCloseAutoFocus'];
};

export function MenuContent({
  children,
  maxHeightPx,
  align = 'end',
  onFocus,
  onCloseAutoFocus,
}: MenuContentProps) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align={align}
        onFocus={onFocus}
        onCloseAutoFocus={onCloseAutoFocus}
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

const menuLabelClassNames = {
  heading: 'px-2.5 pt-1.5 pb-1 text-xs font-medium text-slate-500',
  chip: 'mx-1 flex items-center gap-2 rounded-md bg-slate-50 px-2 py-1.5 text-xs font-medium text-slate-700',
};

/** Text in the menu that is not an item: a group's heading, or a chip that states something (a status). */
export function MenuLabel({
  variant = 'heading',
  ...props
}: Omit<ComponentProps<typeof DropdownMenu.Label>, 'className'> & {
  variant?: keyof typeof menuLabelClassNames;
}) {
  return <DropdownMenu.Label className={menuLabelClassNames[variant]} {...props} />;
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
