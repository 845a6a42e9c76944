import { Worker } from 'node:worker_threads';

export type PdfTextLimits = {
  /** Files above this are not opened at all. */
  maxBytes: number;
  /** Pages read; later pages are left out (the text is marked truncated). */
  maxPages: number;
  /** Characters kept over all pages. */
  maxChars: number;
  /** Bytes all compressed streams may inflate to: past it the PDF is refused as too large. */
  maxDecodedBytes: number;
  timeoutMs: number;
  /** Heap of the worker thread: a PDF that needs more fails as too large, the server lives on. */
  maxMemoryMb: number;
};

export const pdfTextLimits: PdfTextLimits = {
  maxBytes: 50 * 1024 * 1024,
  maxPages: 2000,
  maxChars: 500_000,
  maxDecodedBytes: 64 * 1024 * 1024,
  timeoutMs: 120_000,
  maxMemoryMb: 256,
};

/** Extractions running at once in this process: each worker may take its whole heap limit. */
const maxConcurrentExtractions = 1;
let running = 0;
const waiting: (() => void)[] = [];

async function withExtractionSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= maxConcurrentExtractions) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export type PdfTextFailure = 'too_large' | 'encrypted' | 'unreadable' | 'timeout' | 'bytes_missing';

export type PdfTextResult =
  | { ok: true; pages: string[]; pageCount: number; isTruncated: boolean }
  | { ok: false; reason: PdfTextFailure; detail: string };

type WorkerMessage =
  | { ok: true; pages: string[]; pageCount: number; isTruncated: boolean }
  | { ok: false; name: string; message: string };

/**
 * A PDF's text per page, read by pdf.js in a worker thread with its own heap limit and a time limit:
 * a huge, malformed or hostile PDF ends as a failure reason, never blocks or crashes the server.
 */
export function extractPdfText(
  bytes: Uint8Array,
  limits: PdfTextLimits = pdfTextLimits,
): Promise<PdfTextResult> {
  if (bytes.byteLength > limits.maxBytes) {
    return Promise.resolve({ ok: false, reason: 'too_large', detail: `${bytes.byteLength} bytes` });
  }
  return withExtractionSlot(() => runWorker(bytes, limits));
}

function runWorker(bytes: Uint8Array, limits: PdfTextLimits): Promise<PdfTextResult> {
  const copy = new Uint8Array(bytes);
  return new Promise((resolve) => {
    let isSettled = false;
    const settle = (result: PdfTextResult) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const worker = new Worker(new URL('./pdf-text-worker.mjs', import.meta.url), {
      workerData: {
        bytes: copy,
        maxPages: limits.maxPages,
        maxChars: limits.maxChars,
        maxDecodedBytes: limits.maxDecodedBytes,
      },
      transferList: [copy.buffer],
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    // pdf.js may print warnings about damaged files; they are not ours to log line by line.
    worker.stdout.resume();
    worker.stderr.resume();
    const timer = setTimeout(
      () => settle({ ok: false, reason: 'timeout', detail: `over ${limits.timeoutMs} ms` }),
      limits.timeoutMs,
    );
    worker.once('message', (message: WorkerMessage) => {
      if (message.ok) return settle(message);
      const reason =
        message.name === 'PasswordException'
          ? 'encrypted'
          : message.name === 'DecodedTooLarge'
            ? 'too_large'
            : 'unreadable';
      settle({ ok: false, reason, detail: `${message.name}: ${message.message}`.slice(0, 500) });
    });
    worker.once('error', (error: Error & { code?: string }) => {
      const reason = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'too_large' : 'unreadable';
      settle({ ok: false, reason, detail: error.message.slice(0, 500) });
    });
    worker.once('exit', (code) =>
      settle({ ok: false, reason: 'unreadable', detail: `extraction ended with code ${code}` }),
    );
  });
}

/** Passages aim at about a paragraph: long enough to answer from, short enough to rank and show. */
const chunkTargetLength = 900;
const chunkMaxLength = 1500;

export type TextChunk = { pageNumber: number; text: string };

/** Whitespace of a PDF page made plain: words split by a line-end hyphen rejoined, runs collapsed. */
export function normalisePageText(text: string): string {
  return text
    .replace(/(\p{L})-\n(\p{Ll})/gu, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Cuts each page's text into passages of whole sentences (a sentence longer than the maximum is
 * cut at a space). Passages never span pages, so a passage knows its page.
 */
export function chunkPages(pages: readonly string[]): TextChunk[] {
  const chunks: TextChunk[] = [];
  for (const [index, raw] of pages.entries()) {
    const text = normalisePageText(raw);
    if (!text) continue;
    const sentences = text.split(/(?<=[.!?;:])\s+/);
    let current = '';
    const flush = () => {
      if (current.trim()) chunks.push({ pageNumber: index + 1, text: current.trim() });
      current = '';
    };
    for (const sentence of sentences) {
      for (const piece of splitLong(sentence)) {
        if (current && current.length + 1 + piece.length > chunkMaxLength) flush();
        current = current ? `${current} ${piece}` : piece;
        if (current.length >= chunkTargetLength) flush();
      }
    }
    flush();
  }
  return chunks;
}

function splitLong(sentence: string): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > chunkMaxLength) {
    const space = rest.lastIndexOf(' ', chunkMaxLength);
    const cut = space > chunkMaxLength / 2 ? space : chunkMaxLength;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}
