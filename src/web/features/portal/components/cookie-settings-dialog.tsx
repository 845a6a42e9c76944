import { BarChart3, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { useTranslator } from '../../../lib/i18n';

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
      <ul className="mt-3 list-disc space-y-1.5 ps-5 text-sm leading-6 text-slate-600">{children}</ul>
    </section>
  );
}

/**
 * Loaded on demand from the footer when the organisation runs no third-party scripts (the consent
 * feature answers otherwise). Says what the portal itself keeps and records, first-party statistics included.
 */
export default function CookieSettingsDialog({ organisationName, onClose }: CookieSettingsDialogProps) {
  const { t } = useTranslator();
  const organisation = { organisation: organisationName };
  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent title={t('footer.cookieSettings')} description={t('cookies.description', organisation)}>
        <div className="mt-6 space-y-4">
          <Section
            icon={<Lock className="size-4 text-slate-500" aria-hidden />}
            title={t('cookies.necessary')}
            note={t('cookies.alwaysOn')}
          >
            <li>{t('cookies.sessionCookie')}</li>
            <li>{t('cookies.languageCookie')}</li>
            <li>{t('cookies.localStorage')}</li>
          </Section>
          <Section
            icon={<BarChart3 className="size-4 text-slate-500" aria-hidden />}
            title={t('cookies.statistics')}
            note={t('cookies.firstParty')}
          >
            <li>{t('cookies.visitorId')}</li>
            <li>{t('cookies.pagesRecorded', organisation)}</li>
          </Section>
        </div>
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button>{t('common.done')}</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
