import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type BulkDownloadResult,
  bridgeLetterMessages,
  type DocumentsView,
  documentLimits,
  documentMessages,
} from '../../../shared/documents';
import type { PortalCustomisation } from '../../../shared/portal';
import {
  createAccountMember,
  createItem,
  createOrganisation,
  createStaffUser,
  findCatalogueItem,
} from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { renderTextPdf } from './text-pdf';

const run = promisify(execFile);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function setUp(customisation: Partial<PortalCustomisation> = {}) {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db, { name: 'Acme Cloud', customisation });
  const staff = await createStaffUser(db, organisation.id);
  const session = await createTestSession(db, { organisationId: organisation.id, staffUserId: staff.id });
  const { member } = await createAccountMember(db, organisation.id);
  const memberSession = await createTestSession(db, {
    organisationId: organisation.id,
    accountMemberId: member.id,
  });
  const staffRequest = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      payload: payload as never,
      cookies: session.cookies,
      headers: session.headers,
    });
  const upload = async (name: string, bytes: Buffer) => {
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
  const link = (itemId: string, fileIds: string[]) =>
    staffRequest('PUT', `/api/trust-center/products/${product.id}/items/${itemId}/files`, { fileIds });
  const base = `/api/statuspage/share/${organisation.slug}`;
  return { db, organisation, product, member, memberSession, staffRequest, upload, link, base };
}

