import { z } from 'zod';
import type { PlanFeatures } from './cards';

/**
 * Documents (spec 2 §2–§9, spec 3 §2 featured re-order): the library, files linked to items, the
 * documents card's entries, downloads and bulk download.
 */

export const documentMessages = {
  uploadRequired: 'Please upload a file to save this item.',
  linkedPending: 'Linked (pending)',
  unlinkedPending: 'Unlinked (pending)',
  undo: 'Undo',
  viewAllDocuments: 'View all documents',
  viewLess: 'View less',
  featuredDocuments: 'Featured Documents',
  featuredColumn: 'Featured documents',
  nonFeaturedColumn: 'Non-featured documents',
  saveOrder: 'Save order',
  untitled: '(Untitled)',
  bulkDownloadFailed: (count: number) => `Failed to download ${count} document(s)`,
  downloadingFailed: 'Downloading files failed',
  fileTooLarge: (maxMb: number) => `The file is larger than ${maxMb} MB.`,
  fileEmpty: 'The file is empty.',
  fileTypeNotAllowed:
    'This file type is not allowed. Upload a PDF, an image, a text, CSV, Word, Excel or PowerPoint file.',
  fileNameInvalid: 'The file name may not contain path characters.',
  linkExpired: 'This download link is not valid or has expired.',
  fileNotFound: 'Document not found',
  /** A delete refused because documents items would be left without a file (spec 2 §5 item rule). */
  onlyFileOfItems: (titles: readonly string[]) =>
    `This document is the only file of ${titles.length === 1 ? 'the documents item' : 'the documents items'} ${titles.map((title) => `"${title}"`).join(', ')}, and a documents item needs a file. Link another file to ${titles.length === 1 ? 'that item' : 'those items'} or delete ${titles.length === 1 ? 'it' : 'them'} first.`,
  downloadFailed: 'Failed to download the document. If the problem persists, please contact support.',
  encryptedViewing: 'This file is encrypted so viewing may take a moment',
  viewOnly: (portalTitle: string) => `This file is view-only and not downloadable in the ${portalTitle}`,
} as const;

export const documentLimits = {
  uploadMaxBytes: 50 * 1024 * 1024,
  fileNameMaxLength: 255,
  titleMaxLength: 200,
  /** Tiles before 'View all documents': small screens, larger screens. */
  collapsedTilesSmall: 9,
  collapsedTiles: 12,
  bulkDownloadMaxFiles: 500,
  signedUrlMinutes: 10,
  letterFileNameTooltipChars: 60,
} as const;

/** Organisation-wide default for documents: view in the browser only, or view and download. */
export const DocumentAccessType = z.enum(['view_only', 'view_and_download']);
export type DocumentAccessType = z.infer<typeof DocumentAccessType>;

export const DocumentKind = z.enum(['file', 'letter']);
export type DocumentKind = z.infer<typeof DocumentKind>;

/** One downloadable entry of the documents card, present only when the viewer may read its item. */
export const DocumentFileView = z.object({
  fileId: z.string().uuid(),
  itemUid: z.string().uuid(),
  kind: DocumentKind,
  title: z.string(),
  originalName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  canDownload: z.boolean(),
  /** A password-protected PDF (its text could not be read): opening it takes longer (spec 2 §8). */
  isEncrypted: z.boolean(),
  viewUrl: z.string(),
  downloadUrl: z.string().nullable(),
});
export type DocumentFileView = z.infer<typeof DocumentFileView>;

export const DocumentsView = z.object({
  /** Documents card items shown in 'Featured Documents', in their featured order. */
  featuredItemUids: z.array(z.string().uuid()),
  files: z.array(DocumentFileView),
});
export type DocumentsView = z.infer<typeof DocumentsView>;
export const emptyDocumentsView: DocumentsView = { featuredItemUids: [], files: [] };

/* Staff library. */

export const FileAccessType = DocumentAccessType;
/** Why a document's text was not extracted (so search cannot find it); the reasons of the file_texts row. */
export const TextRefusalReason = z.enum(['too_large', 'encrypted', 'unreadable', 'timeout', 'bytes_missing']);
export type TextRefusalReason = z.infer<typeof TextRefusalReason>;
export const LibraryFile = z.object({
  id: z.string().uuid(),
  title: z.string(),
  originalName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  accessType: FileAccessType.nullable(),
  linkedItems: z.array(
    z.object({ itemUid: z.string().uuid(), title: z.string(), productId: z.string().uuid() }),
  ),
  createdAt: z.string(),
  viewUrl: z.string(),
  downloadUrl: z.string(),
  /** Set when text extraction refused or failed; null while pending, after success, or for non-PDFs. */
  textRefusal: TextRefusalReason.nullable(),
});
export type LibraryFile = z.infer<typeof LibraryFile>;
export const LibraryFileList = z.object({ files: z.array(LibraryFile) });
export const UpdateLibraryFileInput = z.object({
  title: z.string().trim().min(1).max(documentLimits.titleMaxLength).optional(),
  accessType: FileAccessType.nullable().optional(),
});

