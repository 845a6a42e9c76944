import { type ReactNode, useEffect, useId, useRef } from 'react';
import { classNames } from '../../lib/class-names';

type NativeDialogProps = {
  title: ReactNode;
  description: ReactNode;
  /** Escape, a click on the backdrop, or the caller's own button (`data-autofocus` focuses it first). */
  onClose(): void;
  children?: ReactNode;
  className?: string;
};

/**
 * A centred modal on the browser's own <dialog> (top layer, inert page, focus inside, Escape), for
 * what a first visit opens at once: it brings no dialog library, so the first visit loads none.
 * Same look as ui/dialog's DialogContent; the other dialogs keep Radix.
 */
export function NativeDialog({ title, description, onClose, children, className }: NativeDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    dialog.showModal();
    // As in the Radix dialogs (they skip links), focus starts on the marked action when there is one.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const { style } = document.documentElement;
    const previousOverflow = style.overflow;
    style.overflow = 'hidden';
    return () => {
      style.overflow = previousOverflow;
      if (dialog.open) dialog.close();
    };
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard's way out is Escape (the cancel event)
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // The dialog box is its padded child: a click whose target is the <dialog> itself hit the backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={classNames(
        'm-auto w-[calc(100vw-2rem)] max-w-lg max-h-[85vh] overflow-y-auto rounded-2xl bg-white p-0 shadow-2xl ring-1 ring-slate-900/5',
        'backdrop:bg-slate-950/50 backdrop:backdrop-blur-[2px] motion-safe:animate-[attest-dialog-in_180ms_ease-out]',
        className,
      )}
    >
      <div className="p-6 sm:p-8">
        <h2 id={titleId} className="pe-8 text-xl font-semibold tracking-tight text-slate-900">
          {title}
        </h2>
        <p id={descriptionId} className="mt-2 text-sm leading-6 text-slate-600">
          {description}
        </p>
        {children}
      </div>
    </dialog>
  );
}
