import type { CardView } from '../../../../shared/cards';
import type { PortalView } from '../../../../shared/portal';

export type RestrictedItem = { id: string; title: string; isHidden: boolean; isNotEnabled: boolean };
export type RestrictedCard = { kind: string; title: string; items: RestrictedItem[] };
export type ProductItems = { productId: string; productName: string; cards: RestrictedCard[] };

function restrictedCard(card: CardView): RestrictedCard | null {
  const items = card.items
    .filter((item) => !item.isPublic)
    .map((item) => ({
      id: item.itemUid,
      title: item.title.trim() || '(Untitled)',
      isHidden: item.isHidden,
      isNotEnabled: item.enabledState === 'NotEnabled',
    }));
  return items.length > 0 ? { kind: card.kind, title: card.title, items } : null;
}

/** Only restricted items can be granted by a profile; public ones reach everybody already. */
export function restrictedItemsOf(view: PortalView): ProductItems {
  return {
    productId: view.product.productId,
    productName: view.product.productName,
    cards: view.cards.map(restrictedCard).filter((card): card is RestrictedCard => card !== null),
  };
}
