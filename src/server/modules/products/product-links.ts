import {
  CreateProductLinkInput,
  OrderInput,
  type ProductLinkView,
  productMessages,
  UpdateProductLinkInput,
} from '../../../shared/console-admin';
import { AppError } from '../../../shared/errors';
import { listProductLinks } from '../../core';
import { assertCanEdit, inWriteTransaction, recordChange, type WriteContext } from '../cards';
import {
  deleteLinkRow,
  findLinkOfOrganisation,
  insertLink,
  lockLinksOfOrganisation,
  nextLinkPosition,
  setLinkPosition,
  toProductLinkView,
  updateLinkRow,
} from './queries';
import { assertCompleteOrder } from './reorder';

const linkFields = (row: { name: string; link: string; isShown: boolean }) => ({
  name: row.name,
  link: row.link,
  isShown: row.isShown,
});

/** POST /api/product-links: a shown link at the end of the list. */
export async function createProductLink({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: CreateProductLinkInput;
}): Promise<ProductLinkView> {
  assertCanEdit(ctx.viewer);
  const value = CreateProductLinkInput.parse(input);
  const organisationId = ctx.viewer.organisation.id;
  return inWriteTransaction(ctx, async (db) => {
    await lockLinksOfOrganisation(db, organisationId);
    const link = await insertLink(db, {
      organisationId,
      ...value,
      position: await nextLinkPosition(db, organisationId),
    });
    await recordChange(db, ctx.viewer, {
      action: 'product_link.created',
      target: `product_link:${link.id}`,
      data: { after: linkFields(link) },
    });
    return toProductLinkView(link);
  });
}

/** PATCH /api/product-links/:id: name, URL, shown. */
export async function updateProductLink({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: { linkId: string; change: UpdateProductLinkInput };
}): Promise<ProductLinkView> {
  assertCanEdit(ctx.viewer);
  const change = UpdateProductLinkInput.parse(input.change);
  return inWriteTransaction(ctx, async (db) => {
    const link = await findLinkOfOrganisation(db, ctx.viewer.organisation.id, input.linkId);
    if (!link) throw new AppError('not_found', productMessages.linkNotFound);
    const updated = await updateLinkRow(db, link.id, change);
    await recordChange(db, ctx.viewer, {
      action: 'product_link.updated',
      target: `product_link:${link.id}`,
      data: { before: linkFields(link), after: linkFields(updated) },
    });
    return toProductLinkView(updated);
  });
}

/** DELETE /api/product-links/:id */
export async function deleteProductLink({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: { linkId: string };
}): Promise<void> {
  assertCanEdit(ctx.viewer);
  await inWriteTransaction(ctx, async (db) => {
    const link = await findLinkOfOrganisation(db, ctx.viewer.organisation.id, input.linkId);
    if (!link) throw new AppError('not_found', productMessages.linkNotFound);
    await deleteLinkRow(db, link.id);
    await recordChange(db, ctx.viewer, {
      action: 'product_link.deleted',
      target: `product_link:${link.id}`,
      data: { before: linkFields(link) },
    });
  });
}

/** PUT /api/product-links/order: the full list of link ids in their new order. */
export async function orderProductLinks({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: OrderInput;
}): Promise<ProductLinkView[]> {
  assertCanEdit(ctx.viewer);
  const { ids } = OrderInput.parse(input);
  return inWriteTransaction(ctx, async (db) => {
    const all = await lockLinksOfOrganisation(db, ctx.viewer.organisation.id);
    assertCompleteOrder(all, ids);
    const before = [...all]
      .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
      .map((row) => row.id);
    for (const [position, id] of ids.entries()) await setLinkPosition(db, id, position);
    await recordChange(db, ctx.viewer, {
      action: 'product_link.reordered',
      target: 'product_links',
      data: { before, after: ids },
    });
    return (await listProductLinks(db, ctx.viewer.organisation.id)).map(toProductLinkView);
  });
}
