import { limits } from '../../shared/limits';
import { type PortalPageData, pageDataElementId, serializePageData } from '../../shared/page';
import { ogImageUrl } from '../modules/assets/og-image-url';
import { generatedFavicon, noIndex, renderDocument } from './document';
import { escapeHtml, metaName, metaProperty } from './html';
import type { WebBuild } from './web-build';

export function portalPageTitle(data: PortalPageData): string {
  return `${data.view.customisation.portalTitle} | ${data.view.organisation.name}`;
}

export function portalDescription(data: PortalPageData): string {
  const { customisation, organisation } = data.view;
  return (
    customisation.description.trim() ||
    `Security, privacy and compliance information from ${organisation.name}: controls, certifications, policies and updates.`
  );
}

/** The address to share: the portal's public URL, with the product when it is not the default one. */
export function portalCanonicalUrl(data: PortalPageData): string {
  const { view } = data;
  if (view.product.isDefault) return view.publicUrl;
  const url = new URL(view.publicUrl);
  url.searchParams.set('product', view.product.productSlug);
  return url.toString();
}

/** Head for link previews and search engines (spec 1 §2 Page shell), then the page and its data. */
export function renderPortalDocument(
  build: WebBuild,
  data: PortalPageData,
  options: { revision: number },
): string {
  const { view } = data;
  const { organisation, customisation } = view;
  const title = portalPageTitle(data);
  const description = portalDescription(data);
  const canonicalUrl = portalCanonicalUrl(data);
  const origin = new URL(view.publicUrl).origin;
  const image = `${origin}${ogImageUrl(organisation.id, options.revision)}`;
  const favicon = organisation.faviconUrl ?? generatedFavicon(organisation.name, customisation.accentColor);
  const head = [
    metaName('description', description),
    `<link rel="canonical" href="${escapeHtml(canonicalUrl)}">`,
    `<link rel="icon" href="${escapeHtml(favicon)}">`,
    metaName('theme-color', customisation.accentColor),
    view.viewer.mode === 'public' ? '' : noIndex,
    metaProperty('og:type', 'article'),
    metaProperty('og:site_name', organisation.name),
    metaProperty('og:title', title),
    metaProperty('og:description', description),
    metaProperty('og:url', canonicalUrl),
    metaProperty('og:image', image),
    metaProperty('og:image:type', 'image/png'),
    metaProperty('og:image:width', String(limits.ogImageWidth)),
    metaProperty('og:image:height', String(limits.ogImageHeight)),
    metaProperty('og:image:alt', `${customisation.portalTitle} of ${organisation.name}`),
    metaProperty('og:updated_time', organisation.updatedAt),
    metaProperty('article:modified_time', organisation.updatedAt),
    metaName('twitter:card', 'summary_large_image'),
  ]
    .filter(Boolean)
    .join('\n');
  return renderDocument({
    title,
    head,
    body: build.renderer.renderPortalPage(data),
    assets: build.entries.portal,
    hasScript: true,
    accentColor: customisation.accentColor,
    pageData: { elementId: pageDataElementId, json: serializePageData(data) },
  });
}
