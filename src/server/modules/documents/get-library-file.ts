import { documentMessages } from '../../../shared/documents';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Context } from '../../context';
import { canGetFile, canUseConsole, type FileAction, noItemGrants } from '../../policy';
import { recordDocumentAccess } from './access-events';
import { type DocumentBody, findLibraryFileBody } from './document-bodies';

/** Staff open a library file in the console: files:view to view, files:download to download. */
export async function getLibraryFile({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer' | 'providers'>;
  input: { fileId: string; action: FileAction; isNewAccess: boolean; ipAddress: string | null };
}): Promise<DocumentBody> {
  const { db, viewer } = ctx;
  if (!canUseConsole(viewer)) throw new AppError('forbidden', messages.forbidden);
  const found = await findLibraryFileBody(db, ctx.providers.storage, viewer.organisation.id, input.fileId);
  if (!found) throw new AppError('not_found', documentMessages.fileNotFound);
  if (!canGetFile(viewer, null, { accessType: found.file.accessType }, input.action, noItemGrants)) {
    throw new AppError('forbidden', messages.forbidden);
  }
  if (input.isNewAccess) {
    await recordDocumentAccess(
      db,
      viewer,
      [{ fileId: found.file.id, itemId: null, action: input.action }],
      input.ipAddress,
    );
  }
  return found.body;
}
