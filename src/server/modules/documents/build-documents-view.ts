import { type DocumentFileView, DocumentsView } from '../../../shared/documents';
import type { Context } from '../../context';
import type { ItemGrants } from '../../policy';
import { loadItemGrants } from '../../policy/item-grants';
import type { Viewer } from '../../policy/viewer';
import { letterFileName, renderLetterBytes } from './document-bodies';
import { canGetDocument, type DocumentTarget } from './document-gate';
import { listEncryptedFileIds, listProductDocumentRows } from './queries';

/** Preview identity travels with every document URL, so the file is gated as the page was. */
export function viewerQuery(viewer: Viewer): string {
  if (viewer.mode !== 'preview' || !viewer.preview) return '';
  const { accountId, permissionProfileId } = viewer.preview;
  const params = new URLSearchParams();
  if (accountId) params.set('accountId', accountId);
  if (permissionProfileId) params.set('permissionProfileId', permissionProfileId);
  if (!accountId && !permissionProfileId) params.set('preview', 'public');
  return `&${params.toString()}`;
}

export function documentUrl(
  viewer: Viewer,
  target: { documentId: string; itemUid: string },
  disposition: 'inline' | 'attachment',
): string {
  return `/api/statuspage/share/${viewer.organisation.slug}/documents/${target.documentId}?itemUid=${target.itemUid}&disposition=${disposition}${viewerQuery(viewer)}`;
}

const kindOrder = { file: 0, letter: 1 } as const;

/** Every document of the product the gate lets this viewer view, with whether it may be downloaded. */
export async function listViewableDocuments(
  ctx: Pick<Context, 'db' | 'viewer'>,
  productId: string,
  grants?: ItemGrants,
): Promise<DocumentTarget[]> {
  const { viewer } = ctx;
  const itemGrants = grants ?? (await loadItemGrants(ctx.db, viewer, productId));
  const { fileRows, letterRows } = await listProductDocumentRows(ctx.db, viewer.organisation.id, productId);
  const targets: DocumentTarget[] = [
    ...fileRows.map((row) => ({ kind: 'file' as const, file: row.file, item: row.item })),
    ...letterRows.map((row) => ({ kind: 'letter' as const, letter: row.letter, item: row.item })),
  ];
  return targets.filter((target) => canGetDocument(viewer, target, 'view', itemGrants));
}

/**
 * PortalView.documents: files of items the viewer may read (never a locked item's), featured ones
 * first in their order, then files before letters, then by title.
 */
export async function buildDocumentsView(
  ctx: Pick<Context, 'db' | 'viewer'>,
  productId: string,
): Promise<DocumentsView> {
  const { viewer } = ctx;
  const grants = await loadItemGrants(ctx.db, viewer, productId);
  const targets = await listViewableDocuments(ctx, productId, grants);
  const encryptedFileIds = await listEncryptedFileIds(
    ctx.db,
    targets.flatMap((target) => (target.kind === 'file' ? [target.file.id] : [])),
  );
  const files: (DocumentFileView & { featuredPosition: number | null })[] = [];
  for (const target of targets) {
    const canDownload = canGetDocument(viewer, target, 'download', grants);
    const documentId = target.kind === 'file' ? target.file.id : target.letter.id;
    const link = { documentId, itemUid: target.item.id };
    const shared = {
      fileId: documentId,
      itemUid: target.item.id,
      kind: target.kind,
      canDownload,
      viewUrl: documentUrl(viewer, link, 'inline'),
      downloadUrl: canDownload ? documentUrl(viewer, link, 'attachment') : null,
      featuredPosition: target.item.cardKind === 'Documents' ? target.item.featuredPosition : null,
    };
    if (target.kind === 'file') {
      files.push({
        ...shared,
        title: target.file.title,
        originalName: target.file.originalName,
        contentType: target.file.contentType,
        sizeBytes: target.file.sizeBytes,
        isEncrypted: encryptedFileIds.has(target.file.id),
      });
    } else {
      const bytes = await renderLetterBytes(target.letter, viewer.organisation.name);
      files.push({
        ...shared,
        title: target.letter.title,
        originalName: letterFileName(target.letter, viewer.organisation.name),
        contentType: 'application/pdf',
        sizeBytes: bytes.length,
        isEncrypted: false,
      });
    }
  }
  files.sort(
    (a, b) =>
      (a.featuredPosition ?? Number.MAX_SAFE_INTEGER) - (b.featuredPosition ?? Number.MAX_SAFE_INTEGER) ||
      kindOrder[a.kind] - kindOrder[b.kind] ||
      a.title.localeCompare(b.title),
  );
  const featuredItemUids = [
    ...new Set(files.filter((file) => file.featuredPosition !== null).map((file) => file.itemUid)),
  ];
  return DocumentsView.parse({
    featuredItemUids,
    files: files.map(({ featuredPosition: _featuredPosition, ...file }) => file),
  });
}
