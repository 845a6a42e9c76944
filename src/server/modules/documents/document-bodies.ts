import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { type BridgeLetterType, bridgeLetterFileName } from '../../../shared/documents';
import type { Database } from '../../db/client';
import type { Viewer } from '../../policy/viewer';
import type { ByteRange, FileStorage } from '../../providers/storage';
import { renderBridgeLetterPdf } from './bridge-letter-pdf';
import { type DocumentTarget, watermarkLabel } from './document-gate';
import { type BridgeLetterRow, findFileOfOrganisation, findLinkedFile, findLinkedLetter } from './queries';
import { watermarkPdf } from './watermark-pdf';

/** The bytes of one document as this viewer gets them, ready to stream whole or by range. */
export type DocumentBody = {
  fileName: string;
  contentType: string;
  size: number;
  /** sha256 of exactly these bytes; null for per-viewer (watermarked) bytes, which are never cached. */
  sha256: string | null;
  isWatermarked: boolean;
  /** Last-modified time of the stored document (zip entries carry it). */
  modifiedAt: Date;
  open: (range?: ByteRange) => Promise<Readable>;
};

const letterCache = new Map<string, Promise<Buffer>>();
const letterCacheSize = 64;

/** Letters are rendered on demand; one rendering per letter version, kept for a while. */
export function renderLetterBytes(letter: BridgeLetterRow, organisationName: string): Promise<Buffer> {
  const key = `${letter.id}:${letter.updatedAt.getTime()}:${organisationName}`;
  let bytes = letterCache.get(key);
  if (!bytes) {
    bytes = renderBridgeLetterPdf({
      organisationName,
      title: letter.title,
      content: letter.content,
      signerName: letter.signerName,
      signerTitle: letter.signerTitle,
      letterDate: letter.letterDate,
    });
    bytes.catch(() => letterCache.delete(key));
    letterCache.set(key, bytes);
    if (letterCache.size > letterCacheSize) letterCache.delete(letterCache.keys().next().value!);
  }
  return bytes;
}

export function letterFileName(letter: Pick<BridgeLetterRow, 'letterType'>, organisationName: string) {
  return bridgeLetterFileName(organisationName, letter.letterType as BridgeLetterType);
}

function inMemoryBody(
  bytes: Uint8Array,
  base: Omit<DocumentBody, 'size' | 'sha256' | 'open'>,
  sha256: string | null,
): DocumentBody {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    ...base,
    size: data.length,
    sha256,
    open: async (range) => Readable.from([range ? data.subarray(range.start, range.end + 1) : data]),
  };
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A document resolved for a viewer: restricted PDFs are watermarked (whole in memory, up to the upload limit). */
export async function loadDocumentBody(
  context: { storage: FileStorage; viewer: Viewer },
  target: DocumentTarget,
): Promise<DocumentBody> {
  const { storage, viewer } = context;
  const label = watermarkLabel(
    viewer,
    target,
    target.kind === 'file' ? target.file.contentType : 'application/pdf',
  );
  if (target.kind === 'letter') {
    const organisationName = viewer.organisation.name;
    const bytes = await renderLetterBytes(target.letter, organisationName);
    const base = {
      fileName: letterFileName(target.letter, organisationName),
      contentType: 'application/pdf',
      modifiedAt: target.letter.updatedAt,
    };
    const marked = label ? await watermarkPdf(bytes, label) : null;
    return marked
      ? inMemoryBody(marked, { ...base, isWatermarked: true }, null)
      : inMemoryBody(bytes, { ...base, isWatermarked: false }, sha256Of(bytes));
  }
  const { file } = target;
  const base = { fileName: file.originalName, contentType: file.contentType, modifiedAt: file.updatedAt };
  if (label) {
    const original = await buffer(await storage.get(file.storageKey));
    const marked = await watermarkPdf(original, label);
    if (marked) return inMemoryBody(marked, { ...base, isWatermarked: true }, null);
  }
  return {
    ...base,
    isWatermarked: false,
    size: file.sizeBytes,
    sha256: file.sha256,
    open: (range) => storage.get(file.storageKey, range),
  };
}

/** The file or letter linked to that item of the organisation, or null. */
export async function resolveDocument(
  db: Database,
  organisationId: string,
  documentId: string,
  itemId: string,
): Promise<DocumentTarget | null> {
  const linked = await findLinkedFile(db, organisationId, documentId, itemId);
  if (linked) return { kind: 'file', ...linked };
  const letter = await findLinkedLetter(db, organisationId, documentId, itemId);
  return letter ? { kind: 'letter', ...letter } : null;
}

/** A library file for staff (no item involved), never watermarked. */
export async function findLibraryFileBody(
  db: Database,
  storage: FileStorage,
  organisationId: string,
  fileId: string,
) {
  const file = await findFileOfOrganisation(db, organisationId, fileId);
  if (!file) return null;
  const body: DocumentBody = {
    fileName: file.originalName,
    contentType: file.contentType,
    size: file.sizeBytes,
    sha256: file.sha256,
    isWatermarked: false,
    modifiedAt: file.updatedAt,
    open: (range) => storage.get(file.storageKey, range),
  };
  return { file, body };
}
