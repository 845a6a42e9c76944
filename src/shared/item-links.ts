import type { CardView, ItemView } from './cards';

/**
 * Item permalinks (spec 2 §2): {org url}/item/{slug}, or {org url}/product/{product slug}/{slug} when
 * the organisation has several products. Server (resolving a link) and web (building one) share this.
 */

/** Lower-case, runs of anything but letters and digits become '-', no '-' at either end. */
export function deriveItemSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The custom URL slug when staff set one; else the title's slug; an untitled item falls back to its id. */
export function itemSlug(item: Pick<ItemView, 'itemUid' | 'title' | 'customUrlSlug'>): string {
  return item.customUrlSlug || deriveItemSlug(item.title) || item.itemUid;
}

/** The product segment of a permalink: spaces written as '+' (spec 2 §2). */
export function productPathSegment(productSlug: string): string {
  return productSlug.trim().replaceAll(' ', '+');
}

export type PermalinkTarget = { productSlug: string; hasSeveralProducts: boolean };

/** The permalink path under the portal's base path ('/acme', or '' on the organisation's own domain). */
export function itemPermalinkPath(basePath: string, target: PermalinkTarget, slug: string): string {
  const segment = encodeURIComponent(slug);
  return target.hasSeveralProducts
    ? `${basePath}/product/${productPathSegment(target.productSlug)}/${segment}`
    : `${basePath}/item/${segment}`;
}

export type FoundItem = { card: CardView; item: ItemView };

/**
 * The item a permalink names among the cards the viewer may see. A custom slug wins over a title's
 * slug, so renaming another item can never take over a link staff chose on purpose.
 */
export function findItemBySlug(cards: readonly CardView[], slug: string): FoundItem | null {
  const wanted = slug.toLowerCase();
  let byTitle: FoundItem | null = null;
  for (const card of cards) {
    for (const item of card.items) {
      if (item.customUrlSlug && item.customUrlSlug === wanted) return { card, item };
      if (!byTitle && itemSlug(item) === wanted) byTitle = { card, item };
    }
  }
  return byTitle;
}

export function findItemByUid(cards: readonly CardView[], itemUid: string): FoundItem | null {
  for (const card of cards) {
    const item = card.items.find((candidate) => candidate.itemUid === itemUid);
    if (item) return { card, item };
  }
  return null;
}
