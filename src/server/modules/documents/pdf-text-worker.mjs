// Runs in a worker thread (plain JavaScript: no loader needed): reads a PDF's text with pdf.js,
// page by page, within the page and character limits it is given, and posts the result once.
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const packageRoot = new URL('../../', import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs'));
const { bytes, maxPages, maxChars } = workerData;

async function extract() {
  const pdf = await getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    cMapUrl: fileURLToPath(new URL('cmaps/', packageRoot)),
    cMapPacked: true,
    standardFontDataUrl: fileURLToPath(new URL('standard_fonts/', packageRoot)),
  }).promise;
  const pages = [];
  let chars = 0;
  let isTruncated = pdf.numPages > maxPages;
  for (let number = 1; number <= Math.min(pdf.numPages, maxPages); number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
      .join('');
    page.cleanup();
    const room = maxChars - chars;
    if (text.length > room) {
      pages.push(text.slice(0, room));
      isTruncated = true;
      break;
    }
    chars += text.length;
    pages.push(text);
  }
  const pageCount = pdf.numPages;
  await pdf.destroy();
  return { ok: true, pageCount, pages, isTruncated };
}

extract().then(
  (result) => parentPort.postMessage(result),
  (error) =>
    parentPort.postMessage({ ok: false, name: error?.name ?? 'Error', message: String(error?.message) }),
);
