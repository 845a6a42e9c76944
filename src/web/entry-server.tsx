import { renderToString } from 'react-dom/server';
import type {
  AboutPageData,
  ActionPageData,
  ErrorPageData,
  PortalPageData,
  ServerRenderer,
} from '../shared/page';
import type { PortalMember } from '../shared/portal';
import { ActionPage } from './app/routes/action-page';
import { ErrorPage } from './app/routes/error-page';
import { AboutPage } from './app/routes/portal/about-page';
import { PortalPage } from './app/routes/portal/portal-page';
import { MemberButton } from './features/access/components/header-access-entry';
import { CardIcon } from './features/cards/components/card-icon';
import { renderCardIconsWith } from './features/cards/components/page-card-icon';
import { serverCardParts } from './features/cards/components/server-card-parts';
import { renderStaticCardBodiesWith } from './features/cards/components/static-card-body';
import { StaticCardBodyRenderer } from './features/cards/components/static-card-body-renderer';
import { renderDeferredPartsWith } from './lib/deferred-part';

// Static parts the client keeps as server HTML are drawn here only: their code stays out of the client.
renderCardIconsWith(CardIcon);
renderStaticCardBodiesWith(StaticCardBodyRenderer);
// Parts the client hydrates once near the viewport are drawn in full here (decision 316).
renderDeferredPartsWith(serverCardParts);

/**
 * The server renderer, built with `vite build --ssr` into dist/server/entry-server.js and loaded by the
 * server at run time. Each function returns the markup that goes inside <div id="root">.
 */
export const renderer: ServerRenderer = {
  renderPortalPage: (data: PortalPageData) => renderToString(<PortalPage data={data} />),
  renderAboutPage: (data: AboutPageData) => renderToString(<AboutPage data={data} />),
  renderErrorPage: (data: ErrorPageData) => renderToString(<ErrorPage data={data} />),
  renderActionPage: (data: ActionPageData) => renderToString(<ActionPage data={data} />),
  renderMemberButton: (member: PortalMember) => renderToString(<MemberButton member={member} />),
};
