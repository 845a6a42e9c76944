import { OrderInput, type ProductView } from '../../../shared/console-admin';
import { listProducts } from '../../core';
import { assertCanEdit, inWriteTransaction, recordChange, type WriteContext } from '../cards';
import { lockProductsOfOrganisation, setProductPosition, toProductView } from './queries';
import { assertCompleteOrder } from './reorder';

/** PUT /api/products/order: the full list of product ids in their new order. */
export async function orderProducts({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: OrderInput;
}): Promise<ProductView[]> {
  assertCanEdit(ctx.viewer);
  const { ids } = OrderInput.parse(input);
  return inWriteTransaction(ctx, async (db) => {
    const all = await lockProductsOfOrganisation(db, ctx.viewer.organisation.id);
    assertCompleteOrder(all, ids);
    const before = [...all]
      .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
      .map((row) => row.id);
    for (const [position, id] of ids.entries()) await setProductPosition(db, id, position);
    await recordChange(db, ctx.viewer, {
      action: 'product.reordered',
      target: 'products',
      data: { before, after: ids },
    });
    return (await listProducts(db, ctx.viewer.organisation.id)).map(toProductView);
  });
}
