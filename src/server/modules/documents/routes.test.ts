import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFRef } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DocumentsView,
  documentLimits,
  documentMessages,
  type LibraryFile,
} from '../../../shared/documents';
import type { StaffRole } from '../../../shared/permissions';
import type { PortalCustomisation } from '../../../shared/portal';
import { auditLog, documentAccessEvents, files, itemFiles, items, organisations } from '../../db/schema';
import {
  createAccountMember,
  createItem,
  createOrganisation,
  createProduct,
  createStaffUser,
  findCatalogueItem,
} from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { storeExtractedText } from './extract-document-text';
import { renderTextPdf } from './text-pdf';

let t: TestApp;
let pdf: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  pdf = await renderTextPdf('Security policy', ['All access is logged.', 'Keys rotate every 90 days.']);
});
afterAll(async () => t.close());

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function setUp(options: { role?: StaffRole; customisation?: Partial<PortalCustomisation> } = {}) {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db, {
    name: 'Acme Cloud',
    customisation: options.customisation,
  });
  const staff = await createStaffUser(db, organisation.id, { role: options.role });
  const session = await createTestSession(db, { organisationId: organisation.id, staffUserId: staff.id });
  const { member } = await createAccountMember(db, organisation.id);
  const memberSession = await createTestSession(db, {
    organisationId: organisation.id,
    accountMemberId: member.id,
  });
  const staffRequest = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      payload: payload as never,
      cookies: session.cookies,
      headers: session.headers,
    });
  const upload = (name: string, bytes: Buffer | Readable, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/documents?name=${encodeURIComponent(name)}`,
      payload: bytes as never,
      cookies: session.cookies,
      headers: { ...session.headers, 'content-type': 'application/octet-stream', ...headers },
    });
  const base = `/api/statuspage/share/${organisation.slug}`;
  const view = async (cookies: Record<string, string> = {}) =>
    (await t.app.inject({ url: `${base}/view`, cookies })).json().documents as DocumentsView;
  return {
    db,
    organisation,
    product,
    staff,
    session,
    member,
    memberSession,
    staffRequest,
    upload,
    base,
    view,
  };
}

/** The decoded content streams of the first page, where drawn text appears as hex strings. */
async function pageText(bytes: Uint8Array): Promise<string> {
  const document = await PDFDocument.load(bytes);
  const contents = document.getPage(0).node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  return refs
    .map((ref) => document.context.lookup(ref as PDFRef))
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n');
}

async function uploadPdf(setup: Awaited<ReturnType<typeof setUp>>, name = 'policy.pdf', bytes = pdf) {
  const response = await setup.upload(name, bytes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as LibraryFile;
}

describe('document library', () => {
  it('stores an upload under a generated key with its sha256, type by bytes and original name', async () => {
    const setup = await setUp();
    const file = await uploadPdf(setup, 'Sécurité policy.pdf');
    expect(file).toMatchObject({
      originalName: 'Sécurité policy.pdf',
      title: 'Sécurité policy',
      contentType: 'application/pdf',
      sizeBytes: pdf.length,
      accessType: null,
      linkedItems: [],
    });
    const { createHash } = await import('node:crypto');
    expect(file.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    const [row] = await setup.db.select().from(files).where(eq(files.id, file.id));
    expect(row!.storageKey).toMatch(new RegExp(`^${setup.organisation.id}/[0-9a-f-]{36}$`));
    expect(await t.providers.storage.exists(row!.storageKey)).toBe(true);
    const list = await setup.staffRequest('GET', '/api/documents');
    expect(list.json().files.map((entry: LibraryFile) => entry.id)).toEqual([file.id]);

    const content = await setup.staffRequest(
      'GET',
      `/api/documents/${file.id}/content?disposition=attachment`,
    );
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload).toEqual(pdf);
    expect(content.headers['content-disposition']).toBe(
      `attachment; filename="S_curit_ policy.pdf"; filename*=UTF-8''S%C3%A9curit%C3%A9%20policy.pdf`,
    );
    expect(content.headers.etag).toBe(`"${file.sha256}"`);
  });

  it('takes an upload over a real connection: the streamed body is not walked as text', async () => {
    const setup = await setUp();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      // A socket-backed body has an object graph (socket, server) an input check must not walk.
      const response = await fetch(`${base}/api/documents?name=${encodeURIComponent('over-http.pdf')}`, {
        method: 'POST',
        body: new Uint8Array(pdf),
        signal: AbortSignal.timeout(20_000),
        headers: {
          ...setup.session.headers,
          'content-type': 'application/pdf',
          cookie: Object.entries(setup.session.cookies)
            .map(([name, value]) => `${name}=${value}`)
            .join('; '),
        },
      });
      expect(response.status, await response.clone().text()).toBe(201);
      expect(((await response.json()) as LibraryFile).sizeBytes).toBe(pdf.length);
    } finally {
      await t.app.server.close();
    }
  });

  it('lists why a document’s text was refused, so staff know search cannot find it', async () => {
    const setup = await setUp();
    const bomb = await uploadPdf(setup, 'bomb.pdf');
    const fine = await uploadPdf(setup, 'fine.pdf');
    const refusals = async () =>
      Object.fromEntries(
        (await setup.staffRequest('GET', '/api/documents'))
          .json()
          .files.map((entry: LibraryFile) => [entry.title, entry.textRefusal]),
      );
    expect(await refusals()).toEqual({ bomb: null, fine: null });
    const owner = { organisationId: setup.organisation.id };
    await storeExtractedText(
      setup.db,
      null,
      { id: bomb.id, ...owner },
      {
        ok: false,
        reason: 'too_large',
        detail: 'streams inflate past the cap',
      },
    );
    await storeExtractedText(
      setup.db,
      null,
      { id: fine.id, ...owner },
      {
        ok: true,
        pages: ['Policy text'],
        pageCount: 1,
        isTruncated: false,
      },
    );
    expect(await refusals()).toEqual({ bomb: 'too_large', fine: null });
  });

  it('accepts images and UTF-8 text and CSV without magic bytes', async () => {
    const setup = await setUp();
    expect((await setup.upload('pixel.png', png)).json().contentType).toBe('image/png');
    expect((await setup.upload('notes.txt', Buffer.from('Grüße\nline two\n'))).json().contentType).toMatch(
      /^text\/plain/,
    );
    expect(
      (await setup.upload('vendors.csv', Buffer.from('name,country\nAcme,DE\n'))).json().contentType,
    ).toMatch(/^text\/csv/);
  });

  it('refuses lying extensions, unknown types, empty files, path characters and oversized bodies, keeping nothing', async () => {
    const setup = await setUp();
    const cases: [string, Buffer, number, string][] = [
      ['report.png', pdf, 400, documentMessages.fileTypeNotAllowed],
      ['pixel.pdf', png, 400, documentMessages.fileTypeNotAllowed],
      ['binary.txt', Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe]), 400, documentMessages.fileTypeNotAllowed],
      [
        'page.html',
        Buffer.from('<html><script>alert(1)</script></html>'),
        400,
        documentMessages.fileTypeNotAllowed,
      ],
      ['empty.pdf', Buffer.alloc(0), 400, documentMessages.fileEmpty],
      ['../../etc/passwd.pdf', pdf, 400, documentMessages.fileNameInvalid],
      ['dir\\policy.pdf', pdf, 400, documentMessages.fileNameInvalid],
    ];
    for (const [name, bytes, status, message] of cases) {
      const response = await setup.upload(name, bytes);
      expect(response.statusCode, name).toBe(status);
      expect(response.json().error.message, name).toBe(message);
    }
    const tooLarge = documentLimits.uploadMaxBytes + 1;
    let sent = 0;
    const stream = new Readable({
      read() {
        const size = Math.min(1024 * 1024, tooLarge - sent);
        sent += size;
        this.push(size > 0 ? Buffer.alloc(size, 0x41) : null);
      },
    });
    const streamed = await setup.upload('large.txt', stream);
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().error.message).toBe(documentMessages.fileTooLarge(50));
    const declared = await setup.upload('large.txt', Buffer.from('small'), {
      'content-length': String(tooLarge),
    });
    expect(declared.statusCode).toBe(413);
    const rows = await setup.db.select().from(files).where(eq(files.organisationId, setup.organisation.id));
    expect(rows).toEqual([]);
    const stored = await fs
      .readdir(path.join(t.config.dataDir, 'files', setup.organisation.id))
      .catch(() => []);
    expect(stored).toEqual([]);
  });

  it('renames, sets the access type and deletes with links and bytes; permissions decide who may', async () => {
    const setup = await setUp();
    const file = await uploadPdf(setup);
    const item = await createItem(setup.db, setup.product, {
      cardKind: 'Documents',
      title: 'Security policy',
    });
    // A second file keeps the documents item valid once this one is gone (spec 2 §5).
    const kept = await uploadPdf(setup, 'kept.pdf');
    await setup.staffRequest('PUT', `/api/trust-center/products/${setup.product.id}/items/${item.id}/files`, {
      fileIds: [file.id, kept.id],
    });
    const patched = await setup.staffRequest('PATCH', `/api/documents/${file.id}`, {
      title: 'Information security policy',
      accessType: 'view_only',
    });
    expect(patched.json()).toMatchObject({ title: 'Information security policy', accessType: 'view_only' });
    expect(patched.json().linkedItems).toEqual([
      { itemUid: item.id, title: 'Security policy', productId: setup.product.id },
    ]);
    const [row] = await setup.db.select().from(files).where(eq(files.id, file.id));
    expect((await setup.staffRequest('DELETE', `/api/documents/${file.id}`)).statusCode).toBe(204);
    expect(await t.providers.storage.exists(row!.storageKey)).toBe(false);
    expect((await setup.view()).files.map((entry) => entry.fileId)).toEqual([kept.id]);
    expect((await setup.staffRequest('DELETE', `/api/documents/${file.id}`)).statusCode).toBe(404);

    const reader = await setUp({ role: 'viewer' });
    const readerFile = await uploadPdf(setup);
    expect((await reader.staffRequest('GET', '/api/documents')).statusCode).toBe(200);
    expect((await reader.upload('policy.pdf', pdf)).statusCode).toBe(403);
    expect((await reader.staffRequest('DELETE', `/api/documents/${readerFile.id}`)).statusCode).toBe(403);
    // Viewing against downloading by role: the policy matrix's staff-read-only rows.
  });
});

describe('deleting a file documents items depend on', () => {
  it('refuses, naming the items left without a file, and changes nothing; deletes once they have another', async () => {
    const setup = await setUp();
    const [only, other] = [await uploadPdf(setup, 'only.pdf'), await uploadPdf(setup, 'other.pdf')];
    const mobile = await createProduct(setup.db, setup.organisation.id, { name: 'Mobile' });
    const alpha = await createItem(setup.db, setup.product, { cardKind: 'Documents', title: 'Alpha' });
    const beta = await createItem(setup.db, setup.product, { cardKind: 'Documents', title: 'Beta' });
    const gamma = await createItem(setup.db, mobile, { cardKind: 'Documents', title: 'Gamma' });
    const policy = await createItem(setup.db, setup.product, { cardKind: 'DataSecurity', title: 'Policy' });
    const link = (productId: string, itemId: string, fileIds: string[]) =>
      setup.staffRequest('PUT', `/api/trust-center/products/${productId}/items/${itemId}/files`, { fileIds });
    for (const [productId, itemId, fileIds] of [
      [setup.product.id, alpha.id, [only.id]],
      [setup.product.id, beta.id, [only.id, other.id]],
      [mobile.id, gamma.id, [only.id]],
      [setup.product.id, policy.id, [only.id]],
    ] as const) {
      expect((await link(productId, itemId, [...fileIds])).statusCode).toBe(200);
    }
    const linksOf = async (fileId: string) =>
      (await setup.db.select().from(itemFiles).where(eq(itemFiles.fileId, fileId)))
        .map((row) => row.itemId)
        .sort();
    const [stored] = await setup.db.select().from(files).where(eq(files.id, only.id));

    const refused = await setup.staffRequest('DELETE', `/api/documents/${only.id}`);
    expect(refused.statusCode).toBe(409);
    // Items of two products: each title says its product, products in name order.
    expect(refused.json().error).toMatchObject({
      code: 'conflict',
      message: documentMessages.onlyFileOfItems(['Gamma (Mobile)', 'Alpha (Platform)']),
    });
    expect(await linksOf(only.id)).toEqual([alpha.id, beta.id, gamma.id, policy.id].sort());
    expect(await t.providers.storage.exists(stored!.storageKey)).toBe(true);
    const deletions = await setup.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, setup.organisation.id), eq(auditLog.action, 'document.delete')));
    expect(deletions).toEqual([]);

    expect((await link(mobile.id, gamma.id, [other.id])).statusCode).toBe(200);
    const stillAlpha = await setup.staffRequest('DELETE', `/api/documents/${only.id}`);
    expect(stillAlpha.statusCode).toBe(409);
    expect(stillAlpha.json().error.message).toBe(documentMessages.onlyFileOfItems(['Alpha']));

    expect((await link(setup.product.id, alpha.id, [only.id, other.id])).statusCode).toBe(200);
    expect((await setup.staffRequest('DELETE', `/api/documents/${only.id}`)).statusCode).toBe(204);
    // A non-documents item may be left without a file; every documents item keeps the other one.
    expect(await linksOf(only.id)).toEqual([]);
    expect(await linksOf(other.id)).toEqual([alpha.id, beta.id, gamma.id].sort());
    expect(await t.providers.storage.exists(stored!.storageKey)).toBe(false);
  });
});

describe('linking, featured order and the portal view', () => {
  it('links files in one transaction, requires a file on documents items and features items in order', async () => {
    const setup = await setUp();
    const [first, second] = [await uploadPdf(setup, 'a.pdf'), await uploadPdf(setup, 'b.pdf')];
    const itemA = await createItem(setup.db, setup.product, { cardKind: 'Documents', title: 'Alpha' });
    const itemB = await createItem(setup.db, setup.product, { cardKind: 'Documents', title: 'Beta' });
    const filesUrl = (itemId: string) =>
      `/api/trust-center/products/${setup.product.id}/items/${itemId}/files`;
    const [before] = await setup.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, setup.organisation.id));
    expect((await setup.staffRequest('PUT', filesUrl(itemA.id), { fileIds: [first.id] })).json()).toEqual({
      itemUid: itemA.id,
      fileIds: [first.id],
    });
    const [after] = await setup.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, setup.organisation.id));
    expect(after!.revision).toBeGreaterThan(before!.revision);
    await setup.staffRequest('PUT', filesUrl(itemB.id), { fileIds: [second.id] });

    const empty = await setup.staffRequest('PUT', filesUrl(itemA.id), { fileIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(documentMessages.uploadRequired);
    const other = await setUp();
    const foreign = await uploadPdf(other);
    const stolen = await setup.staffRequest('PUT', filesUrl(itemA.id), { fileIds: [first.id, foreign.id] });
    expect(stolen.statusCode).toBe(400);
    expect((await setup.view()).files.map((file) => file.fileId).sort()).toEqual(
      [first.id, second.id].sort(),
    );

    const featured = `/api/trust-center/products/${setup.product.id}/documents/featured`;
    expect((await setup.staffRequest('PUT', featured, { featuredItemUids: [itemB.id] })).statusCode).toBe(
      200,
    );
    const documents = await setup.view();
    expect(documents.featuredItemUids).toEqual([itemB.id]);
    expect(documents.files.map((file) => file.title)).toEqual(['b', 'a']);
    const notOnCard = await findCatalogueItem(setup.db, setup.product.id, 'reports.soc-3');
    expect((await setup.staffRequest('PUT', featured, { featuredItemUids: [notOnCard.id] })).statusCode).toBe(
      400,
    );
  });
});

describe('adding a documents card item', () => {
  it('needs a file, creates the item and its link in one transaction, and gives it its own permalink', async () => {
    const setup = await setUp();
    const file = await uploadPdf(setup, 'Acceptable use policy.pdf');
    const itemsUrl = `/api/trust-center/products/${setup.product.id}/cards/Documents/items`;
    const documentsItems = async () =>
      (
        await setup.db
          .select({ id: items.id, title: items.title })
          .from(items)
          .where(and(eq(items.productId, setup.product.id), eq(items.cardKind, 'Documents')))
      ).map((row) => row.title);

    for (const body of [
      { title: 'Acceptable use policy' },
      { title: 'Acceptable use policy', fileIds: [] },
    ]) {
      const refused = await setup.staffRequest('POST', itemsUrl, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        message: documentMessages.uploadRequired,
        fields: { fileIds: documentMessages.uploadRequired },
      });
    }
    // The link fails (another organisation's file): the item it was for is not left behind.
    const foreign = await uploadPdf(await setUp());
    const failedLink = await setup.staffRequest('POST', itemsUrl, {
      title: 'Acceptable use policy',
      fileIds: [file.id, foreign.id],
    });
    expect(failedLink.statusCode).toBe(400);
    expect(failedLink.json().error.message).toBe(documentMessages.fileNotFound);
    expect(await documentsItems()).toEqual([]);

    const created = await setup.staffRequest('POST', itemsUrl, {
      title: 'Acceptable use policy',
      fileIds: [file.id],
    });
    expect(created.statusCode).toBe(201);
    const item = created.json() as { itemUid: string; slug: string; isCustom: boolean };
    // The Policies card's catalogue item of that name is older and keeps the plain slug (decision 172).
    expect(item).toMatchObject({ isCustom: true, slug: 'acceptable-use-policy-2' });
    expect(await documentsItems()).toEqual(['Acceptable use policy']);
    const staffView = await setup.view(setup.session.cookies);
    expect(staffView.files.map((entry) => [entry.itemUid, entry.fileId])).toEqual([[item.itemUid, file.id]]);
    const [audit] = await setup.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, setup.organisation.id), eq(auditLog.action, 'item.created')));
    expect(audit?.data).toMatchObject({ cardKind: 'Documents', fileIds: [file.id] });

    const namesake = await setup.staffRequest('POST', itemsUrl, {
      title: 'Acceptable use policy',
      fileIds: [file.id],
    });
    expect(namesake.json().slug).toBe('acceptable-use-policy-3');
  });
});

describe('visitor views and downloads', () => {
  async function publishedDocuments(customisation: Partial<PortalCustomisation> = {}) {
    const setup = await setUp({ customisation });
    const publicFile = await uploadPdf(setup, 'public policy.pdf');
    const restrictedFile = await uploadPdf(setup, 'pen test.pdf');
    const viewOnlyFile = await uploadPdf(setup, 'architecture.pdf');
    await setup.staffRequest('PATCH', `/api/documents/${viewOnlyFile.id}`, { accessType: 'view_only' });
    const publicItem = await createItem(setup.db, setup.product, {
      cardKind: 'Documents',
      title: 'Public policy',
    });
    const restrictedItem = await createItem(setup.db, setup.product, {
      cardKind: 'Documents',
      title: 'Pen test',
      isPublic: false,
    });
    const link = (itemId: string, fileIds: string[]) =>
      setup.staffRequest('PUT', `/api/trust-center/products/${setup.product.id}/items/${itemId}/files`, {
        fileIds,
      });
    await link(publicItem.id, [publicFile.id, viewOnlyFile.id]);
    await link(restrictedItem.id, [restrictedFile.id]);
    const url = (fileId: string, itemId: string, disposition = 'attachment') =>
      `${setup.base}/documents/${fileId}?itemUid=${itemId}&disposition=${disposition}`;
    return { ...setup, publicFile, restrictedFile, viewOnlyFile, publicItem, restrictedItem, url };
  }

  it('serves public files to everyone with ranges, ETag and RFC 6266 names', async () => {
    const s = await publishedDocuments();
    const url = s.url(s.publicFile.id, s.publicItem.id);
    const whole = await t.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload).toEqual(pdf);
    expect(whole.headers['content-disposition']).toBe(
      `attachment; filename="public policy.pdf"; filename*=UTF-8''public%20policy.pdf`,
    );
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const partial = await t.app.inject({ url, headers: { range: 'bytes=0-9' } });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 0-9/${pdf.length}`);
    expect(partial.rawPayload).toEqual(pdf.subarray(0, 10));
    const suffix = await t.app.inject({ url, headers: { range: 'bytes=-5' } });
    expect(suffix.rawPayload).toEqual(pdf.subarray(pdf.length - 5));
    const past = await t.app.inject({ url, headers: { range: `bytes=${pdf.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${pdf.length}`);
    const cached = await t.app.inject({ url, headers: { 'if-none-match': whole.headers.etag as string } });
    expect(cached.statusCode).toBe(304);
    // The file exists but is not linked to that item: not found, like an unknown id.
    expect((await t.app.inject({ url: s.url(s.publicFile.id, s.restrictedItem.id) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: s.url(crypto.randomUUID(), s.publicItem.id) })).statusCode).toBe(404);
    const events = await s.db
      .select()
      .from(documentAccessEvents)
      .where(
        and(eq(documentAccessEvents.fileId, s.publicFile.id), eq(documentAccessEvents.action, 'download')),
      );
    expect(events.length).toBe(4); // whole, 0-9, the suffix and the 304; the range past 0 continues a reading
  });

  it('answers 404 with a reason for a document whose bytes are not uploaded yet (an import)', async () => {
    const s = await publishedDocuments();
    const [stored] = await s.db.select().from(files).where(eq(files.id, s.publicFile.id));
    await t.providers.storage.delete(stored!.storageKey);
    const response = await t.app.inject({ url: s.url(s.publicFile.id, s.publicItem.id) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'This document has no file uploaded yet.' },
    });
  });

  it('shows view-only files for viewing only, with the spec text on download', async () => {
    const s = await publishedDocuments();
    const entry = (await s.view()).files.find((file) => file.fileId === s.viewOnlyFile.id)!;
    expect(entry).toMatchObject({ canDownload: false, downloadUrl: null });
    expect((await t.app.inject({ url: entry.viewUrl })).statusCode).toBe(200);
    const download = await t.app.inject({ url: s.url(s.viewOnlyFile.id, s.publicItem.id) });
    expect(download.statusCode).toBe(403);
    expect(download.json().error.message).toBe(
      'This file is view-only and not downloadable in the Trust Center',
    );
    const orgViewOnly = await publishedDocuments({ documentAccessType: 'view_only' });
    expect(
      (await t.app.inject({ url: orgViewOnly.url(orgViewOnly.publicFile.id, orgViewOnly.publicItem.id) }))
        .statusCode,
    ).toBe(403);
  });

  it('marks a password-protected PDF as encrypted in the view, so opening it warns it may take a moment', async () => {
    const s = await publishedDocuments();
    const encrypted = (await s.view()).files.find((file) => file.fileId === s.publicFile.id)!;
    expect(encrypted.isEncrypted).toBe(false);
    await storeExtractedText(
      s.db,
      null,
      { id: s.publicFile.id, organisationId: s.organisation.id },
      { ok: false, reason: 'encrypted', detail: 'password required' },
    );
    const files = (await s.view()).files;
    expect(files.find((file) => file.fileId === s.publicFile.id)?.isEncrypted).toBe(true);
    expect(files.find((file) => file.fileId === s.viewOnlyFile.id)?.isEncrypted).toBe(false);
  });

  it('refuses restricted files to the public and watermarks them for an approved account', async () => {
    const s = await publishedDocuments();
    const url = s.url(s.restrictedFile.id, s.restrictedItem.id);
    expect((await s.view()).files.map((file) => file.fileId)).not.toContain(s.restrictedFile.id);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    const served = await t.app.inject({
      url,
      cookies: s.memberSession.cookies,
      headers: { range: 'bytes=0-9' },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['accept-ranges']).toBe('none');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.headers.etag).toBeUndefined();
    const marked = await PDFDocument.load(served.rawPayload);
    expect(marked.getPageCount()).toBe(1);
    expect(served.rawPayload.toString('latin1')).not.toEqual(pdf.toString('latin1'));
    const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase();
    expect(await pageText(served.rawPayload)).toContain(
      hex(`Confidential — ${s.member.email}`.replace('—', '\x97')),
    );
    const memberView = await s.view(s.memberSession.cookies);
    expect(memberView.files.find((file) => file.fileId === s.restrictedFile.id)?.canDownload).toBe(true);
  });
});
