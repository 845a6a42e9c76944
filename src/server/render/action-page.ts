import type { ActionPageData } from '../../shared/page';
import { assetUrl } from '../core';
import type { ViewerOrganisation } from '../policy/viewer';
import { generatedFavicon, noIndex, renderDocument } from './document';
import { escapeHtml } from './html';
import { loadWebBuild } from './web-build';

export type ActionPageContent = Omit<ActionPageData, 'organisation'> & { title: string };

/**
 * One of the organisation's small pages (spec 1 §4 subscription confirm, the sign-in link, the
 * bring-your-own-identity welcome) in the portal's own document: its stylesheet and font, accent,
 * favicon, logo and name. Never indexed; no script.
 */
export async function renderActionPageHtml(
  organisation: ViewerOrganisation,
  content: ActionPageContent,
  options: { isWatching: boolean },
): Promise<string> {
  const build = await loadWebBuild(options);
  const { customisation, id, revision } = organisation;
  const { title, ...page } = content;
  const favicon =
    assetUrl(id, organisation.faviconAssetId ?? organisation.logoAssetId, revision) ??
    generatedFavicon(organisation.name, customisation.accentColor);
  return renderDocument({
    title: `${title} · ${organisation.name}`,
    head: [noIndex, `<link rel="icon" href="${escapeHtml(favicon)}">`].join('\n'),
    body: build.renderer.renderActionPage({
      ...page,
      organisation: {
        name: organisation.name,
        logoUrl: assetUrl(id, organisation.logoAssetId, revision),
        portalTitle: customisation.portalTitle,
        showPortalTitle: customisation.showPortalTitle,
      },
    }),
    assets: build.entries.portal,
    hasScript: false,
    accentColor: customisation.accentColor,
    ...(content.locale ? { locale: content.locale } : {}),
  });
}
