// Runs in a worker thread (plain JavaScript: no loader needed): reads a PDF's text with pdf.js,
// page by page, within the page and character limits it is given, and posts the result once.
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { constants, inflateSync } from 'node:zlib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const packageRoot = new URL('../../', import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs'));
const { bytes, maxPages, maxChars, maxDecodedBytes } = workerData;

class DecodedTooLarge extends Error {
  name = 'DecodedTooLarge';
}

/**
 * pdf.js keeps inflated streams in ArrayBuffers, outside the worker's heap limit, so a small file
 * whose streams inflate to hundreds of MB would still take the memory. Every stream that inflates is
 * inflated here first with zlib's output cap, and the file is refused once their total passes the cap.
 */
function assertDecodedSizeWithin(data, budget) {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let total = 0;
  let at = buffer.indexOf('stream');
  while (at !== -1) {
    let start = at + 'stream'.length;
    if (buffer[start] === 0x0d) start++;
    if (buffer[start] === 0x0a) start++;
    const end = buffer.indexOf('endstream', start);
    if (end === -1) break;
    try {
      const inflated = inflateSync(buffer.subarray(start, end), {
        maxOutputLength: budget - total + 1,
        finishFlush: constants.Z_SYNC_FLUSH,
      });
      total += inflated.byteLength;
    } catch (error) {
      if (error?.code === 'ERR_BUFFER_TOO_LARGE') total = budget + 1;
    }
    if (total > budget) throw new DecodedTooLarge(`streams inflate to over ${budget} bytes`);
    at = buffer.indexOf('stream', end + 'endstream'.length);
  }
}

async function extract() {
  assertDecodedSizeWithin(bytes, maxDecodedBytes);
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
