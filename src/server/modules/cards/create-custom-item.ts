import { type CardKind, canCardDo } from '../../../shared/card-kinds';
import { CustomItemCreate, cardMessages, ItemTitle, type ItemView } from '../../../shared/cards';
import { documentMessages } from '../../../shared/documents';
import { toItemView } from './card-views';
import { insertItemRow, listItemRows, loadItemSlugs } from './queries';
import { replaceItemFiles } from './replace-item-files';
import {
  assertCanEdit,
  invalid,
  inWriteTransaction,
  lockProduct,
  recordChange,
  type WriteContext,
} from './staff-writes';

/**
 * POST .../cards/:kind/items — a custom item, enabled, after the card's last item. It may start
 * untitled (the editor names it on the next save); untitled items reach Main mode only. Files sent
 * with it are linked in the same transaction; a documents card item is refused without one.
 */
export async function createCustomItem({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: { productId: string; kind: CardKind; title?: string; fileIds?: string[] };
}): Promise<ItemView> {
  const { viewer } = ctx;
  assertCanEdit(viewer);
  if (!canCardDo(input.kind, 'customItems')) throw invalid('kind', cardMessages.customItemsNotAllowed);
  const { title, fileIds } = CustomItemCreate.parse({ title: input.title, fileIds: input.fileIds });
  if (title !== '' && !ItemTitle.safeParse(title).success)
    throw invalid('title', cardMessages.itemTitleLength);
  if (input.kind === 'Documents' && fileIds.length === 0)
    throw invalid('fileIds', documentMessages.uploadRequired);
  return inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, viewer, input.productId);
    const positions = (await listItemRows(db, product.id, { cardKind: input.kind }))
      .map((row) => row.position)
      .filter((position): position is number => position !== null);
    const row = await insertItemRow(db, {
      organisationId: product.organisationId,
      productId: product.id,
      cardKind: input.kind,
      title,
      enabledState: 'Enabled',
      position: positions.length > 0 ? Math.max(...positions) + 1 : null,
      modifiedAt: new Date(),
      modifiedByStaffUserId: viewer.staff?.id ?? null,
    });
    await replaceItemFiles(db, product.organisationId, row.id, fileIds);
    await recordChange(db, viewer, {
      action: 'item.created',
      target: `item:${row.id}`,
      data: {
        productId: product.id,
        cardKind: input.kind,
        title,
        ...(fileIds.length > 0 ? { fileIds } : {}),
      },
    });
    const slug = (await loadItemSlugs(db, product.id)).get(row.id) ?? row.id;
    return toItemView({ ...row, modifiedByName: viewer.staff?.name ?? null }, true, slug);
  });
}
