import { hydrateRoot } from 'react-dom/client';
import { type PortalPageData, pageDataElementId } from '../shared/page';
import { PortalPage } from './app/routes/portal/portal-page';

/** Hydrates the server-rendered portal with the page data the server inlined (loaded by entry-portal). */
const dataElement = document.getElementById(pageDataElementId);
const root = document.getElementById('root');
if (dataElement?.textContent && root) {
  const data = JSON.parse(dataElement.textContent) as PortalPageData;
  hydrateRoot(root, <PortalPage data={data} />);
}
