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

/** The item's permalink slug, unique within its product (`assignItemSlugs`, on the server). */
export function itemSlug(item: Pick<ItemView, 'slug'>): string {
  return item.slug;
}

/** The slug an item asks for before namesakes are told apart: the custom one, the title's, or its id. */
export function wantedItemSlug(item: { id: string; title: string; customUrlSlug: string | null }): string {
  return item.customUrlSlug || deriveItemSlug(item.title) || item.id;
}

export type SlugSource = {
  id: string;
  title: string;
  customUrlSlug: string | null;
  createdAt: Date;
  /** Tie-breakers for items created in one statement (the catalogue), so an import reproduces slugs. */
  catalogueKey?: string | null;
  cardKind?: string;
};

const byCreation = (a: SlugSource, b: SlugSource) =>
  a.createdAt.getTime() - b.createdAt.getTime() ||
  (a.catalogueKey ?? '\uffff').localeCompare(b.catalogueKey ?? '\uffff') ||
  (a.cardKind ?? '').localeCompare(b.cardKind ?? '') ||
  a.id.localeCompare(b.id);

/**
 * Every item's slug in one product, unique (decision 172): custom slugs first, as staff chose them;
 * then each title's slug in order of creation, the older item keeping the plain one and a later
 * namesake taking '-2', '-3'…; an untitled item falls back to its id. Not-enabled items count too,
 * so enabling one never takes over a link already shared.
 */
export function assignItemSlugs(sources: readonly SlugSource[]): Map<string, string> {
  const slugs = new Map<string, string>();
  const taken = new Set<string>();
  for (const source of sources) {
    if (!source.customUrlSlug) continue;
    slugs.set(source.id, source.customUrlSlug);
    taken.add(source.customUrlSlug);
  }
  const derived = sources.filter((source) => !source.customUrlSlug).sort(byCreation);
  for (const source of derived) {
    const base = wantedItemSlug(source);
    let slug = base;
    for (let suffix = 2; taken.has(slug); suffix += 1) slug = `${base}-${suffix}`;
    slugs.set(source.id, slug);
    taken.add(slug);
  }
  return slugs;
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

/** The item a permalink names among the cards the viewer may see (slugs are unique per product). */
export function findItemBySlug(cards: readonly CardView[], slug: string): FoundItem | null {
  const wanted = slug.toLowerCase();
  for (const card of cards) {
    const item = card.items.find((candidate) => candidate.slug === wanted);
    if (item) return { card, item };
  }
  return null;
}

export function findItemByUid(cards: readonly CardView[], itemUid: string): FoundItem | null {
  for (const card of cards) {
    const item = card.items.find((candidate) => candidate.itemUid === itemUid);
    if (item) return { card, item };
  }
  return null;
}
