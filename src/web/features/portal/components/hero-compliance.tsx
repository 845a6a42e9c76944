import { BadgeCheck, CircleDashed } from 'lucide-react';
import { itemPermalinkPath, itemSlug } from '../../../../shared/item-links';
import type { PortalView } from '../../../../shared/portal';
import { useTranslator } from '../../../lib/i18n';

/** At most this many certifications in the hero; the rest are one link away, on the card. */
export const heroComplianceMax = 6;

/**
 * The certifications the viewer's Certifications card shows (held first, then in progress), for the
 * hero's right half: what a buyer looks for first. Each links to its item; nothing shows when the
 * card is hidden or empty. Titles only, so the first visit carries no badge drawings.
 */
export function HeroCompliance({ view, basePath }: { view: PortalView; basePath: string }) {
  const { t } = useTranslator();
  const card = view.cards.find((candidate) => candidate.kind === 'Certifications');
  if (!card || card.isHidden) return null;
  const held = card.items.filter((item) => item.enabledState === 'Enabled');
  const inProgress = card.items.filter((item) => item.enabledState === 'WorkInProgress');
  const shown = [...held, ...inProgress].slice(0, heroComplianceMax);
  if (shown.length === 0) return null;
  const total = held.length + inProgress.length;
  const target = { productSlug: view.product.productSlug, hasSeveralProducts: view.products.length > 1 };
  return (
    <section
      aria-labelledby="hero-compliance-heading"
      data-testid="hero-compliance"
      className="rounded-2xl bg-white/85 p-5 shadow-sm ring-1 ring-slate-900/10 backdrop-blur-sm"
    >
      <h2
        id="hero-compliance-heading"
        className="text-xs font-semibold tracking-wide text-slate-600 uppercase"
      >
        {t('hero.compliance')}
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-2">
        {shown.map((item) => {
          const isHeld = item.enabledState === 'Enabled';
          const Icon = isHeld ? BadgeCheck : CircleDashed;
          return (
            <li key={item.itemUid} className="min-w-0">
              <a
                href={itemPermalinkPath(basePath, target, itemSlug(item))}
                className="flex h-full items-start gap-2 rounded-lg px-2.5 py-2 text-sm font-medium text-slate-900 ring-1 ring-slate-200 transition hover:bg-brand-soft hover:ring-brand/30"
              >
                <Icon
                  className={
                    isHeld
                      ? 'mt-0.5 size-4 shrink-0 text-emerald-700'
                      : 'mt-0.5 size-4 shrink-0 text-slate-500'
                  }
                  aria-hidden
                />
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  {item.title}
                  {isHeld ? null : (
                    <span className="block text-xs font-normal text-slate-600">{t('hero.inProgress')}</span>
                  )}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
      {total > shown.length ? (
        <p className="mt-3 text-sm text-slate-600">
          {t('hero.moreCertifications', { count: total - shown.length })}
        </p>
      ) : null}
    </section>
  );
}
