import { Share2 } from 'lucide-react';
import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { useTranslator } from '../../../lib/i18n';

/** The compact button fixed at the left edge on wide screens (spec 1 §2); named by aria-label. */
export const ShareTrigger = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement>>(
  function ShareTrigger(props, ref) {
    const { t } = useTranslator();
    return (
      <button
        ref={ref}
        type="button"
        aria-label={t('extras.share')}
        data-testid="share-button"
        className="flex flex-col items-center gap-1 rounded-e-xl bg-white px-2 py-3 xl:px-2.5 text-xs font-medium text-slate-700 shadow-md ring-1 ring-slate-900/10 transition hover:text-brand-ink"
        {...props}
      >
        <Share2 className="size-4" aria-hidden />
        {/* Between lg and xl the page margin is narrow: the icon alone fits in it. */}
        <span className="hidden xl:block">{t('extras.share')}</span>
      </button>
    );
  },
);
