import type { CardView } from '../../../../shared/cards';
import { deriveItemSlug, type FoundItem, findItemBySlug, findItemByUid } from '../../../../shared/item-links';

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