/** Saving an item's file links applies the pending changes at once. */
export const ItemFilesInput = z.object({ fileIds: z.array(z.string().uuid()).max(100) });
export const FeaturedDocumentsInput = z.object({ featuredItemUids: z.array(z.string().uuid()).max(500) });

/* Bulk download (spec 2 §3, §7). */

export const BulkDownloadInput = z.object({
  files: z
    .array(z.object({ itemUid: z.string().uuid(), fileId: z.string().uuid(), generated: z.boolean() }))
    .min(1)
    .max(documentLimits.bulkDownloadMaxFiles),
  productId: z.string().uuid(),
  selectAllUsed: z.boolean(),
});
export type BulkDownloadInput = z.infer<typeof BulkDownloadInput>;
export const BulkDownloadResult = z.object({
  failedFileIds: z.array(z.string()),
  successCount: z.number().int(),
  fileUrl: z.string().nullable(),
});
export type BulkDownloadResult = z.infer<typeof BulkDownloadResult>;

/* Bridge letters (spec 2 §3, §5, §9). */

export const BridgeLetterType = z.enum(['soc1', 'soc2']);
export type BridgeLetterType = z.infer<typeof BridgeLetterType>;
export const bridgeLetterTitles: Record<BridgeLetterType, string> = {
  soc1: 'SOC 1 Bridge Letter',
  soc2: 'SOC 2 Bridge Letter',
};
export const bridgeLetterMessages = {
  contentRequired: 'Letter Content is required',
  signerNameRequired: 'Signer Name is required',
  signerTitleRequired: 'Signer Title is required',
  greeting: 'To Whom It May Concern',
  closing: 'Sincerely,',
} as const;
export const bridgeLetterLimits = { contentMaxLength: 20_000, signerMaxLength: 200 } as const;

/** Content and signer are checked server-side only when the letter is enabled (spec 2 §5). */
export const BridgeLetterInput = z.object({
  letterEnabled: z.boolean(),
  letterContent: z.string().max(bridgeLetterLimits.contentMaxLength),
  signerName: z.string().max(bridgeLetterLimits.signerMaxLength),
  signerTitle: z.string().max(bridgeLetterLimits.signerMaxLength),
});
export type BridgeLetterInput = z.infer<typeof BridgeLetterInput>;
export type BridgeLetterField = 'letterContent' | 'signerName' | 'signerTitle';

/** The spec's required-field messages of an enabled letter (spec 2 §5); none for a disabled one. */
export function bridgeLetterErrors(letter: BridgeLetterInput): Partial<Record<BridgeLetterField, string>> {
  if (!letter.letterEnabled) return {};
  const errors: Partial<Record<BridgeLetterField, string>> = {};
  if (!letter.letterContent.trim()) errors.letterContent = bridgeLetterMessages.contentRequired;
  if (!letter.signerName.trim()) errors.signerName = bridgeLetterMessages.signerNameRequired;
  if (!letter.signerTitle.trim()) errors.signerTitle = bridgeLetterMessages.signerTitleRequired;
  return errors;
}

/** Spec 2 §6: letters need the bridge letter feature; an absent flag (self-hosted) means included. */
export function bridgeLettersAllowed(planFeatures: Partial<PlanFeatures>): boolean {
  return planFeatures.bridgeLetters !== false;
}
export const BridgeLetterView = BridgeLetterInput.extend({
  letterType: BridgeLetterType,
  /** The letter's id once saved and enabled: the fileId of its documents card entry. */
  letterId: z.string().uuid().nullable(),
  /** The report item the letter belongs to (its access decides who gets the letter). */
  itemUid: z.string().uuid().nullable(),
  letterDate: z.string().nullable(),
  fileName: z.string(),
  viewUrl: z.string().nullable(),
});
export type BridgeLetterView = z.infer<typeof BridgeLetterView>;

/** Organisation name and letter title, spaces to hyphens, .pdf (spec 2 §9). */
export function bridgeLetterFileName(organisationName: string, letterType: BridgeLetterType): string {
  return `${`${organisationName.trim()} ${bridgeLetterTitles[letterType]}`.replace(/\s+/g, '-')}.pdf`;
}

export const ItemFilesResult = z.object({ itemUid: z.string().uuid(), fileIds: z.array(z.string().uuid()) });
export type ItemFilesResult = z.infer<typeof ItemFilesResult>;
export const FeaturedDocumentsResult = FeaturedDocumentsInput;