describe('bulk download', () => {
  it('zips what the gate allows, lists the rest as failed, and unzip -t accepts the archive', async () => {
    const s = await setUp();
    const policy = await s.upload('policy.pdf', await renderTextPdf('Policy', ['One.']));
    const samePolicyName = await s.upload('policy.pdf', await renderTextPdf('Policy v2', ['Two.']));
    const notes = await s.upload('notes.txt', Buffer.from('plain text notes\n'.repeat(100)));
    const secret = await s.upload('pen test.pdf', await renderTextPdf('Pen test', ['Findings.']));
    const viewOnly = await s.upload('architecture.pdf', await renderTextPdf('Architecture', ['Diagram.']));
    await s.staffRequest('PATCH', `/api/documents/${viewOnly}`, { accessType: 'view_only' });
    const publicItem = await createItem(s.db, s.product, { cardKind: 'Documents', title: 'Policies' });
    const restrictedItem = await createItem(s.db, s.product, {
      cardKind: 'Documents',
      title: 'Pen test',
      isPublic: false,
    });
    await s.link(publicItem.id, [policy, samePolicyName, notes, viewOnly]);
    await s.link(restrictedItem.id, [secret]);
    const request = (
      files: { itemUid: string; fileId: string; generated: boolean }[],
      credentials: { cookies?: Record<string, string>; headers?: Record<string, string> } = {},
    ) =>
      t.app.inject({
        method: 'POST',
        url: `${s.base}/bulk-download`,
        payload: { files, productId: s.product.id, selectAllUsed: false },
        ...credentials,
      });
    const entry = (itemUid: string, fileId: string, generated = false) => ({ itemUid, fileId, generated });
    const unknown = crypto.randomUUID();
    const response = await request([
      entry(publicItem.id, policy),
      entry(publicItem.id, samePolicyName),
      entry(publicItem.id, notes),
      entry(publicItem.id, policy), // duplicate
      entry(publicItem.id, viewOnly), // view-only
      entry(restrictedItem.id, secret), // restricted, public viewer
      entry(publicItem.id, secret), // not linked to that item
      entry(publicItem.id, unknown),
      entry(publicItem.id, notes, true), // wrong generated flag
    ]);
    const result = response.json() as BulkDownloadResult;
    expect(result.successCount).toBe(3);
    expect(result.failedFileIds).toEqual([policy, viewOnly, secret, secret, unknown, notes]);
    const zip = await t.app.inject({ url: result.fileUrl! });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-zip-'));
    const zipPath = path.join(directory, 'documents.zip');
    await fs.writeFile(zipPath, zip.rawPayload);
    const { stdout } = await run('/usr/bin/unzip', ['-t', zipPath]);
    expect(stdout).toContain('No errors detected');
    const listing = (await run('/usr/bin/unzip', ['-Z1', zipPath])).stdout.trim().split('\n').sort();
    expect(listing).toEqual(['notes.txt', 'policy (2).pdf', 'policy.pdf']);
    await fs.rm(directory, { recursive: true, force: true });

    // The member may have the restricted file; the public URL is theirs alone.
    const memberResult = (await request([entry(restrictedItem.id, secret)], s.memberSession)).json();
    expect(memberResult).toMatchObject({ successCount: 1, failedFileIds: [] });
    expect((await t.app.inject({ url: memberResult.fileUrl })).statusCode).toBe(400);
    const memberZip = await t.app.inject({ url: memberResult.fileUrl, cookies: s.memberSession.cookies });
    expect(memberZip.statusCode).toBe(200);

    // Access lost after the URL was made: the fetch re-checks the gate.
    const { items } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await s.db.update(items).set({ isHidden: true }).where(eq(items.id, restrictedItem.id));
    expect(
      (await t.app.inject({ url: memberResult.fileUrl, cookies: s.memberSession.cookies })).statusCode,
    ).toBe(404);
  });

  it('refuses tampered, foreign and expired URLs, and everything when bulk download is off', async () => {
    const s = await setUp();
    const file = await s.upload('policy.pdf', await renderTextPdf('Policy', ['One.']));
    const item = await createItem(s.db, s.product, { cardKind: 'Documents', title: 'Policies' });
    await s.link(item.id, [file]);
    const body = {
      files: [{ itemUid: item.id, fileId: file, generated: false }],
      productId: s.product.id,
      selectAllUsed: true,
    };
    const { fileUrl } = (
      await t.app.inject({ method: 'POST', url: `${s.base}/bulk-download`, payload: body })
    ).json();
    const token = new URL(fileUrl, 'http://x').searchParams.get('token')!;
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, b: 'Dw' })).toString('base64url');
    for (const bad of [
      `${header}.${forged}.${signature}`,
      `${header}.${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`,
      'not-a-token',
    ]) {
      const response = await t.app.inject({ url: `${s.base}/bulk-download/file?token=${bad}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(documentMessages.linkExpired);
    }
    const other = await setUp();
    expect((await t.app.inject({ url: `${other.base}/bulk-download/file?token=${token}` })).statusCode).toBe(
      400,
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (documentLimits.signedUrlMinutes + 1) * 60_000);
    try {
      expect((await t.app.inject({ url: fileUrl })).statusCode).toBe(400);
    } finally {
      vi.useRealTimers();
    }
    // A new link on the product changes its document list: older URLs stop working.
    const second = await s.upload('second.pdf', await renderTextPdf('Second', ['Two.']));
    await s.link(item.id, [file, second]);
    expect((await t.app.inject({ url: fileUrl })).statusCode).toBe(400);

    const off = await setUp({ bulkDownloadEnabled: false });
    const offFile = await off.upload('policy.pdf', await renderTextPdf('Policy', ['One.']));
    const offItem = await createItem(off.db, off.product, { cardKind: 'Documents', title: 'Policies' });
    await off.link(offItem.id, [offFile]);
    const refused = await t.app.inject({
      method: 'POST',
      url: `${off.base}/bulk-download`,
      payload: {
        files: [{ itemUid: offItem.id, fileId: offFile, generated: false }],
        productId: off.product.id,
        selectAllUsed: false,
      },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('stops reading the sources when the client disconnects', async () => {
    const s = await setUp();
    const file = await s.upload('large.txt', Buffer.from('x'.repeat(1024)));
    const item = await createItem(s.db, s.product, { cardKind: 'Documents', title: 'Large' });
    await s.link(item.id, [file]);
    const body = {
      files: [{ itemUid: item.id, fileId: file, generated: false }],
      productId: s.product.id,
      selectAllUsed: false,
    };
    const { fileUrl } = (
      await t.app.inject({ method: 'POST', url: `${s.base}/bulk-download`, payload: body })
    ).json();
    // The stored object is replaced by an endless source, so only a disconnect can end the read.
    let destroyed!: () => void;
    const sourceDestroyed = new Promise<void>((resolve) => {
      destroyed = resolve;
    });
    const storage = t.providers.storage;
    const realGet = storage.get;
    storage.get = async () =>
      new Readable({
        read() {
          this.push(Buffer.alloc(64 * 1024, 0x61));
        },
        destroy(error, callback) {
          destroyed();
          callback(error);
        },
      });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = t.app.server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) => {
        const request = http.get(`http://127.0.0.1:${port}${fileUrl}`, (response) => {
          expect(response.statusCode).toBe(200);
          let received = 0;
          response.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received > 1024 * 1024) {
              request.destroy();
              resolve();
            }
          });
        });
        request.on('error', (error) => (request.destroyed ? resolve() : reject(error)));
      });
      await sourceDestroyed;
    } finally {
      storage.get = realGet;
    }
  });
});

