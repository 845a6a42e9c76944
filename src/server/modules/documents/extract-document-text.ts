import type { Readable } from 'node:stream';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { publishOrganisationChanged } from '../../core';
import type { Database } from '../../db/client';
import { files, fileTextChunks, fileTexts } from '../../db/schema';
import type { Providers } from '../../providers';
import { PermanentJobError } from '../../providers/jobs/database-queue';
import type { JobHandler, JobQueue } from '../../providers/jobs/types';
import { StoredObjectMissingError } from '../../providers/storage';
import { requestEmbeddingRefresh } from '../search';
import {
  chunkPages,
  extractPdfText,
  type PdfTextLimits,
  type PdfTextResult,
  pdfTextLimits,
} from './pdf-text';

export const extractTextQueue = 'documents.extract-text';
export const extractTextBackfillQueue = 'documents.extract-text-backfill';
/** Documents whose text is extracted and searched (their content type, as detected on upload). */
export const textExtractableTypes: readonly string[] = ['application/pdf'];
/** Files a backfill run enqueues; the next run takes the rest. */
const backfillBatch = 500;
const chunkInsertBatch = 200;

/**
 * Enqueues the extraction of a stored document's text, in the caller's transaction. The bytes are
 * new (an upload, or an imported document's file arriving), so an earlier outcome no longer holds.
 */
export async function enqueueTextExtraction(
  db: Database,
  jobs: Pick<JobQueue, 'enqueue'>,
  file: { id: string; contentType: string },
): Promise<void> {
  if (!textExtractableTypes.includes(file.contentType)) return;
  await db.delete(fileTexts).where(eq(fileTexts.fileId, file.id));
  await jobs.enqueue(db, extractTextQueue, { fileId: file.id }, { maxAttempts: 5 });
}

/** An imported document may have no bytes yet: recorded as a failure, so the backfill leaves it be. */
async function readStoredPdfText(
  storage: Providers['storage'],
  storageKey: string,
  limits: PdfTextLimits,
): Promise<PdfTextResult> {
  try {
    return await extractPdfText(await readAll(await storage.get(storageKey)), limits);
  } catch (error) {
    if (error instanceof StoredObjectMissingError) {
      return { ok: false, reason: 'bytes_missing', detail: 'nothing stored under the key' };
    }
    throw error;
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Stores the outcome of an extraction: the text in passages, or the failure and its reason. Once
 * per file: a second run for the same file changes nothing. Asks for embeddings of the new passages.
 */
export async function storeExtractedText(
  db: Database,
  providers: Pick<Providers, 'jobs' | 'embeddings'> | null,
  file: { id: string; organisationId: string },
  result: PdfTextResult,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const chunks = result.ok ? chunkPages(result.pages) : [];
    const [row] = await tx
      .insert(fileTexts)
      .values({
        fileId: file.id,
        organisationId: file.organisationId,
        status: result.ok ? 'extracted' : 'failed',
        failureReason: result.ok ? null : result.reason,
        pageCount: result.ok ? result.pageCount : null,
        charCount: chunks.reduce((sum, chunk) => sum + chunk.text.length, 0),
        isTruncated: result.ok ? result.isTruncated : false,
      })
      .onConflictDoNothing()
      .returning({ fileId: fileTexts.fileId });
    if (!row) return false;
    for (let start = 0; start < chunks.length; start += chunkInsertBatch) {
      await tx.insert(fileTextChunks).values(
        chunks.slice(start, start + chunkInsertBatch).map((chunk, index) => ({
          fileId: file.id,
          position: start + index,
          pageNumber: chunk.pageNumber,
          text: chunk.text,
        })),
      );
    }
    if (chunks.length > 0 && providers) await requestEmbeddingRefresh(tx, providers, file.organisationId);
    // The documents card marks encrypted PDFs ('viewing may take a moment'): the page changed.
    if (!result.ok && result.reason === 'encrypted')
      await publishOrganisationChanged(tx, file.organisationId);
    return true;
  });
}

/**
 * The extraction job: reads the stored bytes, extracts the text in a worker thread and stores it.
 * A PDF that cannot be read (too large, encrypted, broken, too slow) is recorded as failed, not
 * retried; a storage error is retried by the queue.
 */
export function createExtractTextHandler(deps: {
  db: Database;
  providers: Pick<Providers, 'jobs' | 'embeddings' | 'storage'>;
  logger?: Logger;
  limits?: PdfTextLimits;
}): JobHandler {
  const limits = deps.limits ?? pdfTextLimits;
  return async (payload) => {
    if (typeof payload.fileId !== 'string') throw new PermanentJobError('extract-text needs a fileId');
    const [file] = await deps.db
      .select({
        id: files.id,
        organisationId: files.organisationId,
        storageKey: files.storageKey,
        contentType: files.contentType,
        sizeBytes: files.sizeBytes,
        extracted: fileTexts.fileId,
      })
      .from(files)
      .leftJoin(fileTexts, eq(fileTexts.fileId, files.id))
      .where(eq(files.id, payload.fileId))
      .limit(1);
    if (!file || file.extracted || !textExtractableTypes.includes(file.contentType)) return;
    const result: PdfTextResult =
      file.sizeBytes > limits.maxBytes
        ? { ok: false, reason: 'too_large', detail: `${file.sizeBytes} bytes` }
        : await readStoredPdfText(deps.providers.storage, file.storageKey, limits);
    await storeExtractedText(deps.db, deps.providers, file, result);
    if (!result.ok) {
      deps.logger?.warn(
        { fileId: file.id, reason: result.reason, detail: result.detail },
        'document text could not be extracted',
      );
    }
  };
}

/**
 * Enqueues extraction for documents that have none yet: files stored before extraction existed, or
 * whose job was lost. Runs as a recurring job.
 */
export function createExtractTextBackfillHandler(deps: {
  db: Database;
  providers: Pick<Providers, 'jobs'>;
}): JobHandler {
  return async () => {
    const missing = await deps.db
      .select({ id: files.id })
      .from(files)
      .leftJoin(fileTexts, eq(fileTexts.fileId, files.id))
      .where(
        and(
          isNull(fileTexts.fileId),
          inArray(files.contentType, [...textExtractableTypes]),
          sql`not exists (select 1 from jobs j where j.queue = ${extractTextQueue}
            and j.state in ('queued', 'active') and j.payload->>'fileId' = ${files.id}::text)`,
        ),
      )
      .limit(backfillBatch);
    if (missing.length === 0) return;
    await deps.providers.jobs.enqueueMany(
      deps.db,
      extractTextQueue,
      missing.map((file) => ({ fileId: file.id })),
      { maxAttempts: 5 },
    );
  };
}

/**
 * The demo seed: extracts and stores a document's text at once, without the queue (embeddings come
 * with the next recurring refresh).
 */
export async function extractTextNow(
  db: Database,
  providers: Pick<Providers, 'jobs' | 'embeddings'> | null,
  file: { id: string; organisationId: string },
  bytes: Uint8Array,
): Promise<PdfTextResult> {
  const result = await extractPdfText(bytes);
  await storeExtractedText(db, providers, file, result);
  return result;
}
