import fs from 'node:fs';
import { fileTypeFromFile } from 'file-type';

type AllowedType = { mime: string; extensions: string[] };

/** What the library accepts, by the type its bytes show (magic bytes), with the extensions that may name it. */
const allowedByDetectedExtension: Record<string, AllowedType> = {
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
  png: { mime: 'image/png', extensions: ['png'] },
  jpg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  gif: { mime: 'image/gif', extensions: ['gif'] },
  webp: { mime: 'image/webp', extensions: ['webp'] },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['pptx'],
  },
  zip: { mime: 'application/zip', extensions: ['zip'] },
};
const textTypes: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** Already-compressed types are stored in zips, not deflated again. */
export function isCompressedType(contentType: string): boolean {
  return /^(application\/(pdf|zip|vnd\.openxmlformats)|image\/)/.test(contentType);
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** Valid UTF-8 without NUL or other binary control characters, read as a stream. */
async function isPlainText(filePath: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of fs.createReadStream(filePath)) {
      const text = decoder.decode(chunk as Buffer, { stream: true });
      // biome-ignore lint/suspicious/noControlCharactersInRegex: binary control characters are what we refuse
      if (/[\x00-\x08\x0e-\x1a\x1c-\x1f]/.test(text)) return false;
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/**
 * The content type to store, or null when the bytes are not an allowed type or the name's extension
 * does not match them (a lying extension).
 */
export async function detectAllowedType(filePath: string, fileName: string): Promise<string | null> {
  const extension = extensionOf(fileName);
  const detected = await fileTypeFromFile(filePath);
  if (detected) {
    const allowed = allowedByDetectedExtension[detected.ext];
    return allowed?.extensions.includes(extension) ? allowed.mime : null;
  }
  const textType = textTypes[extension];
  return textType && (await isPlainText(filePath)) ? textType : null;
}
