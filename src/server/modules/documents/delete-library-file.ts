import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { documentMessages } from '../../../shared/documents';
import { AppError } from '../../../shared/errors';
import type { Context } from '../../context';
import type { Database } from '../../db/client';
import { files, itemFiles, items, products } from '../../db/schema';
import type { Viewer } from '../../policy/viewer';
import { assertCanEdit, inWriteTransaction, lockProduct, recordChange } from '../cards';

/**
 * Removes the file, its item links (cascade) and, after the commit, its stored bytes. Refused with a
 * 409 naming them when a documents item would be left without any file (spec 2 §5: a documents item
 * needs a file); nothing is changed then.
 */
export async function deleteLibraryFile({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer' | 'providers'>;
  input: { fileId: string };
}): Promise<void> {
  assertCanEdit(ctx.viewer);
  const organisationId = ctx.viewer.organisation.id;
  const storageKey = await inWriteTransaction(ctx, async (tx) => {
    // The file row locked first: no new link to it can be made until this transaction ends.
    const [file] = await tx
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.id, input.fileId), eq(files.organisationId, organisationId)))
      .for('update');
    if (!file) throw new AppError('not_found', documentMessages.fileNotFound);
    const stranded = await findItemsOnlyThisFileServes(tx, ctx.viewer, input.fileId);
    if (stranded.length > 0) {
      const isOneProduct = new Set(stranded.map((item) => item.productId)).size === 1;
      const titles = stranded.map((item) => {
        const title = item.title.trim() || documentMessages.untitled;
        return isOneProduct ? title : `${title} (${item.productName})`;
      });
      throw new AppError('conflict', documentMessages.onlyFileOfItems(titles));
    }
    const [deleted] = await tx
      .delete(files)
      .where(and(eq(files.id, input.fileId), eq(files.organisationId, organisationId)))
      .returning({ storageKey: files.storageKey, originalName: files.originalName });
    await recordChange(tx, ctx.viewer, {
      action: 'document.delete',
      target: input.fileId,
      data: { name: deleted!.originalName },
    });
    return deleted!.storageKey;
  });
  await ctx.providers.storage.delete(storageKey);
}

/**
 * The documents items linked to this file and to no other one. Their products are locked (in id
 * order) before the count, as item file edits lock them, so no concurrent unlink slips in between.
 */
async function findItemsOnlyThisFileServes(tx: Database, viewer: Viewer, fileId: string) {
  const linked = await tx
    .select({ id: items.id, title: items.title, productId: items.productId, productName: products.name })
    .from(itemFiles)
    .innerJoin(items, eq(items.id, itemFiles.itemId))
    .innerJoin(products, eq(products.id, items.productId))
    .where(
      and(
        eq(itemFiles.fileId, fileId),
        eq(items.organisationId, viewer.organisation.id),
        eq(items.cardKind, 'Documents'),
      ),
    )
    .orderBy(asc(products.name), asc(items.title));
  if (linked.length === 0) return [];
  for (const productId of [...new Set(linked.map((item) => item.productId))].sort()) {
    await lockProduct(tx, viewer, productId);
  }
  const served = await tx
    .selectDistinct({ itemId: itemFiles.itemId })
    .from(itemFiles)
    .where(
      and(
        inArray(
          itemFiles.itemId,
          linked.map((item) => item.id),
        ),
        ne(itemFiles.fileId, fileId),
      ),
    );
  const servedIds = new Set(served.map((row) => row.itemId));
  return linked.filter((item) => !servedIds.has(item.id));
}
