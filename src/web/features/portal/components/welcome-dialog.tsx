import { ArrowUpRight } from 'lucide-react';
import { messages } from '../../../../shared/messages';
import type { PortalView } from '../../../../shared/portal';
import { Button } from '../../../components/ui/button';
import { NativeDialog } from '../../../components/ui/native-dialog';

type LegalLink = { label: string; href: string };

function legalLinks(view: PortalView): LegalLink[] {
  const { organisation, customisation, platform } = view;
  const candidates: Array<{ label: string; href: string | null }> = [
    { label: `${organisation.name} Terms of Service`, href: customisation.termsOfServiceUrl },
    { label: `${organisation.name} Privacy Notice`, href: customisation.privacyNoticeUrl },
    { label: 'Platform Terms of Service', href: platform.termsOfServiceUrl },
    { label: 'Platform Privacy Notice', href: platform.privacyNoticeUrl },
  ];
  return candidates.filter((link): link is LegalLink => link.href !== null);
}

/**
 * First visit of a public visitor; loaded after hydration, so it never delays the page itself. A
 * native dialog (decision 297): a first visit loads no dialog library.
 */
export default function WelcomeDialog({ view, onDismiss }: { view: PortalView; onDismiss: () => void }) {
  const links = legalLinks(view);
  const { organisation, customisation } = view;
  return (
    <NativeDialog
      title={messages.welcomeTitle(organisation.name, customisation.portalTitle)}
      description={`Here ${organisation.name} shares how it protects your data: security, privacy and compliance in one place.`}
      onClose={onDismiss}
    >
      {links.length > 0 ? (
        <div className="mt-6">
          <p className="text-sm font-medium text-slate-800">By using this portal you agree to:</p>
          <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
            {links.map((link) => (
              <li key={link.href + link.label}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex items-center justify-between gap-3 rounded-xl px-4 py-3 text-sm font-medium text-brand-ink hover:bg-slate-50"
                >
                  {link.label}
                  <ArrowUpRight className="size-4 shrink-0" aria-hidden />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-8 flex justify-end">
        <Button className="w-full sm:w-auto sm:min-w-32" onClick={onDismiss} data-autofocus>
          {messages.letsGo}
        </Button>
      </div>
    </NativeDialog>
  );
}
