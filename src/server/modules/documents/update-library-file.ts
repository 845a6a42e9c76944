import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { documentMessages, type LibraryFile, UpdateLibraryFileInput } from '../../../shared/documents';
import { AppError } from '../../../shared/errors';
import type { Context } from '../../context';
import { files } from '../../db/schema';
import { assertCanEdit, inWriteTransaction, recordChange } from '../cards';
import { getLibraryFileById } from './list-library-files';

const Input = UpdateLibraryFileInput.extend({ fileId: z.string().uuid() });

/** Renames a file or sets its own access type (null follows the organisation's setting). */
export async function updateLibraryFile({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer' | 'providers'>;
  input: z.input<typeof Input>;
}): Promise<LibraryFile> {
  assertCanEdit(ctx.viewer);
  const { fileId, title, accessType } = Input.parse(input);
  const organisationId = ctx.viewer.organisation.id;
  await inWriteTransaction(ctx, async (tx) => {
    const [updated] = await tx
      .update(files)
      .set({
        ...(title !== undefined ? { title } : {}),
        ...(accessType !== undefined ? { accessType } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(files.id, fileId), eq(files.organisationId, organisationId)))
      .returning({ id: files.id });
    if (!updated) throw new AppError('not_found', documentMessages.fileNotFound);
    await recordChange(tx, ctx.viewer, {
      action: 'document.update',
      target: fileId,
      data: { title, accessType },
    });
  });
  return (await getLibraryFileById(ctx.db, organisationId, fileId))!;
}
