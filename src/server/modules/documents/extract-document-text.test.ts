import { Readable } from 'node:stream';
import { createDeflate } from 'node:zlib';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, fileTextChunks, fileTexts, jobs } from '../../db/schema';
import { createOrganisation, createStaffUser, createStoredFile } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  createExtractTextBackfillHandler,
  createExtractTextHandler,
  enqueueTextExtraction,
  extractTextQueue,
} from './extract-document-text';
import { chunkPages, normalisePageText, pdfTextLimits } from './pdf-text';
import { renderTextPdf } from './text-pdf';

let t: TestApp;
let organisationId: string;
let upload: (name: string, bytes: Buffer) => Promise<string>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const { organisation } = await createOrganisation(db);
  organisationId = organisation.id;
  const staff = await createStaffUser(db, organisation.id);
  const session = await createTestSession(db, { organisationId, staffUserId: staff.id });
  upload = async (name, bytes) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/documents?name=${encodeURIComponent(name)}`,
      payload: bytes,
      cookies: session.cookies,
      headers: { ...session.headers, 'content-type': 'application/octet-stream' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
});
afterAll(async () => t.close());

function encryptedPdf(): Promise<Buffer> {
  const document = new PDFDocument({ userPassword: 'open sesame', ownerPassword: 'owner' });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => document.on('end', () => resolve(Buffer.concat(chunks))));
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  document.text('Sealed text nobody may extract.');
  document.end();
  return done;
}

/** A small PDF whose one content stream inflates to `inflatedBytes` zeros, deflated chunk by chunk. */
async function compressionBombPdf(inflatedBytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const finished = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < inflatedBytes; written += zeros.length) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await finished;
  const stream = Buffer.concat(compressed);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  const length = () => parts.reduce((sum, part) => sum + part.length, 0);
  objects.forEach((body, index) => {
    offsets.push(length());
    parts.push(Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`));
  });
  offsets.push(length());
  parts.push(Buffer.from(`4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`));
  parts.push(stream, Buffer.from('\nendstream\nendobj\n'));
  const xref = length();
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 5\n0000000000 65535 f \n${entries}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

const outcome = async (fileId: string) => {
  const [row] = await t.database.db.select().from(fileTexts).where(eq(fileTexts.fileId, fileId));
  const chunks = await t.database.db
    .select()
    .from(fileTextChunks)
    .where(eq(fileTextChunks.fileId, fileId))
    .orderBy(fileTextChunks.position);
  return { row, chunks };
};

const jobOf = async (fileId: string) => {
  const rows = await t.database.db.select().from(jobs).where(eq(jobs.queue, extractTextQueue));
  return rows.find((job) => job.payload.fileId === fileId);
};

