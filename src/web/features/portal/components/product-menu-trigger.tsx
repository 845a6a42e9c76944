import { ChevronDown, Layers } from 'lucide-react';
import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { useTranslator } from '../../../lib/i18n';

/**
 * The product switcher's button, shared by the first paint (a plain button until the menu's code is
 * loaded) and the Radix menu, so nothing on screen or in the accessibility tree changes at the swap.
 */
export const ProductMenuTrigger = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & { productName: string }
>(function ProductMenuTrigger({ productName, ...props }, ref) {
  const { t } = useTranslator();
  return (
    <button
      ref={ref}
      type="button"
      className="group inline-flex h-10 max-w-[min(18rem,60vw)] items-center gap-2 rounded-lg border border-slate-300 bg-white pe-2.5 ps-3 text-sm font-medium text-slate-800 shadow-xs transition hover:border-slate-400 hover:bg-slate-50 data-[state=open]:border-brand-ink"
      {...props}
    >
      <Layers className="size-4 shrink-0 text-brand-ink" aria-hidden />
      <span className="sr-only">{`${t('productMenu.triggerPrefix')} `}</span>
      <span className="truncate">{productName}</span>
      <ChevronDown
        className="size-4 shrink-0 text-slate-500 transition group-data-[state=open]:rotate-180"
        aria-hidden
      />
    </button>
  );
});
