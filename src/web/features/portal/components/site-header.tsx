import { createContext, type ReactNode, useContext } from 'react';
import type { PortalView } from '../../../../shared/portal';
import { HeaderEndSlot } from '../../../lib/portal-slots';
import { ProductMenu } from './product-menu';

type SiteHeaderProps = { view: PortalView; basePath: string };

/** A bar at the top of the header (the updates feature's notification bar), composed by the portal page. */
export const HeaderNotificationSlot = createContext<ReactNode>(null);
/** The search feature's 'Search items' box, composed by the portal page. */
export const HeaderSearchSlot = createContext<ReactNode>(null);

function Logo({ view }: { view: PortalView }) {
  const { organisation } = view;
  const mark = organisation.logoUrl ? (
    <img
      src={organisation.logoUrl}
      alt={organisation.name}
      height={36}
      className="h-8 w-auto max-w-[11rem] object-contain object-left md:h-9 md:max-w-[14rem]"
    />
  ) : (
    <span className="text-lg font-semibold tracking-tight text-slate-950">{organisation.name}</span>
  );
  if (!organisation.websiteUrl) return <span className="inline-flex items-center">{mark}</span>;
  return (
    <a
      href={organisation.websiteUrl}
      className="inline-flex shrink-0 items-center rounded-md"
      data-testid="organisation-logo-link"
    >
      {mark}
    </a>
  );
}

/** Logo linking to the organisation's site, the optional portal title, then the product switcher. */
export function SiteHeader({ view, basePath }: SiteHeaderProps) {
  const { customisation, organisation } = view;
  const headerEnd = useContext(HeaderEndSlot);
  const notification = useContext(HeaderNotificationSlot);
  const search = useContext(HeaderSearchSlot);
  return (
    <header className="border-b border-slate-200 bg-white">
      {notification}
      {/* On a phone two rows: logo and sign-in, then product and search; from sm one row, as before. */}
      <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center gap-x-2 gap-y-2.5 px-4 py-3 sm:gap-x-6 sm:gap-y-3 sm:px-6 md:min-h-20 lg:px-8">
        <div className="order-1 flex min-w-0 flex-1 items-center gap-2 sm:flex-none sm:gap-3 md:gap-4">
          <Logo view={view} />
          {customisation.showPortalTitle ? (
            <>
              <span aria-hidden className="h-6 w-px shrink-0 bg-slate-200" />
              <p
                className="truncate text-base font-medium text-slate-700 md:text-lg"
                data-testid="portal-title"
              >
                {customisation.portalTitle}
              </p>
            </>
          ) : null}
        </div>
        {headerEnd ? (
          <div className="order-2 -me-2.5 flex shrink-0 items-center sm:order-4 sm:me-0">{headerEnd}</div>
        ) : null}
        <div className="order-3 flex w-full min-w-0 items-center gap-3 sm:contents">
          <div className="flex shrink-0 items-center empty:hidden sm:order-3">
            <ProductMenu view={view} basePath={basePath} />
          </div>
          {search ? <div className="min-w-0 flex-1 sm:order-2 sm:ms-auto sm:flex-none">{search}</div> : null}
        </div>
      </div>
      {organisation.bannerUrl ? (
        <div className="max-h-[350px] overflow-hidden bg-slate-100">
          <img
            src={organisation.bannerUrl}
            alt=""
            width={1280}
            height={350}
            className="h-auto max-h-[350px] w-full object-cover"
          />
        </div>
      ) : null}
    </header>
  );
}
