import { LibraryFile } from '../../../shared/documents';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Context } from '../../context';
import type { Database } from '../../db/client';
import { canUseConsole, hasStaffPermission } from '../../policy';
import { type FileRow, listLibraryFileRows } from './queries';

type LinkRow = { fileId: string; itemUid: string; title: string; productId: string };
type RefusalRow = { fileId: string; reason: string | null };

export function libraryFileContentUrl(fileId: string, disposition: 'inline' | 'attachment'): string {
  return `/api/documents/${fileId}/content?disposition=${disposition}`;
}

function toLibraryFile(file: FileRow, links: LinkRow[], refusals: RefusalRow[]): LibraryFile {
  const refusal = refusals.find((row) => row.fileId === file.id);
  return LibraryFile.parse({
    id: file.id,
    title: file.title,
    originalName: file.originalName,
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
    sha256: file.sha256,
    accessType: file.accessType,
    linkedItems: links
      .filter((link) => link.fileId === file.id)
      .map(({ itemUid, title, productId }) => ({ itemUid, title, productId })),
    createdAt: file.createdAt.toISOString(),
    viewUrl: libraryFileContentUrl(file.id, 'inline'),
    downloadUrl: libraryFileContentUrl(file.id, 'attachment'),
    // A failed row always has a reason; "unreadable" covers a row written before reasons were kept.
    textRefusal: refusal ? (refusal.reason ?? 'unreadable') : null,
  });
}

export async function getLibraryFileById(db: Database, organisationId: string, fileId: string) {
  const { fileRows, linkRows, refusalRows } = await listLibraryFileRows(db, organisationId);
  const file = fileRows.find((row) => row.id === fileId);
  return file ? toLibraryFile(file, linkRows, refusalRows) : null;
}

/** The organisation's library, newest last; staff with files:view (the picker and the documents page). */
export async function listLibraryFiles({ ctx }: { ctx: Pick<Context, 'db' | 'viewer'> }) {
  if (!canUseConsole(ctx.viewer) || !hasStaffPermission(ctx.viewer, 'files:view')) {
    throw new AppError('forbidden', messages.forbidden);
  }
  const { fileRows, linkRows, refusalRows } = await listLibraryFileRows(ctx.db, ctx.viewer.organisation.id);
  return { files: fileRows.map((file) => toLibraryFile(file, linkRows, refusalRows)) };
}
