import { type ProductView, productMessages } from '../../../shared/console-admin';
import { AppError } from '../../../shared/errors';
import { assertCanEdit, inWriteTransaction, recordChange, type WriteContext } from '../cards';
import { clearDefaultProduct, lockProductsOfOrganisation, toProductView, updateProductRow } from './queries';

/** POST /api/products/:id/default: the product a portal opens with; exactly one, and shown. */
export async function setDefaultProduct({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: { productId: string };
}): Promise<ProductView> {
  assertCanEdit(ctx.viewer);
  return inWriteTransaction(ctx, async (db) => {
    const all = await lockProductsOfOrganisation(db, ctx.viewer.organisation.id);
    const product = all.find((row) => row.id === input.productId);
    if (!product) throw new AppError('product_not_found', productMessages.notFound);
    if (!product.isShown) {
      throw new AppError('validation_failed', productMessages.defaultHidden, {
        isDefault: productMessages.defaultHidden,
      });
    }
    const previous = all.find((row) => row.isDefault) ?? null;
    await clearDefaultProduct(db, product.organisationId);
    const updated = await updateProductRow(db, product.id, { isDefault: true });
    await recordChange(db, ctx.viewer, {
      action: 'product.default_set',
      target: `product:${product.id}`,
      data: { before: { defaultProductId: previous?.id ?? null }, after: { defaultProductId: product.id } },
    });
    return toProductView(updated);
  });
}
