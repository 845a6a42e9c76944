import { documentLimits, documentMessages } from '../../../../shared/documents';

/**
 * The library's client-side check before an upload starts, with the server's own messages. The
 * server decides by the file's bytes; this only saves a doomed upload of a wrong or huge file.
 */
const allowedExtensions = new Set([
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'txt',
  'csv',
  'docx',
  'xlsx',
  'pptx',
  'zip',
]);

/** What the file input offers in the system's picker. */
export const acceptedFileTypes = [...allowedExtensions].map((extension) => `.${extension}`).join(',');

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

export function uploadProblem(file: Pick<File, 'name' | 'size'>): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (/[/\\\x00-\x1f\x7f]/.test(file.name) || file.name.length > documentLimits.fileNameMaxLength) {
    return documentMessages.fileNameInvalid;
  }
  if (file.size === 0) return documentMessages.fileEmpty;
  if (file.size > documentLimits.uploadMaxBytes) {
    return documentMessages.fileTooLarge(documentLimits.uploadMaxBytes / (1024 * 1024));
  }
  if (!allowedExtensions.has(extensionOf(file.name))) return documentMessages.fileTypeNotAllowed;
  return null;
}
