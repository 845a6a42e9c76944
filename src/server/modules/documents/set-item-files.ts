import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { cardMessages } from '../../../shared/cards';
import { documentMessages, ItemFilesInput, type ItemFilesResult } from '../../../shared/documents';
import { AppError } from '../../../shared/errors';
import type { Context } from '../../context';
import { itemFiles } from '../../db/schema';
import {
  assertCanEdit,
  invalid,
  inWriteTransaction,
  lockProduct,
  recordChange,
  replaceItemFiles,
} from '../cards';
import { findItemOfProduct } from './queries';

const Input = ItemFilesInput.extend({ productId: z.string().uuid(), itemUid: z.string().uuid() });

/** Applies an item's pending links and unlinks at once: the item ends up with exactly these files, in order. */
export async function setItemFiles({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer' | 'providers'>;
  input: z.input<typeof Input>;
}): Promise<ItemFilesResult> {
  assertCanEdit(ctx.viewer);
  const { productId, itemUid, fileIds } = Input.parse(input);
  await inWriteTransaction(ctx, async (tx) => {
    await lockProduct(tx, ctx.viewer, productId);
    const item = await findItemOfProduct(tx, productId, itemUid);
    if (!item) throw new AppError('not_found', cardMessages.itemNotFound);
    if (item.cardKind === 'Documents' && fileIds.length === 0) {
      throw invalid('fileIds', documentMessages.uploadRequired);
    }
    await replaceItemFiles(tx, ctx.viewer.organisation.id, itemUid, fileIds);
    await recordChange(tx, ctx.viewer, { action: 'item.files', target: itemUid, data: { fileIds } });
  });
  const rows = await ctx.db
    .select({ fileId: itemFiles.fileId, position: itemFiles.position })
    .from(itemFiles)
    .where(
      fileIds.length > 0
        ? and(eq(itemFiles.itemId, itemUid), inArray(itemFiles.fileId, fileIds))
        : eq(itemFiles.itemId, itemUid),
    );
  return { itemUid, fileIds: rows.sort((a, b) => a.position - b.position).map((row) => row.fileId) };
}