describe('document text extraction job', () => {
  it('extracts an uploaded PDF into passages once; running again changes nothing', async () => {
    const id = await upload(
      'policy.pdf',
      await renderTextPdf('Access policy', [
        'Access is reviewed every quarter.',
        'Leavers lose access the same day.',
      ]),
    );
    expect(await jobOf(id)).toMatchObject({ state: 'queued' });
    await t.providers.jobs.drain();
    const { row, chunks } = await outcome(id);
    expect(row).toMatchObject({ status: 'extracted', failureReason: null, pageCount: 1, isTruncated: false });
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      'Access policy Access is reviewed every quarter. Leavers lose access the same day.',
    ]);
    expect(await jobOf(id)).toMatchObject({ state: 'completed' });
    await createExtractTextHandler({ db: t.database.db, providers: t.providers })(
      { fileId: id },
      { id: 0, attempts: 1, maxAttempts: 1 },
    );
    expect((await outcome(id)).chunks).toHaveLength(1);
  });

  it('records an encrypted PDF as failed, without retrying', async () => {
    const id = await upload('sealed.pdf', await encryptedPdf());
    await t.providers.jobs.drain();
    expect(await outcome(id)).toEqual({
      row: expect.objectContaining({ status: 'failed', failureReason: 'encrypted', charCount: 0 }),
      chunks: [],
    });
    expect(await jobOf(id)).toMatchObject({ state: 'completed', attempts: 1 });
  });

  it('records a broken PDF as unreadable', async () => {
    const id = await upload(
      'broken.pdf',
      Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%%EOF truncated'),
    );
    await t.providers.jobs.drain();
    expect((await outcome(id)).row).toMatchObject({ status: 'failed', failureReason: 'unreadable' });
  });

  it('fails a file over the size limit, one that needs too much memory, and one that takes too long', async () => {
    const bytes = await renderTextPdf('Big', ['Text.']);
    const tooLarge = await createStoredFile(t.database.db, t.providers.storage, organisationId, {
      title: 'big',
      bytes,
      contentType: 'application/pdf',
    });
    const slow = await createStoredFile(t.database.db, t.providers.storage, organisationId, {
      title: 'slow',
      bytes,
      contentType: 'application/pdf',
    });
    const greedy = await createStoredFile(t.database.db, t.providers.storage, organisationId, {
      title: 'greedy',
      bytes,
      contentType: 'application/pdf',
    });
    const run = (fileId: string, limits: Partial<typeof pdfTextLimits>) =>
      createExtractTextHandler({
        db: t.database.db,
        providers: t.providers,
        limits: { ...pdfTextLimits, ...limits },
      })({ fileId }, { id: 0, attempts: 1, maxAttempts: 1 });
    await run(tooLarge.id, { maxBytes: bytes.length - 1 });
    expect((await outcome(tooLarge.id)).row).toMatchObject({ status: 'failed', failureReason: 'too_large' });
    await run(slow.id, { timeoutMs: 0 });
    expect((await outcome(slow.id)).row).toMatchObject({ status: 'failed', failureReason: 'timeout' });
    // The worker thread runs out of its own heap; this process goes on.
    await run(greedy.id, { maxMemoryMb: 1 });
    expect((await outcome(greedy.id)).row).toMatchObject({ status: 'failed', failureReason: 'too_large' });
  });

  it('refuses a compression bomb as too large before pdf.js inflates it, and records why', async () => {
    const inflated = pdfTextLimits.maxDecodedBytes + 16 * 1024 * 1024;
    const bytes = await compressionBombPdf(inflated);
    expect(bytes.length).toBeLessThan(inflated / 500);
    const bomb = await createStoredFile(t.database.db, t.providers.storage, organisationId, {
      title: 'bomb',
      bytes,
      contentType: 'application/pdf',
    });
    await createExtractTextHandler({ db: t.database.db, providers: t.providers })(
      { fileId: bomb.id },
      { id: 0, attempts: 1, maxAttempts: 1 },
    );
    expect((await outcome(bomb.id)).row).toMatchObject({ status: 'failed', failureReason: 'too_large' });

    // The same shape within the cap is read as usual.
    const small = await createStoredFile(t.database.db, t.providers.storage, organisationId, {
      title: 'small',
      bytes: await compressionBombPdf(1024 * 1024),
      contentType: 'application/pdf',
    });
    await createExtractTextHandler({ db: t.database.db, providers: t.providers })(
      { fileId: small.id },
      { id: 0, attempts: 1, maxAttempts: 1 },
    );
    expect((await outcome(small.id)).row).toMatchObject({ status: 'extracted' });
  });

  it('records a document whose bytes are missing once, and extracts again when they arrive', async () => {
    const db = t.database.db;
    const bytes = await renderTextPdf('Imported policy', ['Arrived after the import.']);
    const file = await createStoredFile(db, t.providers.storage, organisationId, {
      title: 'imported',
      bytes,
      contentType: 'application/pdf',
    });
    const [row] = await db.select().from(files).where(eq(files.id, file.id));
    await t.providers.storage.delete(row!.storageKey);
    const run = () =>
      createExtractTextHandler({ db, providers: t.providers })(
        { fileId: file.id },
        { id: 0, attempts: 1, maxAttempts: 1 },
      );
    await run();
    expect((await outcome(file.id)).row).toMatchObject({ status: 'failed', failureReason: 'bytes_missing' });
    await createExtractTextBackfillHandler({ db, providers: t.providers })(
      {},
      { id: 0, attempts: 1, maxAttempts: 1 },
    );
    expect(await jobOf(file.id)).toBeUndefined();

    await t.providers.storage.put(row!.storageKey, Readable.from([bytes]), {
      contentType: 'application/pdf',
      contentLength: bytes.length,
    });
    await enqueueTextExtraction(db, t.providers.jobs, { id: file.id, contentType: 'application/pdf' });
    expect((await outcome(file.id)).row).toBeUndefined();
    await t.providers.jobs.drain();
    expect((await outcome(file.id)).chunks.map((chunk) => chunk.text)).toEqual([
      'Imported policy Arrived after the import.',
    ]);
  });

  it('keeps the pages within the limit and marks the text truncated', async () => {
    const bytes = await renderTextPdf(
      'Long report',
      Array.from({ length: 120 }, (_, index) => `Paragraph ${index} of the long report says little.`),
    );
    const file = await createStoredFile(t.database.db, t.providers.storage, organisationId, {
      title: 'long',
      bytes,
      contentType: 'application/pdf',
    });
    await createExtractTextHandler({
      db: t.database.db,
      providers: t.providers,
      limits: { ...pdfTextLimits, maxPages: 1 },
    })({ fileId: file.id }, { id: 0, attempts: 1, maxAttempts: 1 });
    const { row, chunks } = await outcome(file.id);
    expect(row).toMatchObject({ status: 'extracted', isTruncated: true });
    expect(row!.pageCount).toBeGreaterThan(1);
    expect(new Set(chunks.map((chunk) => chunk.pageNumber))).toEqual(new Set([1]));
    expect(chunks.map((chunk) => chunk.text).join(' ')).not.toContain('Paragraph 119');
  });

  it('backfills documents stored without extraction, PDFs only; deleting a file drops its text', async () => {
    const db = t.database.db;
    const pdf = await createStoredFile(db, t.providers.storage, organisationId, {
      title: 'older',
      bytes: await renderTextPdf('Older upload', ['Stored before extraction existed.']),
      contentType: 'application/pdf',
    });
    const text = await createStoredFile(db, t.providers.storage, organisationId, {
      title: 'notes',
      bytes: Buffer.from('plain notes'),
    });
    await createExtractTextBackfillHandler({ db, providers: t.providers })(
      {},
      { id: 0, attempts: 1, maxAttempts: 1 },
    );
    await createExtractTextBackfillHandler({ db, providers: t.providers })(
      {},
      { id: 0, attempts: 1, maxAttempts: 1 },
    );
    const queued = (await db.select().from(jobs).where(eq(jobs.queue, extractTextQueue))).filter(
      (job) => job.payload.fileId === pdf.id,
    );
    expect(queued).toHaveLength(1);
    expect(await jobOf(text.id)).toBeUndefined();
    await t.providers.jobs.drain();
    expect((await outcome(pdf.id)).chunks.map((chunk) => chunk.text)).toEqual([
      'Older upload Stored before extraction existed.',
    ]);
    expect((await outcome(text.id)).row).toBeUndefined();
    await db.delete(files).where(eq(files.id, pdf.id));
    expect(await outcome(pdf.id)).toEqual({ row: undefined, chunks: [] });
  });
});

describe('passages', () => {
  it('rejoins words hyphenated at a line end and collapses whitespace', () => {
    expect(normalisePageText('Infor-\nmation  security\n\npolicy ')).toBe('Information security policy');
  });

  it('cuts pages into passages of whole sentences that never span pages', () => {
    const sentence = 'Every production change is reviewed by a second engineer before it ships.';
    const page = Array.from({ length: 30 }, () => sentence).join(' ');
    const chunks = chunkPages([page, 'Second page.', '   ']);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.text.length).toBeLessThanOrEqual(1500);
      expect(chunk.text.endsWith('ships.')).toBe(true);
    }
    expect(chunks.at(-1)).toEqual({ pageNumber: 2, text: 'Second page.' });
    expect(chunks.slice(0, -1).every((chunk) => chunk.pageNumber === 1)).toBe(true);
  });

  it('cuts a sentence longer than a passage at a space', () => {
    const words = Array.from({ length: 600 }, (_, index) => `word${index}`).join(' ');
    const chunks = chunkPages([words]);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((chunk) => chunk.text.length <= 1500)).toBe(true);
    expect(chunks.map((chunk) => chunk.text).join(' ')).toBe(words);
  });
});
