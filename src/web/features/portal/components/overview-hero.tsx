import { ArrowUpRight, ShieldCheck } from 'lucide-react';
import { useContext } from 'react';
import type { PortalView } from '../../../../shared/portal';
import { useTranslator } from '../../../lib/i18n';
import { HeroActionSlot } from '../../../lib/portal-slots';
import { hostOf } from '../lib/portal-links';
import { HeroCompliance } from './hero-compliance';

/**
 * What the portal is about: the organisation, its own description and the product being shown; on a
 * wide screen its certifications fill the right half.
 */
export function OverviewHero({ view, basePath }: { view: PortalView; basePath: string }) {
  const { organisation, customisation, product } = view;
  const action = useContext(HeroActionSlot);
  const { t, date } = useTranslator();
  return (
    <section
      aria-labelledby="portal-heading"
      className="relative overflow-hidden bg-linear-to-b from-brand-soft to-slate-50"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -top-24 end-[-10%] size-[28rem] rounded-full bg-brand opacity-[0.07] blur-3xl"
      />
      <div className="relative mx-auto max-w-6xl px-4 pt-12 pb-4 sm:px-6 md:pt-16 md:pb-6 lg:px-8 lg:pt-20">
        <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-center lg:gap-12">
          <div className="min-w-0">
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-semibold tracking-wide text-brand-ink uppercase shadow-xs ring-1 ring-slate-900/10">
              <ShieldCheck className="size-4" aria-hidden />
              {customisation.portalTitle}
            </p>
            <h1
              id="portal-heading"
              className="mt-5 max-w-3xl text-4xl font-semibold tracking-tight text-balance text-slate-950 md:text-5xl"
            >
              {organisation.name}
            </h1>
            {customisation.description ? (
              <p dir="auto" className="mt-5 max-w-2xl text-lg leading-8 text-pretty text-slate-600">
                {customisation.description}
              </p>
            ) : null}
          </div>
          <div className="hidden lg:block">
            <HeroCompliance view={view} basePath={basePath} />
          </div>
        </div>
        <div className="mt-10 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <dl className="grid max-w-3xl flex-1 grid-cols-1 gap-px overflow-hidden rounded-xl bg-slate-200 text-sm shadow-xs ring-1 ring-slate-200 sm:grid-cols-3">
            <div className="bg-white px-5 py-4">
              <dt className="text-slate-500">{t('hero.product')}</dt>
              <dd className="mt-1 font-semibold text-slate-900" data-testid="selected-product">
                {product.productName}
              </dd>
            </div>
            {organisation.websiteUrl ? (
              <div className="bg-white px-5 py-4">
                <dt className="text-slate-500">{t('hero.website')}</dt>
                <dd className="mt-1 font-semibold">
                  <a
                    href={organisation.websiteUrl}
                    className="inline-flex items-center gap-1 rounded-sm text-brand-ink underline-offset-4 hover:underline"
                  >
                    {hostOf(organisation.websiteUrl)}
                    <ArrowUpRight className="size-4" aria-hidden />
                  </a>
                </dd>
              </div>
            ) : null}
            <div className="bg-white px-5 py-4">
              <dt className="text-slate-500">{t('hero.lastUpdated')}</dt>
              <dd className="mt-1 font-semibold text-slate-900">
                <time dateTime={organisation.updatedAt}>{date(organisation.updatedAt)}</time>
              </dd>
            </div>
          </dl>
          {action ? <div className="flex shrink-0 justify-end">{action}</div> : null}
        </div>
      </div>
    </section>
  );
}
