import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { documentLimits, documentMessages, type LibraryFile } from '../../../shared/documents';
import { AppError } from '../../../shared/errors';
import type { Context } from '../../context';
import { files } from '../../db/schema';
import { type ReceivedUpload, UploadTooLargeError, withReceivedUpload } from '../../net/receive-upload';
import { newStorageKey } from '../../providers/storage';
import { assertCanEdit, recordChange } from '../cards';
import { detectAllowedType } from './detect-file-type';
import { enqueueTextExtraction } from './extract-document-text';
import { getLibraryFileById } from './list-library-files';

const maxMegabytes = documentLimits.uploadMaxBytes / (1024 * 1024);
export const uploadTooLarge = () =>
  new AppError('payload_too_large', documentMessages.fileTooLarge(maxMegabytes));

/** A file name, not a path: no separators, no control characters, not '.' or '..'. */
export function validFileName(raw: string): string {
  const name = raw.normalize('NFC').trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  const hasPathCharacters = /[/\\\x00-\x1f\x7f]/.test(name) || name === '.' || name === '..';
  if (!name || hasPathCharacters || name.length > documentLimits.fileNameMaxLength) {
    throw new AppError('validation_failed', documentMessages.fileNameInvalid, {
      name: documentMessages.fileNameInvalid,
    });
  }
  return name;
}

function titleFromName(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).slice(0, documentLimits.titleMaxLength);
}

/**
 * Streams the body to a temporary file while counting (past the limit: 413, nothing kept) and
 * hashing; checks the type by its bytes; then stores it under a new server-generated key.
 */
export async function uploadDocument({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer' | 'providers'>;
  input: { body: Readable; name: string; title?: string; declaredLength?: number };
}): Promise<LibraryFile> {
  const { viewer } = ctx;
  assertCanEdit(viewer);
  const name = validFileName(input.name);
  if (input.declaredLength !== undefined && input.declaredLength > documentLimits.uploadMaxBytes) {
    input.body.resume();
    throw uploadTooLarge();
  }
  try {
    return await withReceivedUpload(input.body, documentLimits.uploadMaxBytes, (received) =>
      storeReceivedDocument(ctx, name, input.title, received),
    );
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw uploadTooLarge();
    throw error;
  }
}

/** Checks the received bytes (not empty, an allowed type by content) and stores them as a new file. */
async function storeReceivedDocument(
  ctx: Pick<Context, 'db' | 'viewer' | 'providers'>,
  name: string,
  title: string | undefined,
  { filePath, size, sha256 }: ReceivedUpload,
): Promise<LibraryFile> {
  const { viewer } = ctx;
  if (size === 0)
    throw new AppError('validation_failed', documentMessages.fileEmpty, {
      file: documentMessages.fileEmpty,
    });
  const contentType = await detectAllowedType(filePath, name);
  if (!contentType) {
    throw new AppError('validation_failed', documentMessages.fileTypeNotAllowed, {
      file: documentMessages.fileTypeNotAllowed,
    });
  }
  const storageKey = newStorageKey(viewer.organisation.id);
  await ctx.providers.storage.put(storageKey, fs.createReadStream(filePath), {
    contentType,
    contentLength: size,
  });
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(files)
        .values({
          organisationId: viewer.organisation.id,
          storageKey,
          originalName: name,
          title: title?.trim() || titleFromName(name),
          contentType,
          sizeBytes: size,
          sha256,
          uploadedByStaffUserId: viewer.staff?.id ?? null,
        })
        .returning({ id: files.id });
      await recordChange(tx, viewer, { action: 'document.upload', target: row!.id, data: { name, size } });
      // Its text is read in the background and becomes searchable for whoever may read it.
      await enqueueTextExtraction(tx, ctx.providers.jobs, { id: row!.id, contentType });
      return row!.id;
    });
    ctx.providers.cache.invalidate(viewer.organisation.id);
    return (await getLibraryFileById(ctx.db, viewer.organisation.id, id))!;
  } catch (error) {
    await ctx.providers.storage.delete(storageKey);
    throw error;
  }
}
