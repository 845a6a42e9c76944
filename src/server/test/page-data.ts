import type { PortalPageData } from '../../shared/page';

/** The page data a portal page inlines for hydration, as the browser reads it. */
export function pageData(html: string): PortalPageData {
  const json = html.match(/<script type="application\/json" id="attest-page-data">([^<]*)<\/script>/)?.[1];
  if (!json) throw new Error('no page data in the HTML');
  return JSON.parse(json) as PortalPageData;
}
