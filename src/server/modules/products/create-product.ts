import { CreateProductInput, type ProductView, productMessages } from '../../../shared/console-admin';
import { AppError } from '../../../shared/errors';
import {
  assertCanEdit,
  inWriteTransaction,
  materialiseCatalogue,
  recordChange,
  type WriteContext,
} from '../cards';
import { insertProduct, nextProductPosition, toProductView } from './queries';

/** POST /api/products: a new, shown product at the end of the list, with the catalogue's cards. */
export async function createProduct({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: CreateProductInput;
}): Promise<ProductView> {
  assertCanEdit(ctx.viewer);
  const value = CreateProductInput.parse(input);
  const organisationId = ctx.viewer.organisation.id;
  return inWriteTransaction(ctx, async (db) => {
    const product = await insertProduct(db, {
      organisationId,
      name: value.name,
      slug: value.slug,
      position: await nextProductPosition(db, organisationId),
    });
    if (!product)
      throw new AppError('conflict', productMessages.slugTaken, { slug: productMessages.slugTaken });
    await materialiseCatalogue(db, product.id);
    await recordChange(db, ctx.viewer, {
      action: 'product.created',
      target: `product:${product.id}`,
      data: { after: { name: product.name, slug: product.slug } },
    });
    return toProductView(product);
  });
}
