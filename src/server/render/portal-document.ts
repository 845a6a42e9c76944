import { type Locale, localeQueryParameter, offeredLocalesOf } from '../../shared/i18n/locales';
import type { FoundItem } from '../../shared/item-links';
import { itemPermalinkPath, itemSlug } from '../../shared/item-links';
import { limits } from '../../shared/limits';
import {
  type PortalLanguages,
  type PortalPageData,
  pageDataElementId,
  serializePageData,
} from '../../shared/page';
import { categoryLabels, type FeedFormat, feedPath, updateCategories } from '../../shared/updates';
import { ogImageUrl } from '../core';
import { generatedFavicon, noIndex, renderDocument } from './document';
import { escapeHtml, metaName, metaProperty } from './html';
import { translatorFor } from './locale';
import type { WebBuild } from './web-build';

export function portalPageTitle(data: PortalPageData): string {
  return `${data.view.customisation.portalTitle} | ${data.view.organisation.name}`;
}

export function portalDescription(data: PortalPageData): string {
  const { customisation, organisation } = data.view;
  return (
    customisation.description.trim() ||
    translatorFor(data.languages.locale).t('head.description', { organisation: organisation.name })
  );
}

const feedTypes = {
  atom: ['application/atom+xml', 'Atom'],
  json: ['application/feed+json', 'JSON Feed'],
} as const;

function feedAlternate(origin: string, title: string, format: FeedFormat, path: string): string {
  const [type, label] = feedTypes[format];
  return `<link rel="alternate" type="${type}" title="${escapeHtml(`${title} (${label})`)}" href="${escapeHtml(`${origin}${path}`)}">`;
}

/**
 * Feed readers find the trust center's feeds here: every update, the product on screen (when there
 * is more than one), and each kind of update (Atom only, to keep the head short).
 */
function feedAlternates(view: PortalPageData['view'], origin: string): string[] {
  const { organisation, product, products } = view;
  const slug = organisation.slug;
  const updates = `${organisation.name} updates`;
  return [
    ...(['atom', 'json'] as const).map((format) =>
      feedAlternate(origin, updates, format, feedPath(slug, format)),
    ),
    ...(products.length > 1
      ? (['atom', 'json'] as const).map((format) =>
          feedAlternate(
            origin,
            `${updates}: ${product.productName}`,
            format,
            feedPath(slug, format, { product: product.productSlug }),
          ),
        )
      : []),
    ...updateCategories.map((category) =>
      feedAlternate(
        origin,
        `${updates}: ${categoryLabels[category]}`,
        'atom',
        feedPath(slug, 'atom', { category }),
      ),
    ),
  ];
}

/** The address to share: the portal's public URL, with the product when it is not the default one. */
export function portalCanonicalUrl(data: Pick<PortalPageData, 'view'>): string {
  const { view } = data;
  if (view.product.isDefault) return view.publicUrl;
  const url = new URL(view.publicUrl);
  url.searchParams.set('product', view.product.productSlug);
  return url.toString();
}

/** The same address in another language: ?lang= names every language but the organisation's default. */
function inLocale(
  address: string,
  locale: Locale,
  settings: PortalPageData['view']['customisation'],
): string {
  const url = new URL(address);
  if (locale === settings.defaultLocale) {
    if (!url.searchParams.has(localeQueryParameter)) return address;
    url.searchParams.delete(localeQueryParameter);
  } else url.searchParams.set(localeQueryParameter, locale);
  return url.toString();
}

/** The page's address in the language it is in. */
function canonicalInLocale(data: PortalPageData, address: string): string {
  return inLocale(address, data.languages.locale, data.view.customisation);
}

/**
 * The page's languages for the footer's links: this page's address on the current host (basePath),
 * with ?lang= set to each language the organisation offers.
 */
export function portalLanguages(
  view: PortalPageData['view'],
  locale: Locale,
  item: FoundItem | null,
  basePath: string,
): PortalLanguages {
  const offered = offeredLocalesOf(view.customisation);
  const canonical = new URL(item ? itemCanonicalUrl({ view }, item) : portalCanonicalUrl({ view }));
  const publicPath = new URL(view.publicUrl).pathname.replace(/\/+$/, '');
  const suffix = canonical.pathname.slice(publicPath.length).replace(/^\/$/, '');
  const hrefs = Object.fromEntries(
    offered.map((choice) => {
      const search = new URLSearchParams(canonical.search);
      search.set(localeQueryParameter, choice);
      return [choice, `${basePath}${suffix}?${search.toString()}`];
    }),
  );
  return { locale, offered, hrefs };
}

