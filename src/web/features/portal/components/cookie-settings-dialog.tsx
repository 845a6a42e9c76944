import { BarChart3, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { messages } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';

type CookieSettingsDialogProps = { organisationName: string; onClose: () => void };

function Section({
  icon,
  title,
  note,
  children,
}: {
  icon: ReactNode;
  title: string;
  note: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-xl border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-4">
        <h3 className="flex items-center gap-2 font-medium text-slate-900">
          {icon}
          {title}
        </h3>
        <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
          {note}
        </span>
      </div>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm leading-6 text-slate-600">{children}</ul>
    </section>
  );
}

/**
 * Loaded on demand from the footer when the organisation runs no third-party scripts (the consent
 * feature answers otherwise). Says what the portal itself keeps and records, first-party statistics included.
 */
export default function CookieSettingsDialog({ organisationName, onClose }: CookieSettingsDialogProps) {
  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent
        title={messages.cookieSettings}
        description={`What this portal keeps in your browser and what it records about your visit, for ${organisationName} only. No third-party scripts, advertising or tracking cookies are used, and nothing is shared with advertisers.`}
      >
        <div className="mt-6 space-y-4">
          <Section
            icon={<Lock className="size-4 text-slate-500" aria-hidden />}
            title="Strictly necessary"
            note="Always on"
          >
            <li>A session cookie, only after you sign in, to keep you signed in.</li>
            <li>
              In your browser&apos;s local storage: that you closed the welcome message, the e-mail you last
              used to ask for access, and whether you last searched or asked AI.
            </li>
          </Section>
          <Section
            icon={<BarChart3 className="size-4 text-slate-500" aria-hidden />}
            title="Visit statistics"
            note="First party"
          >
            <li>
              A random visitor id in your browser&apos;s local storage, so repeat visits count once. Clearing
              this site&apos;s data resets it.
            </li>
            <li>
              The pages you open, the words you search for, and the items, documents and links you open, sent
              to this portal&apos;s own server so {organisationName} can see how the portal is used. When you
              are signed in, they are linked to your account.
            </li>
          </Section>
        </div>
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