describe('bridge letters', () => {
  it('validates, generates the PDF, and serves it through its report item in the view and bulk downloads', async () => {
    const s = await setUp();
    const url = `/api/trust-center/products/${s.product.id}/bridge-letters/soc2`;
    const invalid = await s.staffRequest('PUT', url, {
      letterEnabled: true,
      letterContent: ' ',
      signerName: '',
      signerTitle: '',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toEqual({
      letterContent: bridgeLetterMessages.contentRequired,
      signerName: bridgeLetterMessages.signerNameRequired,
      signerTitle: bridgeLetterMessages.signerTitleRequired,
    });
    const saved = await s.staffRequest('PUT', url, {
      letterEnabled: true,
      letterContent: 'No material changes to our controls since the end of the audit period.',
      signerName: 'Dana Chief',
      signerTitle: 'Chief Information Security Officer',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const letter = saved.json();
    expect(letter).toMatchObject({ letterEnabled: true, fileName: 'Acme-Cloud-SOC-2-Bridge-Letter.pdf' });
    expect((await s.staffRequest('GET', url)).json()).toEqual(letter);
    const report = await findCatalogueItem(s.db, s.product.id, 'reports.soc-2-type-2');
    expect(letter.itemUid).toBe(report.id);

    // The report item is restricted and not enabled yet: nobody outside Main mode gets the letter.
    const publicView = (await t.app.inject({ url: `${s.base}/view` })).json().documents as DocumentsView;
    expect(publicView.files).toEqual([]);
    const { items } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await s.db.update(items).set({ enabledState: 'Enabled' }).where(eq(items.id, report.id));
    const memberView = (
      await t.app.inject({ url: `${s.base}/view`, cookies: s.memberSession.cookies })
    ).json().documents as DocumentsView;
    const entry = memberView.files.find((file) => file.kind === 'letter')!;
    expect(entry).toMatchObject({
      fileId: letter.letterId,
      itemUid: report.id,
      originalName: letter.fileName,
    });
    const pdf = await t.app.inject({ url: entry.downloadUrl!, cookies: s.memberSession.cookies });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.app.inject({ url: entry.downloadUrl! })).statusCode).toBe(404);
    const bulk = await t.app.inject({
      method: 'POST',
      cookies: s.memberSession.cookies,
      headers: s.memberSession.headers,
      url: `${s.base}/bulk-download`,
      payload: {
        files: [{ itemUid: report.id, fileId: letter.letterId, generated: true }],
        productId: s.product.id,
        selectAllUsed: true,
      },
    });
    expect(bulk.json()).toMatchObject({ successCount: 1, failedFileIds: [] });

    const disabled = await s.staffRequest('PUT', url, {
      letterEnabled: false,
      letterContent: '',
      signerName: '',
      signerTitle: '',
    });
    expect(disabled.json()).toMatchObject({ letterEnabled: false, letterId: null });
  });
});
