import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  type TrustCenterDocument,
  type TrustCenterFile,
  type TrustCenterImage,
  type TrustCenterImportProblem,
  trustCenterImageMaxBytes,
  trustCenterMessages,
} from '../../../shared/trust-center-export';
import { checkIconImage } from '../cards';
import { detectAllowedType } from '../documents';
import type { Position } from './parse-trust-center-file';

type Path = (string | number)[];
export type CheckedImage = { contentType: string; bytes: Buffer; sha256: string };

/** Where the bytes of a document are on disk, or null when they were not supplied. */
export type DocumentFileSource = (document: TrustCenterDocument) => Promise<string | null>;

/** A validated file with its images checked and the documents whose bytes were supplied (by key). */
export type PreparedImport = {
  file: TrustCenterFile;
  images: Map<string, CheckedImage>;
  documentPaths: Map<string, string>;
};

export const imageKey = (at: Path) => at.join('.');

function imagesOf(file: TrustCenterFile): { at: Path; image: TrustCenterImage }[] {
  const found: { at: Path; image: TrustCenterImage | null }[] = [
    { at: ['organisation', 'logo'], image: file.organisation.logo },
    { at: ['organisation', 'favicon'], image: file.organisation.favicon },
    { at: ['organisation', 'banner'], image: file.organisation.banner },
    ...file.products.flatMap((product, productIndex) => [
      { at: ['products', productIndex, 'banner'], image: product.banner },
      ...product.cards.map((card, cardIndex) => ({
        at: ['products', productIndex, 'cards', cardIndex, 'icon'],
        image: card.icon,
      })),
    ]),
  ];
  return found.filter((entry): entry is { at: Path; image: TrustCenterImage } => entry.image !== null);
}

/** The same checks as the icon and banner uploads: type from the bytes, no scripted SVG. */
async function checkImage(image: TrustCenterImage): Promise<CheckedImage | string> {
  const bytes = Buffer.from(image.base64, 'base64');
  if (bytes.length === 0) return trustCenterMessages.notAnImage;
  if (bytes.length > trustCenterImageMaxBytes) return trustCenterMessages.imageTooLarge;
  const checked = await checkIconImage(bytes);
  if (checked.kind === 'unsafe') return trustCenterMessages.unsafeImage;
  if (checked.kind !== 'image' || checked.contentType !== image.contentType)
    return trustCenterMessages.notAnImage;
  return {
    contentType: checked.contentType,
    bytes: checked.bytes,
    sha256: createHash('sha256').update(checked.bytes).digest('hex'),
  };
}

async function sha256OfFile(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(filePath), hash);
  return hash.digest('hex');
}

/** The supplied bytes must be exactly the document the file describes, of an allowed type. */
async function checkDocumentFile(document: TrustCenterDocument, filePath: string): Promise<string | null> {
  const stat = await fsPromises.stat(filePath);
  if (
    !stat.isFile() ||
    stat.size !== document.sizeBytes ||
    (await sha256OfFile(filePath)) !== document.sha256
  ) {
    return trustCenterMessages.documentBytesMismatch;
  }
  const detected = await detectAllowedType(filePath, document.originalName);
  return detected === document.contentType ? null : trustCenterMessages.documentTypeMismatch;
}

/**
 * The checks a schema cannot make: inline images decoded and checked like uploads, and supplied
 * document bytes matched to their sha256, size and type. Problems carry their place in the file.
 */
export async function prepareImport(
  file: TrustCenterFile,
  locate: (path: Path) => Position,
  documentFiles?: DocumentFileSource,
): Promise<{ ok: true; prepared: PreparedImport } | { ok: false; problems: TrustCenterImportProblem[] }> {
  const problems: TrustCenterImportProblem[] = [];
  const report = (at: Path, message: string) => problems.push({ ...locate(at), path: at.join('.'), message });
  const images = new Map<string, CheckedImage>();
  for (const { at, image } of imagesOf(file)) {
    const checked = await checkImage(image);
    if (typeof checked === 'string') report([...at, 'base64'], checked);
    else images.set(imageKey(at), checked);
  }
  const documentPaths = new Map<string, string>();
  if (documentFiles) {
    for (const [index, document] of file.documents.entries()) {
      const filePath = await documentFiles(document);
      if (!filePath) continue;
      const problem = await checkDocumentFile(document, filePath);
      if (problem) report(['documents', index], problem);
      else documentPaths.set(document.key, filePath);
    }
  }
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, prepared: { file, images, documentPaths } };
}

/**
 * Bytes from a directory: `<dir>/<sha256>` (what the CLI's export writes) or `<dir>/<originalName>`
 * (a hand-made folder); a name with path characters is never joined.
 */
export function documentsFromDirectory(directory: string): DocumentFileSource {
  const exists = async (candidate: string) =>
    fsPromises.stat(candidate).then(
      (stat) => stat.isFile(),
      () => false,
    );
  return async (document) => {
    const byHash = path.join(directory, document.sha256);
    if (await exists(byHash)) return byHash;
    const name = document.originalName;
    const isPlainName = path.basename(name) === name && name !== '.' && name !== '..' && !name.includes('\\');
    if (isPlainName && (await exists(path.join(directory, name)))) return path.join(directory, name);
    return null;
  };
}
