import { ArrowUpRight } from 'lucide-react';
import type { MessageKey } from '../../../../shared/i18n/translator';
import type { PortalView } from '../../../../shared/portal';
import { Button } from '../../../components/ui/button';
import { NativeDialog } from '../../../components/ui/native-dialog';
import { useTranslator } from '../../../lib/i18n';

type LegalLink = { label: MessageKey; href: string };

function legalLinks(view: PortalView): LegalLink[] {
  const { customisation, platform } = view;
  const candidates: Array<{ label: MessageKey; href: string | null }> = [
    { label: 'welcome.organisationTerms', href: customisation.termsOfServiceUrl },
    { label: 'welcome.organisationPrivacy', href: customisation.privacyNoticeUrl },
    { label: 'welcome.platformTerms', href: platform.termsOfServiceUrl },
    { label: 'welcome.platformPrivacy', href: platform.privacyNoticeUrl },
  ];
  return candidates.filter((link): link is LegalLink => link.href !== null);
}

/**
 * First visit of a public visitor; loaded after hydration, so it never delays the page itself. A
 * native dialog (decision 297): a first visit loads no dialog library.
 */
export default function WelcomeDialog({ view, onDismiss }: { view: PortalView; onDismiss: () => void }) {
  const { t } = useTranslator();
  const links = legalLinks(view);
  const { organisation, customisation } = view;
  return (
    <NativeDialog
      title={t('welcome.title', { organisation: organisation.name, portalTitle: customisation.portalTitle })}
      description={t('welcome.description', { organisation: organisation.name })}
      onClose={onDismiss}
    >
      {links.length > 0 ? (
        <div className="mt-6">
          <p className="text-sm font-medium text-slate-800">{t('welcome.agreeTo')}</p>
          <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
            {links.map((link) => (
              <li key={link.href + link.label}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex items-center justify-between gap-3 rounded-xl px-4 py-3 text-sm font-medium text-brand-ink hover:bg-slate-50"
                >
                  {t(link.label, { organisation: organisation.name })}
                  <ArrowUpRight className="size-4 shrink-0" aria-hidden />
                  <span className="sr-only"> {t('common.opensInNewTab')}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-8 flex justify-end">
        <Button className="w-full sm:w-auto sm:min-w-32" onClick={onDismiss} data-autofocus>
          {t('welcome.letsGo')}
        </Button>
      </div>
    </NativeDialog>
  );
}
