import { cardMessages } from '../../../shared/cards';
import { AppError } from '../../../shared/errors';
import { deleteItemRow, findItemRow } from './queries';
import {
  assertCanEdit,
  invalid,
  inWriteTransaction,
  lockProduct,
  recordChange,
  type WriteContext,
} from './staff-writes';

/** DELETE .../items/:itemUid — custom items only; built-in ones are switched to Not enabled instead. */
export async function deleteCustomItem({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: { productId: string; itemUid: string };
}): Promise<void> {
  assertCanEdit(ctx.viewer);
  await inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, ctx.viewer, input.productId);
    const item = await findItemRow(db, product.id, input.itemUid);
    if (!item) throw new AppError('not_found', cardMessages.itemNotFound);
    if (item.catalogueKey !== null) throw invalid('itemUid', cardMessages.catalogueItemNotDeletable);
    await deleteItemRow(db, item.id);
    await recordChange(db, ctx.viewer, {
      action: 'item.deleted',
      target: `item:${item.id}`,
      data: { productId: product.id, cardKind: item.cardKind, title: item.title },
    });
  });
}
