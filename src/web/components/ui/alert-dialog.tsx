import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { buttonClassName } from './button';

type AlertDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description: ReactNode;
  /** The affirmative button's label; omit for a message with only the cancel button. */
  confirmLabel?: string;
  cancelLabel?: string;
  isDestructive?: boolean;
  isBusy?: boolean;
  onConfirm?(): void;
};

/**
 * A modal question or message that needs an answer before anything else (Radix AlertDialog): it does
 * not close on an outside click, and focus starts on the least harmful button.
 */
export function AlertDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  isDestructive = false,
  isBusy = false,
  onConfirm,
}: AlertDialogProps) {
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] motion-safe:animate-[attest-fade-in_150ms_ease-out]" />
        <AlertDialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-slate-900/5 motion-safe:animate-[attest-dialog-in_180ms_ease-out]">
          <AlertDialogPrimitive.Title className="text-lg font-semibold tracking-tight text-slate-900">
            {title}
          </AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="mt-2 text-sm leading-6 text-slate-600">
            {description}
          </AlertDialogPrimitive.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialogPrimitive.Cancel className={buttonClassName(confirmLabel ? 'secondary' : 'primary')}>
              {cancelLabel}
            </AlertDialogPrimitive.Cancel>
            {confirmLabel ? (
              <button
                type="button"
                disabled={isBusy}
                onClick={onConfirm}
                className={
                  isDestructive
                    ? `${buttonClassName('primary')} bg-red-600 text-white hover:bg-red-700`
                    : buttonClassName('primary')
                }
              >
                {confirmLabel}
              </button>
            ) : null}
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
