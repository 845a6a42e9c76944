import { findItemByUid } from '../../../../shared/item-links';
import type { PortalView } from '../../../../shared/portal';
import type { SearchResult } from '../../../../shared/search';
import { portalQueryChangeEvent, writePortalQuery } from '../../../lib/portal-query';

/** The knowledge-base panel listens for this parameter and opens the entry's details. */
export const knowledgeBaseEntryParameter = 'kbEntry';

/**
 * The portal address that opens this item (spec 1 §2 itemUid deep link): the portal path (never an
 * item permalink path, which would name another item), the product and viewer parameters kept.
 */
export function itemAddress(
  view: PortalView,
  basePath: string,
  location: { pathname: string; search: string },
  itemUid: string,
): string {
  const search = new URLSearchParams(location.search);
  for (const name of ['itemName', 'tcuUid', knowledgeBaseEntryParameter]) search.delete(name);
  search.set('itemUid', itemUid);
  const isPermalink = [`${basePath}/item/`, `${basePath}/product/`].some((prefix) =>
    location.pathname.startsWith(prefix),
  );
  if (isPermalink && !view.product.isDefault && !search.has('product')) {
    search.set('product', view.product.productSlug);
  }
  const path = isPermalink ? basePath || '/' : location.pathname;
  return `${path}?${search.toString()}`;
}

/**
 * Goes to an item's address without a reload: a history entry (Back returns), announced like any
 * other query change so the card sections open the item and scroll to it.
 */
export function navigateInPage(address: string): void {
  window.history.pushState(window.history.state, '', address);
  window.dispatchEvent(new Event(portalQueryChangeEvent));
}

export type OpenResultEnvironment = {
  view: PortalView;
  basePath: string;
  /** In-page navigation to an item the page holds (see navigateInPage). */
  navigate(address: string): void;
  /** Full navigation, for an item this page's model does not hold (the server resolves it). */
  load(address: string): void;
  close(): void;
};

/** Selecting a result (spec 1 §2): the expanded item, the update's topic, the FAQ entry, the page. */
export function openResult(result: SearchResult, environment: OpenResultEnvironment): void {
  switch (result.type) {
    case 'document':
    case 'control':
    case 'fact':
    case 'trust_item': {
      const { view, basePath } = environment;
      const address = itemAddress(view, basePath, window.location, result.metadata.itemUid);
      environment.close();
      if (findItemByUid(view.cards, result.metadata.itemUid)) environment.navigate(address);
      else environment.load(address);
      return;
    }
    case 'update':
      environment.close();
      writePortalQuery({ tcuUid: result.metadata.topicId, itemUid: null, itemName: null });
      return;
    case 'faq':
      environment.close();
      writePortalQuery({ [knowledgeBaseEntryParameter]: result.id });
      return;
    case 'webpage':
      window.open(result.metadata.url, '_blank', 'noopener,noreferrer');
      return;
  }
}
