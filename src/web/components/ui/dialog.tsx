import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { classNames } from '../../lib/class-names';

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;
export const DialogTitle = DialogPrimitive.Title;

const overlayClassName =
  'fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] motion-safe:animate-[attest-fade-in_150ms_ease-out]';

type DialogContentProps = {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Hide the corner close button when the dialog has its own way out (e.g. one primary button). */
  hasCloseButton?: boolean;
};

/** A centred modal with an overlay, a title for screen readers and a focus trap (Radix). */
export function DialogContent({
  title,
  description,
  children,
  className,
  hasCloseButton = true,
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClassName} />
      <DialogPrimitive.Content
        className={classNames(
          'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
          'max-h-[85vh] overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-slate-900/5 sm:p-8',
          'motion-safe:animate-[attest-dialog-in_180ms_ease-out]',
          className,
        )}
      >
        <DialogPrimitive.Title className="pe-8 text-xl font-semibold tracking-tight text-slate-900">
          {title}
        </DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-2 text-sm leading-6 text-slate-600">
            {description}
          </DialogPrimitive.Description>
        ) : (
          <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
        )}
        {children}
        {hasCloseButton ? (
          <DialogPrimitive.Close
            className="absolute top-4 end-4 rounded-md p-1.5 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900"
            aria-label="Close"
          >
            <X className="size-5" aria-hidden />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

type FullScreenDialogContentProps = Pick<
  ComponentProps<typeof DialogPrimitive.Content>,
  'className' | 'children' | 'onOpenAutoFocus'
> & { 'data-testid'?: string };

/**
 * A dialog that fills a phone's screen as a column (className makes it a panel on wider screens);
 * it brings no title or close button, so the caller places a DialogTitle and its DialogClose.
 */
export function FullScreenDialogContent({ className, ...props }: FullScreenDialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClassName} />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        className={classNames('fixed inset-0 z-50 flex flex-col bg-white outline-none', className)}
        {...props}
      />
    </DialogPrimitive.Portal>
  );
}
