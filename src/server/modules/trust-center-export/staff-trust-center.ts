import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { documentLimits, documentMessages } from '../../../shared/documents';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import {
  type MissingDocumentList,
  type TrustCenterImportSummary,
  trustCenterMessages,
} from '../../../shared/trust-center-export';
import type { Context } from '../../context';
import { insertAuditEntry, publishOrganisationChanged, requireRecentSecondFactor } from '../../core';
import { files } from '../../db/schema';
import { type ReceivedUpload, UploadTooLargeError, withReceivedUpload } from '../../net/receive-upload';
import { hasStaffPermission } from '../../policy';
import type { Viewer } from '../../policy/viewer';
import { detectAllowedType, enqueueTextExtraction, uploadTooLarge } from '../documents';
import { exportTrustCenter, serialiseTrustCenter } from './export-trust-center';
import { importTrustCenterText, TrustCenterImportError } from './import-trust-center';
import { decodeUtf8 } from './parse-trust-center-file';

type StaffContext = Pick<Context, 'db' | 'viewer' | 'providers' | 'config'>;

/** The whole trust center, settings and access rules: staff who may edit the portal. */
function assertCanExport(viewer: Viewer) {
  if (!viewer.staff || !hasStaffPermission(viewer, 'statuspage:edit')) {
    throw new AppError('forbidden', messages.forbidden);
  }
}

/** An import also replaces the logo, banners and icons: statuspage:edit and assets:edit. */
function assertCanImport(viewer: Viewer) {
  assertCanExport(viewer);
  if (!hasStaffPermission(viewer, 'assets:edit')) throw new AppError('forbidden', messages.forbidden);
}

/** GET /api/trust-center/export: the file, its name and type; the download is in the audit log. */
export async function exportTrustCenterForStaff({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: { format: 'json' | 'yaml' };
}): Promise<{ body: string; fileName: string; contentType: string }> {
  assertCanExport(ctx.viewer);
  await requireRecentSecondFactor(ctx);
  const organisation = ctx.viewer.organisation;
  const now = new Date();
  const file = await exportTrustCenter(ctx.db, organisation.id, { publicUrl: ctx.config.publicUrl, now });
  if (!file) throw new AppError('organisation_not_found', messages.organisationNotFound);
  await insertAuditEntry(ctx.db, {
    organisationId: organisation.id,
    actorStaffUserId: ctx.viewer.staff?.id ?? null,
    action: 'trust_center.exported',
    target: `organisation:${organisation.id}`,
    data: { format: input.format },
  });
  return {
    body: serialiseTrustCenter(file, input.format),
    fileName: `trust-center-${organisation.slug}-${now.toISOString().slice(0, 10)}.${input.format}`,
    contentType:
      input.format === 'json' ? 'application/json; charset=utf-8' : 'application/yaml; charset=utf-8',
  };
}

/**
 * POST /api/trust-center/import: the file is the body. Into this (still empty) organisation, all or
 * nothing; documents come as metadata and their bytes are uploaded one by one afterwards.
 */
export async function importTrustCenterForStaff({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: { body: Buffer; fileName?: string; contentType?: string };
}): Promise<TrustCenterImportSummary> {
  assertCanImport(ctx.viewer);
  const text = decodeUtf8(input.body);
  if (text === null) {
    throw new TrustCenterImportError([
      { line: null, column: null, path: '', message: trustCenterMessages.notUtf8 },
    ]);
  }
  const organisationId = ctx.viewer.organisation.id;
  const { organisationId: _id, ...summary } = await importTrustCenterText(
    { db: ctx.db, storage: ctx.providers.storage },
    { organisationId },
    { text, fileName: input.fileName, contentType: input.contentType },
    { staffUserId: ctx.viewer.staff?.id ?? null, via: 'console' },
  );
  ctx.providers.cache.invalidate(organisationId);
  return summary;
}

/** Documents whose bytes are not in storage (imported as metadata), for the console to ask for. */
export async function listMissingDocuments({ ctx }: { ctx: StaffContext }): Promise<MissingDocumentList> {
  assertCanExport(ctx.viewer);
  const rows = await ctx.db
    .select()
    .from(files)
    .where(eq(files.organisationId, ctx.viewer.organisation.id))
    .orderBy(files.createdAt, files.id);
  const documents: MissingDocumentList['documents'] = [];
  for (const row of rows) {
    if (await ctx.providers.storage.exists(row.storageKey)) continue;
    documents.push({
      fileId: row.id,
      title: row.title,
      originalName: row.originalName,
      contentType: row.contentType,
      sizeBytes: row.sizeBytes,
      sha256: row.sha256,
    });
  }
  return { documents };
}

/**
 * PUT /api/trust-center/documents/:fileId/content: the bytes of a document imported as metadata. They
 * must be exactly the document the import described (sha256, size, type by its bytes); a document
 * whose bytes are stored already is not replaced.
 */
export async function uploadMissingDocument({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: { fileId: string; body: Readable };
}): Promise<{ fileId: string }> {
  assertCanImport(ctx.viewer);
  const organisationId = ctx.viewer.organisation.id;
  const [row] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.id, input.fileId), eq(files.organisationId, organisationId)))
    .limit(1);
  if (!row) {
    input.body.resume();
    throw new AppError('not_found', documentMessages.fileNotFound);
  }
  if (await ctx.providers.storage.exists(row.storageKey)) {
    input.body.resume();
    throw new AppError('conflict', 'This document has its file already');
  }
  const upload = async (received: ReceivedUpload) => {
    if (received.size !== row.sizeBytes || received.sha256 !== row.sha256) {
      throw new AppError('validation_failed', trustCenterMessages.documentBytesMismatch, {
        file: trustCenterMessages.documentBytesMismatch,
      });
    }
    if ((await detectAllowedType(received.filePath, row.originalName)) !== row.contentType) {
      throw new AppError('validation_failed', trustCenterMessages.documentTypeMismatch, {
        file: trustCenterMessages.documentTypeMismatch,
      });
    }
    await ctx.providers.storage.put(row.storageKey, fs.createReadStream(received.filePath), {
      contentType: row.contentType,
      contentLength: row.sizeBytes,
    });
    await ctx.db.transaction(async (tx) => {
      await insertAuditEntry(tx, {
        organisationId,
        actorStaffUserId: ctx.viewer.staff?.id ?? null,
        action: 'trust_center.document_bytes_uploaded',
        target: row.id,
        data: { name: row.originalName, size: row.sizeBytes },
      });
      // As after an upload: its text is read in the background and becomes searchable.
      await enqueueTextExtraction(tx, ctx.providers.jobs, { id: row.id, contentType: row.contentType });
      await publishOrganisationChanged(tx, organisationId);
    });
    ctx.providers.cache.invalidate(organisationId);
    return { fileId: row.id };
  };
  try {
    return await withReceivedUpload(input.body, documentLimits.uploadMaxBytes, upload);
  } catch (error) {
    if (error instanceof UploadTooLargeError) {
      throw uploadTooLarge();
    }
    throw error;
  }
}
