import { type CardKind, canCardDo } from '../../../shared/card-kinds';
import { type CardView, cardMessages } from '../../../shared/cards';
import { listItemRows, setItemPositions } from './queries';
import {
  assertCanEdit,
  invalid,
  inWriteTransaction,
  lockProduct,
  mainCardView,
  recordChange,
  type WriteContext,
} from './staff-writes';

/** PATCH .../cards/:kind/items — the card's items in their new custom order, each exactly once. */
export async function updateItemOrder({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: { productId: string; kind: CardKind; items: string[] };
}): Promise<CardView> {
  assertCanEdit(ctx.viewer);
  if (!canCardDo(input.kind, 'reorderItems')) throw invalid('items', cardMessages.actionNotAllowed);
  if (new Set(input.items).size !== input.items.length) throw invalid('items', cardMessages.duplicateItems);
  return inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, ctx.viewer, input.productId);
    const onCard = new Set(
      (await listItemRows(db, product.id, { cardKind: input.kind })).map((row) => row.id),
    );
    const isExact = input.items.length === onCard.size && input.items.every((id) => onCard.has(id));
    if (!isExact) throw invalid('items', cardMessages.unknownItems);
    await setItemPositions(db, input.items);
    await recordChange(db, ctx.viewer, {
      action: 'card.items_reordered',
      target: `card:${product.id}:${input.kind}`,
      data: { items: input.items },
    });
    return mainCardView(db, ctx.viewer, product.id, input.kind);
  });
}
