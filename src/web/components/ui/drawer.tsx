import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { classNames } from '../../lib/class-names';

export const Drawer = DialogPrimitive.Root;

type DrawerContentProps = {
  title: ReactNode;
  description: ReactNode;
  /** Before the title, e.g. an icon. */
  leading?: ReactNode;
  /** Buttons at the end of the header, before the close button. */
  actions?: ReactNode;
  children: ReactNode;
  closeLabel?: string;
  onOpenAutoFocus?: ComponentProps<typeof DialogPrimitive.Content>['onOpenAutoFocus'];
  /** Opened without a Radix trigger, the drawer is told where focus goes back to on close. */
  onCloseAutoFocus?: ComponentProps<typeof DialogPrimitive.Content>['onCloseAutoFocus'];
  className?: string;
};

/**
 * A side sheet from the right (Radix Dialog: focus trap, Escape, title for screen readers): full width
 * on small screens, 80vw on md, 50vw on lg, never wider than 800 px (spec 3 §2).
 */
export function DrawerContent({
  title,
  description,
  leading,
  actions,
  children,
  closeLabel = 'Close',
  onOpenAutoFocus,
  onCloseAutoFocus,
  className,
}: DrawerContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-[1px] motion-safe:data-[state=closed]:animate-[attest-fade-out_180ms_ease-in] motion-safe:data-[state=open]:animate-[attest-fade-in_200ms_ease-out]" />
      <DialogPrimitive.Content
        onOpenAutoFocus={onOpenAutoFocus}
        onCloseAutoFocus={onCloseAutoFocus}
        className={classNames(
          'fixed inset-y-0 end-0 z-50 flex w-screen max-w-[800px] flex-col bg-white shadow-2xl ring-1 ring-slate-900/10 outline-none md:w-[80vw] lg:w-[50vw]',
          'motion-safe:data-[state=closed]:animate-[attest-drawer-out_180ms_ease-in] motion-safe:data-[state=open]:animate-[attest-drawer-in_280ms_cubic-bezier(0.32,0.72,0,1)]',
          className,
        )}
      >
        <header className="flex items-start gap-3 border-b border-slate-200 px-4 py-4 sm:px-6">
          {leading}
          <div className="min-w-0 flex-1 self-center">
            <DialogPrimitive.Title className="text-lg leading-6 font-semibold tracking-tight break-words text-slate-950">
              {title}
            </DialogPrimitive.Title>
            <DialogPrimitive.Description className="mt-0.5 text-sm text-slate-500">
              {description}
            </DialogPrimitive.Description>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            {actions}
            <DialogPrimitive.Close
              className="grid size-9 place-items-center rounded-lg text-slate-500 transition hover:bg-slate-100 hover:text-slate-900"
              aria-label={closeLabel}
            >
              <X className="size-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
