import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { cardMessages } from '../../../shared/cards';
import { documentMessages, ItemFilesInput, type ItemFilesResult } from '../../../shared/documents';
import { AppError } from '../../../shared/errors';
import type { Context } from '../../context';
import { itemFiles } from '../../db/schema';
import { assertCanEdit, invalid, inWriteTransaction, lockProduct, recordChange } from '../cards/staff-writes';
import { findItemOfProduct, listFilesOfOrganisation } from './queries';

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
  if (new Set(fileIds).size !== fileIds.length) throw invalid('fileIds', cardMessages.duplicateItems);
  await inWriteTransaction(ctx, async (tx) => {
    await lockProduct(tx, ctx.viewer, productId);
    const item = await findItemOfProduct(tx, productId, itemUid);
    if (!item) throw new AppError('not_found', cardMessages.itemNotFound);
    if (item.cardKind === 'Documents' && fileIds.length === 0) {
      throw invalid('fileIds', documentMessages.uploadRequired);
    }
    const owned = await listFilesOfOrganisation(tx, ctx.viewer.organisation.id, fileIds);
    if (owned.length !== fileIds.length) throw invalid('fileIds', documentMessages.fileNotFound);
    await tx
      .delete(itemFiles)
      .where(
        fileIds.length > 0
          ? and(eq(itemFiles.itemId, itemUid), notInArray(itemFiles.fileId, fileIds))
          : eq(itemFiles.itemId, itemUid),
      );
    for (const [position, fileId] of fileIds.entries()) {
      await tx
        .insert(itemFiles)
        .values({ itemId: itemUid, fileId, position })
        .onConflictDoUpdate({ target: [itemFiles.itemId, itemFiles.fileId], set: { position } });
    }
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
