import type { CardKind } from '../../../shared/card-kinds';
import { specialisedMessages } from '../../../shared/specialised-cards';
import type { Database } from '../../db/client';
import { findItemRow, invalid } from '../cards';

/** An item of the product on the named card, or a 400 naming the item. */
export async function findCardItem(db: Database, productId: string, itemUid: string, kind: CardKind) {
  const item = await findItemRow(db, productId, itemUid);
  if (!item || item.cardKind !== kind) throw invalid('itemUid', specialisedMessages.notSpecialisedItem);
  return item;
}
