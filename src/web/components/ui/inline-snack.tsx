import { X } from 'lucide-react';
import { useEffect } from 'react';
import { classNames } from '../../lib/class-names';

type InlineSnackProps = {
  message: string;
  tone?: 'error' | 'info';
  /** How long it stays before it dismisses itself. */
  durationMs?: number;
  onDismiss(): void;
};

/**
 * A snack bar inside a modal surface (a dialog traps focus and hides the page's toaster behind it,
 * and public visitors have no toaster at all): bottom-centred, announced, dismisses itself.
 */
export function InlineSnack({ message, tone = 'info', durationMs = 6000, onDismiss }: InlineSnackProps) {
  useEffect(() => {
    const timer = setTimeout(onDismiss, durationMs);
    return () => clearTimeout(timer);
  }, [onDismiss, durationMs]);
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={classNames(
        'pointer-events-auto absolute bottom-3 left-1/2 z-10 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 items-start gap-3 rounded-lg px-4 py-3 text-sm shadow-lg',
        tone === 'error' ? 'bg-red-700 text-white' : 'bg-slate-900 text-white',
      )}
    >
      <p className="min-w-0 flex-1">{message}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="-m-1 rounded p-1 text-white/80 hover:bg-white/10 hover:text-white"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
