import { and, eq, notInArray } from 'drizzle-orm';
import { cardMessages } from '../../../shared/cards';
import { documentMessages } from '../../../shared/documents';
import type { Database } from '../../db/client';
import { itemFiles } from '../../db/schema';
import { listFilesOfOrganisation } from './queries';
import { invalid } from './staff-writes';

/**
 * Makes an item's linked files exactly `fileIds`, in order, inside the caller's transaction: a file
 * that is not the organisation's refuses the whole write, so nothing half-linked is ever committed.
 */
export async function replaceItemFiles(
  tx: Database,
  organisationId: string,
  itemId: string,
  fileIds: readonly string[],
): Promise<void> {
  if (new Set(fileIds).size !== fileIds.length) throw invalid('fileIds', cardMessages.duplicateItems);
  const owned = await listFilesOfOrganisation(tx, organisationId, [...fileIds]);
  if (owned.length !== fileIds.length) throw invalid('fileIds', documentMessages.fileNotFound);
  await tx
    .delete(itemFiles)
    .where(
      fileIds.length > 0
        ? and(eq(itemFiles.itemId, itemId), notInArray(itemFiles.fileId, [...fileIds]))
        : eq(itemFiles.itemId, itemId),
    );
  for (const [position, fileId] of fileIds.entries()) {
    await tx
      .insert(itemFiles)
      .values({ itemId, fileId, position })
      .onConflictDoUpdate({ target: [itemFiles.itemId, itemFiles.fileId], set: { position } });
  }
}
