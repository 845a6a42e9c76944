import { documentMessages } from '../../../shared/documents';
import { AppError } from '../../../shared/errors';
import type { Context } from '../../context';
import type { FileAction } from '../../policy';
import { loadItemGrants } from '../../policy/item-grants';
import { recordDocumentAccess } from './access-events';
import { type DocumentBody, loadDocumentBody, resolveDocument } from './document-bodies';
import { canGetDocument } from './document-gate';

export type GetDocumentInput = {
  documentId: string;
  itemUid: string;
  action: FileAction;
  /** false for the follow-up range requests of one reading, so one reading is one event. */
  isNewAccess: boolean;
  ipAddress: string | null;
};

/**
 * A document of the documents card through the gate: not found when the viewer may not even view it
 * (its existence is not confirmed), 403 with the spec's text when it is view-only.
 */
export async function getDocument({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer' | 'providers'>;
  input: GetDocumentInput;
}): Promise<{ body: DocumentBody; isPublic: boolean }> {
  const { db, viewer } = ctx;
  const target = await resolveDocument(db, viewer.organisation.id, input.documentId, input.itemUid);
  if (!target) throw new AppError('not_found', documentMessages.fileNotFound);
  const grants = await loadItemGrants(db, viewer, target.item.productId);
  if (!canGetDocument(viewer, target, 'view', grants)) {
    throw new AppError('not_found', documentMessages.fileNotFound);
  }
  if (input.action === 'download' && !canGetDocument(viewer, target, 'download', grants)) {
    throw new AppError('forbidden', documentMessages.viewOnly(viewer.organisation.customisation.portalTitle));
  }
  const body = await loadDocumentBody({ storage: ctx.providers.storage, viewer }, target);
  if (input.isNewAccess) {
    await recordDocumentAccess(
      db,
      viewer,
      [
        {
          fileId: target.kind === 'file' ? target.file.id : null,
          itemId: target.item.id,
          action: input.action,
        },
      ],
      input.ipAddress,
    );
  }
  return { body, isPublic: target.item.isPublic };
}
