import type { CardView } from '../../../../shared/cards';
import {
  deriveItemSlug,
  type FoundItem,
  findItemBySlug,
  findItemByUid,
  productPathSegment,
} from '../../../../shared/item-links';
import type { PortalView } from '../../../../shared/portal';

/**
 * The item a deep link names (spec 3 §2): what the server resolved from a permalink, else ?itemUid=,
 * else ?itemName= (a slug or a title). Only the viewer's own cards are searched, so a link to an item
 * the viewer may not see opens nothing.
 */
export function findDeepLinkedItem(
  cards: readonly CardView[],
  resolvedItemUid: string | undefined,
  search: string,
): FoundItem | null {
  if (resolvedItemUid) return findItemByUid(cards, resolvedItemUid);
  const query = new URLSearchParams(search);
  const itemUid = query.get('itemUid');
  if (itemUid) return findItemByUid(cards, itemUid);
  const itemName = query.get('itemName');
  if (itemName) return findItemBySlug(cards, deriveItemSlug(itemName));
  return null;
}

/**
 * The item the address names as the visitor moves through history: ?itemUid= / ?itemName=, else this
 * product's permalink path (`{base}/item/{slug}`, `{base}/product/{product}/{slug}`).
 */
export function findItemAtAddress(
  view: Pick<PortalView, 'cards' | 'product'>,
  basePath: string,
  location: { pathname: string; search: string },
): FoundItem | null {
  const byQuery = findDeepLinkedItem(view.cards, undefined, location.search);
  if (byQuery) return byQuery;
  const prefixes = [
    `${basePath}/item/`,
    `${basePath}/product/${productPathSegment(view.product.productSlug)}/`,
  ];
  const prefix = prefixes.find((candidate) => location.pathname.startsWith(candidate));
  const segment = prefix ? location.pathname.slice(prefix.length) : '';
  if (!segment || segment.includes('/')) return null;
  try {
    return findItemBySlug(view.cards, decodeURIComponent(segment));
  } catch {
    return null; // a malformed escape names no item
  }
}

/** ?edit (spec 1 §2, spec 3 §2): present, as `?edit`, `?edit=true` or `?edit={card kind}`; 'false' and '0' are off. */
export function isEditRequested(search: string): boolean {
  const value = new URLSearchParams(search).get('edit');
  return value !== null && value !== 'false' && value !== '0';
}

/**
 * The kinds spec 3 gives no 'edit' action, repeated from shared/card-kinds.ts (its zod enum would load
 * zod on the public page); deep-link.test.ts keeps the two equal.
 */
export const cardKindsWithoutEditor: ReadonlySet<string> = new Set(['Subprocessors', 'CustomerData']);

/** The card `?edit={card kind}` names on an address without an item (decision 260), if it can be edited. */
export function findEditedCard(cards: readonly CardView[], search: string): CardView | null {
  const value = new URLSearchParams(search).get('edit')?.trim().toLowerCase();
  if (!value) return null;
  const card = cards.find((candidate) => candidate.kind.toLowerCase() === value);
  return card && !cardKindsWithoutEditor.has(card.kind) ? card : null;
}
