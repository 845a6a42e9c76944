import { useTranslator } from '../../../lib/i18n';
import { SharePanel, type ShareTarget } from './share-panel';

/** Below lg the share actions sit in a card at the end of the page content (spec 1 §2). */
export function ShareCard(target: ShareTarget) {
  const { t } = useTranslator();
  return (
    <div className="mx-auto -mt-2 w-full max-w-6xl px-4 pb-8 sm:px-6 md:-mt-6 lg:hidden">
      <section
        aria-labelledby="share-heading"
        data-testid="share-card"
        className="rounded-2xl bg-white p-4 shadow-xs ring-1 ring-slate-200"
      >
        <h2 id="share-heading" className="px-3 pb-2 text-base font-semibold text-slate-950">
          {t('extras.shareTitle')}
        </h2>
        <SharePanel {...target} />
      </section>
    </div>
  );
}
