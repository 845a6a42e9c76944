import { type CardKind, defaultCardOrder } from '../../../shared/card-kinds';
import { CardOrder, cardMessages } from '../../../shared/cards';
import { setCardPositions } from './queries';
import {
  assertCanEdit,
  invalid,
  inWriteTransaction,
  lockProduct,
  recordChange,
  type WriteContext,
} from './staff-writes';

/** PATCH .../products/:productId/cards — every grid card exactly once, in the new order. */
export async function updateCardOrder({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: { productId: string; cards: CardKind[] };
}): Promise<CardOrder> {
  assertCanEdit(ctx.viewer);
  const { cards } = CardOrder.parse({ cards: input.cards });
  const gridCards = new Set<CardKind>(defaultCardOrder);
  const isComplete =
    cards.length === gridCards.size &&
    new Set(cards).size === cards.length &&
    cards.every((kind) => gridCards.has(kind));
  if (!isComplete) throw invalid('cards', cardMessages.unknownCards);
  return inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, ctx.viewer, input.productId);
    await setCardPositions(db, product, cards);
    await recordChange(db, ctx.viewer, {
      action: 'product.cards_reordered',
      target: `product:${product.id}`,
      data: { cards },
    });
    return { cards };
  });
}
