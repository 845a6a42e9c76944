import { type ProductView, productMessages, UpdateProductInput } from '../../../shared/console-admin';
import { AppError } from '../../../shared/errors';
import { assertCanEdit, inWriteTransaction, lockProduct, recordChange, type WriteContext } from '../cards';
import { findProductBySlug, toProductView, updateProductRow } from './queries';

/** PATCH /api/products/:id: rename, change the slug, show or hide (never the default product). */
export async function updateProduct({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: { productId: string; change: UpdateProductInput };
}): Promise<ProductView> {
  assertCanEdit(ctx.viewer);
  const change = UpdateProductInput.parse(input.change);
  return inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, ctx.viewer, input.productId);
    if (change.isShown === false && product.isDefault) {
      throw new AppError('validation_failed', productMessages.hideDefault, {
        isShown: productMessages.hideDefault,
      });
    }
    if (change.slug !== undefined && change.slug !== product.slug) {
      const taken = await findProductBySlug(db, product.organisationId, change.slug);
      if (taken)
        throw new AppError('conflict', productMessages.slugTaken, { slug: productMessages.slugTaken });
    }
    const updated = await updateProductRow(db, product.id, change);
    await recordChange(db, ctx.viewer, {
      action: 'product.updated',
      target: `product:${product.id}`,
      data: {
        before: { name: product.name, slug: product.slug, isShown: product.isShown },
        after: { name: updated.name, slug: updated.slug, isShown: updated.isShown },
      },
    });
    return toProductView(updated);
  });
}
