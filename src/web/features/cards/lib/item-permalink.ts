import type { ItemView } from '../../../../shared/cards';
import { itemPermalinkPath, itemSlug } from '../../../../shared/item-links';
import type { PortalView } from '../../../../shared/portal';

/** The item's permalink path on the current host (spec 2 §2). */
export function itemPermalinkHref(view: PortalView, basePath: string, item: ItemView): string {
  return itemPermalinkPath(
    basePath,
    { productSlug: view.product.productSlug, hasSeveralProducts: view.products.length > 1 },
    itemSlug(item),
  );
}

/**
 * Where the address bar goes when the item closes: the portal itself, keeping the product and the
 * other query parameters, without the item (its permalink path or ?itemUid / ?itemName) or ?edit.
 */
export function addressWithoutItem(
  view: PortalView,
  basePath: string,
  location: { pathname: string; search: string },
): string {
  const search = new URLSearchParams(location.search);
  search.delete('itemUid');
  search.delete('itemName');
  search.delete('edit'); // the editor it opened is closed: a reload opens nothing again
  const itemPathPrefixes = [`${basePath}/item/`, `${basePath}/product/`];
  const isPermalink = itemPathPrefixes.some((prefix) => location.pathname.startsWith(prefix));
  if (isPermalink && !view.product.isDefault && !search.has('product')) {
    search.set('product', view.product.productSlug);
  }
  const path = isPermalink ? basePath || '/' : location.pathname;
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Opens the access modal on the request tab for this item (the access flow reads these parameters). */
export function requestAccessHref(view: PortalView, basePath: string, item: ItemView): string {
  const search = new URLSearchParams();
  if (!view.product.isDefault) search.set('product', view.product.productSlug);
  search.set('requestAccess', 'true');
  search.set('itemUid', item.itemUid);
  return `${basePath || '/'}?${search.toString()}`;
}
