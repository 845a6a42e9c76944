import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { documentLimits, documentMessages, type LibraryFile } from '../../../shared/documents';
import { AppError } from '../../../shared/errors';
import type { Context } from '../../context';
import { files } from '../../db/schema';
import { newStorageKey } from '../../providers/storage';
import { assertCanEdit, recordChange } from '../cards/staff-writes';
import { detectAllowedType } from './detect-file-type';
import { getLibraryFileById } from './list-library-files';

class UploadTooLargeError extends Error {}

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
  const directory = await fsPromises.mkdtemp(path.join(os.tmpdir(), 'attest-upload-'));
  const temporary = path.join(directory, 'upload');
  try {
    const hash = createHash('sha256');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > documentLimits.uploadMaxBytes) return callback(new UploadTooLargeError());
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    // The request is piped, not pipelined: at the limit it is left unread (not destroyed), so the
    // client still receives the 413 before the connection closes.
    const sourceFailed = new Promise<never>((_resolve, reject) => input.body.once('error', reject));
    sourceFailed.catch(() => {});
    input.body.pipe(counter);
    try {
      await Promise.race([pipeline(counter, fs.createWriteStream(temporary)), sourceFailed]);
    } catch (error) {
      input.body.unpipe(counter);
      if (error instanceof UploadTooLargeError) throw uploadTooLarge();
      throw error;
    }
    if (size === 0)
      throw new AppError('validation_failed', documentMessages.fileEmpty, {
        file: documentMessages.fileEmpty,
      });
    const contentType = await detectAllowedType(temporary, name);
    if (!contentType) {
      throw new AppError('validation_failed', documentMessages.fileTypeNotAllowed, {
        file: documentMessages.fileTypeNotAllowed,
      });
    }
    const storageKey = newStorageKey(viewer.organisation.id);
    await ctx.providers.storage.put(storageKey, fs.createReadStream(temporary), {
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
            title: input.title?.trim() || titleFromName(name),
            contentType,
            sizeBytes: size,
            sha256: hash.digest('hex'),
            uploadedByStaffUserId: viewer.staff?.id ?? null,
          })
          .returning({ id: files.id });
        await recordChange(tx, viewer, { action: 'document.upload', target: row!.id, data: { name, size } });
        return row!.id;
      });
      ctx.providers.cache.invalidate(viewer.organisation.id);
      return (await getLibraryFileById(ctx.db, viewer.organisation.id, id))!;
    } catch (error) {
      await ctx.providers.storage.delete(storageKey);
      throw error;
    }
  } finally {
    await fsPromises.rm(directory, { recursive: true, force: true });
  }
}
