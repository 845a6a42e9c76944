import { z } from 'zod';
import { BulkDownloadInput, type BulkDownloadResult, documentMessages } from '../../../shared/documents';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Context } from '../../context';
import { canSeeProduct } from '../../policy';
import { loadItemGrants } from '../../policy/item-grants';
import type { Viewer } from '../../policy/viewer';
import { findProductOfOrganisation } from '../cards';
import { recordDocumentAccess } from './access-events';
import { viewerQuery } from './build-documents-view';
import { catalogueHash, signBulkDownload, verifyBulkDownload } from './bulk-download-tokens';
import { isCompressedType } from './detect-file-type';
import { letterFileName, loadDocumentBody } from './document-bodies';
import { canGetDocument, type DocumentTarget, documentId } from './document-gate';
import { listProductDocumentRows } from './queries';
import type { ZipEntry } from './zip-stream';

type BulkContext = Pick<Context, 'db' | 'viewer' | 'providers'>;

function assertBulkDownloadEnabled(viewer: Viewer) {
  if (!viewer.organisation.customisation.bulkDownloadEnabled) {
    throw new AppError('forbidden', messages.forbidden);
  }
}

/** Every document of the product in a stable order: the list a download URL's bitmap points into. */
async function loadCatalogue(db: BulkContext['db'], viewer: Viewer, productId: string) {
  const product = await findProductOfOrganisation(db, viewer.organisation.id, productId);
  if (!product || !canSeeProduct(viewer, product)) {
    throw new AppError('product_not_found', messages.productNotFound);
  }
  const { fileRows, letterRows } = await listProductDocumentRows(db, viewer.organisation.id, productId);
  const targets: DocumentTarget[] = [
    ...fileRows.map((row) => ({ kind: 'file' as const, file: row.file, item: row.item })),
    ...letterRows.map((row) => ({ kind: 'letter' as const, letter: row.letter, item: row.item })),
  ];
  const keys = targets.map((target) => `${target.kind}:${target.item.id}:${documentId(target)}`);
  return { targets, keys, hash: catalogueHash(keys) };
}

/**
 * Checks every requested entry against the gate (download): unknown ids, duplicates, files not on
 * that item, a wrong generated flag and forbidden ones fail; the rest go into a signed, expiring URL.
 */
export async function prepareBulkDownload({
  ctx,
  input,
}: {
  ctx: BulkContext;
  input: z.input<typeof BulkDownloadInput>;
}): Promise<BulkDownloadResult> {
  const { viewer } = ctx;
  assertBulkDownloadEnabled(viewer);
  const { files, productId } = BulkDownloadInput.parse(input);
  const { targets, hash } = await loadCatalogue(ctx.db, viewer, productId);
  const grants = await loadItemGrants(ctx.db, viewer, productId);
  const byKey = new Map(
    targets.map((target, index) => [`${target.item.id}:${documentId(target)}`, { target, index }]),
  );
  const failedFileIds: string[] = [];
  const selected = new Set<number>();
  for (const entry of files) {
    const found = byKey.get(`${entry.itemUid}:${entry.fileId}`);
    const isAllowed =
      found !== undefined &&
      !selected.has(found.index) &&
      (found.target.kind === 'letter') === entry.generated &&
      canGetDocument(viewer, found.target, 'download', grants);
    if (isAllowed) selected.add(found.index);
    else failedFileIds.push(entry.fileId);
  }
  if (selected.size === 0) return { failedFileIds, successCount: 0, fileUrl: null };
  const token = await signBulkDownload(ctx.db, viewer, {
    productId,
    catalogue: hash,
    selected: [...selected],
  });
  const query = viewerQuery(viewer);
  return {
    failedFileIds,
    successCount: selected.size,
    fileUrl: `/api/statuspage/share/${viewer.organisation.slug}/bulk-download/file?token=${token}${query}`,
  };
}

const BulkFileInput = z.object({ token: z.string().min(1), ipAddress: z.string().nullable() });

/** File names as they go into the zip: no path characters, '(Untitled)' for none, ' (2)' for repeats. */
export function zipEntryNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters never go into a zip name
    const name = raw.replace(/[/\\\x00-\x1f\x7f]/g, '-').trim() || documentMessages.untitled;
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let copy = 2; used.has(candidate.toLowerCase()); copy++) candidate = `${stem} (${copy})${extension}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * Opens a signed bulk-download URL: the viewer fetching it must be the one it was made for, and
 * every entry is checked against the gate again (access may have been lost since). Entries open lazily.
 */
export async function openBulkDownload({
  ctx,
  input,
}: {
  ctx: BulkContext;
  input: z.input<typeof BulkFileInput>;
}): Promise<{ fileName: string; entries: ZipEntry[] }> {
  const { viewer } = ctx;
  const { token, ipAddress } = BulkFileInput.parse(input);
  const selection = await verifyBulkDownload(ctx.db, viewer, token);
  if (!selection) throw new AppError('token_invalid', documentMessages.linkExpired);
  assertBulkDownloadEnabled(viewer);
  const { targets, hash } = await loadCatalogue(ctx.db, viewer, selection.productId);
  if (hash !== selection.catalogue) throw new AppError('token_invalid', documentMessages.linkExpired);
  const grants = await loadItemGrants(ctx.db, viewer, selection.productId);
  const allowed = selection.selected
    .map((index) => targets[index])
    .filter((target): target is DocumentTarget => target !== undefined)
    .filter((target) => canGetDocument(viewer, target, 'download', grants));
  if (allowed.length === 0) throw new AppError('not_found', documentMessages.fileNotFound);
  await recordDocumentAccess(
    ctx.db,
    viewer,
    allowed.map((target) => ({
      fileId: target.kind === 'file' ? target.file.id : null,
      itemId: target.item.id,
      action: 'bulk_download' as const,
    })),
    ipAddress,
  );
  const organisationName = viewer.organisation.name;
  const names = zipEntryNames(
    allowed.map((target) =>
      target.kind === 'file' ? target.file.originalName : letterFileName(target.letter, organisationName),
    ),
  );
  const storage = ctx.providers.storage;
  const entries = allowed.map((target, index): ZipEntry => {
    const contentType = target.kind === 'file' ? target.file.contentType : 'application/pdf';
    return {
      name: names[index]!,
      modifiedAt: target.kind === 'file' ? target.file.updatedAt : target.letter.updatedAt,
      store: isCompressedType(contentType),
      open: async () => (await loadDocumentBody({ storage, viewer }, target)).open(),
    };
  });
  return { fileName: `${viewer.organisation.slug}-documents.zip`, entries };
}
