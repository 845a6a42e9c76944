import { productOverviews } from '../../db/schema';
import { assertCanEdit, inWriteTransaction, lockProduct, recordChange, type WriteContext } from '../cards';

/** PUT .../overview — the overview card's text. */
export async function saveOverview({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: { productId: string; body: string };
}): Promise<{ body: string }> {
  const { viewer } = ctx;
  assertCanEdit(viewer);
  return inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, viewer, input.productId);
    await db
      .insert(productOverviews)
      .values({ productId: product.id, organisationId: product.organisationId, body: input.body })
      .onConflictDoUpdate({
        target: productOverviews.productId,
        set: { body: input.body, updatedAt: new Date() },
      });
    await recordChange(db, viewer, {
      action: 'overview.saved',
      target: `product:${product.id}`,
      data: { length: input.body.length },
    });
    return { body: input.body };
  });
}
