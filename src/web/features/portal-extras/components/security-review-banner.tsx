import { ArrowRight, ShieldCheck } from 'lucide-react';
import type { PortalCustomisation, ViewerMode } from '../../../../shared/portal';
import { classNames } from '../../../lib/class-names';
import { useTranslator } from '../../../lib/i18n';
import { followQueryLink } from '../../../lib/portal-query';
import { securityReviewBannerFor } from '../lib/banner';

type SecurityReviewBannerProps = { customisation: PortalCustomisation; mode: ViewerMode };

// The access modal opens on these parameters, in place or when a new tab loads them.
const requestAccessHref = '?requestAccess=true&source=banner';

/** 'Start your security review' for the public (spec 3 §2, decision 230); subtitles at medium size only. */
export function SecurityReviewBanner({ customisation, mode }: SecurityReviewBannerProps) {
  const { t } = useTranslator();
  const banner = securityReviewBannerFor(customisation, mode);
  if (!banner) return null;
  const isMedium = banner.size === 'medium';
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6 lg:px-8">
      <section
        aria-labelledby="security-review-heading"
        data-testid="security-review-banner"
        data-size={banner.size}
        className={classNames(
          'relative max-h-[350px] overflow-hidden rounded-2xl bg-slate-950 text-white shadow-sm',
          isMedium ? 'px-6 py-8 md:px-10 md:py-10' : 'px-5 py-4',
        )}
      >
        <div
          aria-hidden
          className="pointer-events-none absolute -end-16 -bottom-24 size-72 rounded-full bg-brand opacity-40 blur-3xl"
        />
        <div className="relative flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
          <div className="flex items-start gap-3">
            <ShieldCheck
              className={classNames('shrink-0', isMedium ? 'mt-1 size-7' : 'size-6')}
              aria-hidden
            />
            <div>
              <h2
                id="security-review-heading"
                className={classNames('font-semibold tracking-tight', isMedium ? 'text-2xl' : 'text-base')}
              >
                {t('extras.bannerTitle')}
              </h2>
              {banner.subtitles.length > 0 ? (
                <ul className="mt-3 space-y-1.5 text-sm text-slate-200">
                  {banner.subtitles.map((subtitle) => (
                    <li key={subtitle} className="flex items-center gap-2">
                      <span aria-hidden className="size-1.5 rounded-full bg-white/70" />
                      {t(subtitle)}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </div>
          <a
            href={requestAccessHref}
            onClick={(event) => followQueryLink(event, { loginRequest: null })}
            className="inline-flex h-10 shrink-0 items-center justify-center gap-2 self-start rounded-lg bg-white px-4 text-sm font-medium text-slate-950 shadow-sm transition hover:bg-slate-100 md:self-auto"
          >
            {t('extras.bannerAction')}
            <ArrowRight className="size-4" aria-hidden />
          </a>
        </div>
      </section>
    </div>
  );
}
