import { Lock } from 'lucide-react';
import { messages } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';

/** Loaded on demand from the footer. For now only strictly necessary storage exists, so nothing to switch. */
export default function CookieSettingsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent
        title={messages.cookieSettings}
        description="This portal uses only what it needs to work. Nothing tracks you and nothing is shared with advertisers."
      >
        <div className="mt-6 rounded-xl border border-slate-200 p-4">
          <div className="flex items-center justify-between gap-4">
            <p className="flex items-center gap-2 font-medium text-slate-900">
              <Lock className="size-4 text-slate-500" aria-hidden />
              Strictly necessary
            </p>
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
              Always on
            </span>
          </div>
          <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm leading-6 text-slate-600">
            <li>A session cookie, only after you sign in, to keep you signed in.</li>
            <li>A note in your browser's local storage that you closed the welcome message.</li>
          </ul>
        </div>
        <p className="mt-4 text-sm text-slate-600">
          No analytics, marketing or advertising cookies are used.
        </p>
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
