import type { DocumentsTexts } from './documents-texts';

/** A 50 MB document on a slow line still arrives; a stalled server does not hold the tile for ever. */
const downloadTimeoutMs = 5 * 60_000;

type ErrorBody = { error?: { code?: string; message?: string } };

/**
 * Downloads one document through fetch, so a refusal or a failure is told in the page (spec 2 §8)
 * instead of a broken browser download. Answers the text to show, or null when the file was saved.
 */
export async function downloadDocument(
  url: string,
  fileName: string,
  portalTitle: string,
  documentsTexts: DocumentsTexts,
): Promise<string | null> {
  try {
    const response = await fetch(url, {
      credentials: 'same-origin',
      signal: AbortSignal.timeout(downloadTimeoutMs),
    });
    if (response.status === 403) {
      const body = (await response.json().catch(() => null)) as ErrorBody | null;
      // View-only since the page loaded: the server's refusal is the spec's view-only text.
      return body?.error?.code === 'forbidden'
        ? documentsTexts.viewOnlyIn(portalTitle)
        : documentsTexts.downloadFailed;
    }
    if (!response.ok) return documentsTexts.downloadFailed;
    const objectUrl = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    // The browser reads the object URL after click() returns; free it once the save has begun.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
    return null;
  } catch {
    return documentsTexts.downloadFailed;
  }
}
