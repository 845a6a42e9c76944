import { Cookie } from 'lucide-react';
import { Button } from '../../../components/ui/button';

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
  return (
    <section
      aria-labelledby="consent-banner-title"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-3xl rounded-2xl bg-white p-5 shadow-2xl ring-1 ring-slate-900/10 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <Cookie className="mt-0.5 size-5 shrink-0 text-slate-700" aria-hidden />
        <div>
          <h2 id="consent-banner-title" className="font-semibold text-slate-900">
            Your privacy choices
          </h2>
          <p className="mt-1 text-sm leading-6 text-slate-600">
            {organisationName} would like to use cookies and similar technologies for analytics, marketing and
            support chat. They load only if you allow them; you can change your mind any time under 'Cookie
            settings'.
          </p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCustomise}>
          Customise
        </Button>
        <Button variant="secondary" onClick={onRejectAll}>
          Reject all
        </Button>
        <Button onClick={onAcceptAll}>Accept all</Button>
      </div>
    </section>
  );
}
