import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { localeNames } from '../../../../shared/i18n/locales';
import type { PortalLanguages } from '../../../../shared/page';
import type { PortalView } from '../../../../shared/portal';
import { Skeleton } from '../../../components/ui/skeleton';
import { useTranslator } from '../../../lib/i18n';

const CookieSettingsDialog = lazy(() => import('./cookie-settings-dialog'));
/** Same name as openCookieSettingsEvent in shared/consent.ts (kept here so zod stays out of first load). */
const openCookieSettingsEvent = 'attest:open-cookie-settings';

/** While the dialog's code loads: the spec's 10-line skeleton in the dialog's place. */
function CookieSettingsLoading() {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-slate-950/50 p-4" aria-busy="true">
      <div className="w-full max-w-lg space-y-3 rounded-2xl bg-white p-8 shadow-2xl">
        {Array.from({ length: 10 }, (_, index) => (
          <Skeleton key={index} className={index === 0 ? 'h-6 w-1/2' : 'h-3.5 w-full'} />
        ))}
      </div>
    </div>
  );
}

/**
 * The organisation's languages as plain links (?lang=, which the server keeps for the next pages): they
 * work before hydration and without scripts, and each names its language in that language.
 */
function LanguageLinks({ languages, label }: { languages: PortalLanguages; label: string }) {
  if (languages.offered.length < 2) return null;
  return (
    <nav aria-label={label} className="md:me-auto md:ms-8">
      <ul className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {languages.offered.map((locale) => (
          <li key={locale}>
            {locale === languages.locale ? (
              <span aria-current="true" className="font-semibold text-slate-900" lang={locale}>
                {localeNames[locale]}
              </span>
            ) : (
              <a
                href={languages.hrefs[locale]}
                hrefLang={locale}
                lang={locale}
                className="rounded-sm hover:text-slate-900 hover:underline underline-offset-4"
              >
                {localeNames[locale]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Organisation legal links, cookie settings and the 'Built on' Attest link (unless turned off). */
export function SiteFooter({ view, languages }: { view: PortalView; languages: PortalLanguages }) {
  const { t } = useTranslator();
  const [isCookieDialogOpen, setCookieDialogOpen] = useState(false);
  const { customisation, organisation } = view;
  const linkClass = 'rounded-sm hover:text-slate-900 hover:underline underline-offset-4';
  // The consent feature answers this event with its own dialog; without it, the footer's stays.
  const openCookieSettings = () => {
    const event = new Event(openCookieSettingsEvent, { cancelable: true });
    if (window.dispatchEvent(event)) setCookieDialogOpen(true);
  };
  const gtmId = customisation.scripts.gtm;
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <ul className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <li className="font-medium text-slate-800">{organisation.name}</li>
          {customisation.termsOfServiceUrl ? (
            <li>
              <a href={customisation.termsOfServiceUrl} className={linkClass}>
                {t('footer.termsOfService')}
              </a>
            </li>
          ) : null}
          {customisation.privacyNoticeUrl ? (
            <li>
              <a href={customisation.privacyNoticeUrl} className={linkClass}>
                {t('footer.privacyNotice')}
              </a>
            </li>
          ) : null}
          <li>
            <button type="button" className={linkClass} onClick={openCookieSettings}>
              {t('footer.cookieSettings')}
            </button>
          </li>
        </ul>
        <LanguageLinks languages={languages} label={t('footer.language')} />
        {customisation.disablePoweredBy ? null : (
          <a
            href="/about"
            className={`inline-flex items-center gap-1.5 ${linkClass}`}
            data-testid="powered-by"
          >
            {t('footer.builtOn')}
            <ShieldCheck className="size-4 text-slate-700" aria-hidden />
            <span className="font-semibold text-slate-800">Attest</span>
          </a>
        )}
      </div>
      {gtmId ? (
        <noscript>
          <iframe
            src={`https://www.googletagmanager.com/ns.html?id=${encodeURIComponent(gtmId)}`}
            title="Google Tag Manager"
            height="0"
            width="0"
            style={{ display: 'none', visibility: 'hidden' }}
          />
        </noscript>
      ) : null}
      {isCookieDialogOpen ? (
        <Suspense fallback={<CookieSettingsLoading />}>
          <CookieSettingsDialog
            organisationName={organisation.name}
            onClose={() => setCookieDialogOpen(false)}
          />
        </Suspense>
      ) : null}
    </footer>
  );
}
