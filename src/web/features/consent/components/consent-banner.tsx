import { Cookie } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useTranslator } from '../../../lib/i18n';

type ConsentBannerProps = {
  organisationName: string;
  onAcceptAll: () => void;
  onRejectAll: () => void;
  onCustomise: () => void;
};

/** Not modal: the page stays usable, and nothing optional loads until the visitor picks. */
export function ConsentBanner({
  organisationName,
  onAcceptAll,
  onRejectAll,
  onCustomise,
}: ConsentBannerProps) {
  const { t } = useTranslator();
  return (
    <section
      aria-labelledby="consent-banner-title"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-3xl rounded-2xl bg-white p-5 shadow-2xl ring-1 ring-slate-900/10 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <Cookie className="mt-0.5 size-5 shrink-0 text-slate-700" aria-hidden />
        <div>
          <h2 id="consent-banner-title" className="font-semibold text-slate-900">
            {t('consent.title')}
          </h2>
          <p className="mt-1 text-sm leading-6 text-slate-600">
            {t('consent.text', { organisation: organisationName })}
          </p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCustomise}>
          {t('consent.customise')}
        </Button>
        <Button variant="secondary" onClick={onRejectAll}>
          {t('consent.rejectAll')}
        </Button>
        <Button onClick={onAcceptAll}>{t('consent.acceptAll')}</Button>
      </div>
    </section>
  );
}
