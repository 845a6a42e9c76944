import { and, eq } from 'drizzle-orm';
import { documentMessages } from '../../../shared/documents';
import { AppError } from '../../../shared/errors';
import type { Context } from '../../context';
import { files } from '../../db/schema';
import { assertCanEdit, inWriteTransaction, recordChange } from '../cards';

/** Removes the file, its item links (cascade) and, after the commit, its stored bytes. */
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
    const [deleted] = await tx
      .delete(files)
      .where(and(eq(files.id, input.fileId), eq(files.organisationId, organisationId)))
      .returning({ storageKey: files.storageKey, originalName: files.originalName });
    if (!deleted) throw new AppError('not_found', documentMessages.fileNotFound);
    await recordChange(tx, ctx.viewer, {
      action: 'document.delete',
      target: input.fileId,
      data: { name: deleted.originalName },
    });
    return deleted.storageKey;
  });
  await ctx.providers.storage.delete(storageKey);
}