/** hreflang alternates: each offered language, and x-default for visitors whose language is not offered. */
function languageAlternates(data: PortalPageData, address: string): string[] {
  const { customisation } = data.view;
  if (data.languages.offered.length < 2) return [];
  return [
    ...data.languages.offered.map(
      (locale) =>
        `<link rel="alternate" hreflang="${locale}" href="${escapeHtml(inLocale(address, locale, customisation))}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(inLocale(address, customisation.defaultLocale, customisation))}">`,
  ];
}

const itemDescriptionMaxLength = 200;

/** Collapsed whitespace, cut at a word boundary with an ellipsis when it is too long for a preview. */
function previewText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= itemDescriptionMaxLength) return flat;
  const cut = flat.slice(0, itemDescriptionMaxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > itemDescriptionMaxLength / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

export function itemPageTitle(data: PortalPageData, { item }: FoundItem): string {
  return `${item.title.trim() || '(Untitled)'} | ${portalPageTitle(data)}`;
}

/** The item's own text when the viewer may read it; a locked item says only what and whose it is. */
export function itemDescription(data: PortalPageData, { card, item }: FoundItem): string {
  const explanation = item.isLocked ? '' : (item.explanation ?? '');
  if (explanation.trim()) return previewText(explanation);
  const { organisation, customisation } = data.view;
  const cardName = card.displayText?.trim() || card.title;
  return `${item.title.trim()}: ${cardName} on ${organisation.name}'s ${customisation.portalTitle}.`;
}

/** The item's permalink on the portal's public address (spec 2 §2). */
export function itemCanonicalUrl(data: Pick<PortalPageData, 'view'>, { item }: FoundItem): string {
  const { view } = data;
  const target = { productSlug: view.product.productSlug, hasSeveralProducts: view.products.length > 1 };
  return `${view.publicUrl.replace(/\/+$/, '')}${itemPermalinkPath('', target, itemSlug(item))}`;
}

/**
 * Head for link previews and search engines (spec 1 §2 Page shell), then the page and its data. With
 * an item (a permalink or ?itemUid= the viewer may see), the head describes that item.
 */
export function renderPortalDocument(
  build: WebBuild,
  data: PortalPageData,
  options: { revision: number; item?: FoundItem | null },
): string {
  const { view } = data;
  const { organisation, customisation } = view;
  const item = options.item ?? null;
  const title = item ? itemPageTitle(data, item) : portalPageTitle(data);
  const description = item ? itemDescription(data, item) : portalDescription(data);
  const address = item ? itemCanonicalUrl(data, item) : portalCanonicalUrl(data);
  const canonicalUrl = canonicalInLocale(data, address);
  const { t } = translatorFor(data.languages.locale);
  const updatedAt = item?.item.modifiedAt ?? organisation.updatedAt;
  const origin = new URL(view.publicUrl).origin;
  const image = `${origin}${ogImageUrl(organisation.id, options.revision)}`;
  const favicon = organisation.faviconUrl ?? generatedFavicon(organisation.name, customisation.accentColor);
  const head = [
    metaName('description', description),
    `<link rel="canonical" href="${escapeHtml(canonicalUrl)}">`,
    `<link rel="icon" href="${escapeHtml(favicon)}">`,
    ...languageAlternates(data, address),
    ...feedAlternates(view, origin),
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
    metaProperty(
      'og:image:alt',
      t('head.imageAlt', { portalTitle: customisation.portalTitle, organisation: organisation.name }),
    ),
    metaProperty('og:locale', data.languages.locale.replace('-', '_')),
    metaProperty('og:updated_time', updatedAt),
    metaProperty('article:modified_time', updatedAt),
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
    isScriptAfterPaint: true,
    accentColor: customisation.accentColor,
    locale: data.languages.locale,
    extraPreloads: [build.catalogues[data.languages.locale]].filter((file): file is string => Boolean(file)),
    pageData: { elementId: pageDataElementId, json: serializePageData(data) },
  });
}
