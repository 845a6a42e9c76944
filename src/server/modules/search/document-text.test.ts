import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerResponse, SearchResponse } from '../../../shared/search';
import { fileTexts } from '../../db/schema';
import {
  acceptNdaVersion,
  createAccountMember,
  createItem,
  createNdaVersion,
  createOrganisation,
  createStaffUser,
  setAccessSettings,
} from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { renderTextPdf } from '../documents/text-pdf';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Words that appear only inside the restricted PDF's text (never in a title, name or item). */
const canary = 'xylocanarium';
const canaryPhrase = `The vault unseal ceremony follows the ${canary} procedure with five officers.`;

async function setUp() {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db, { customisation: { genAiEnabled: true } });
  const staff = await createStaffUser(db, organisation.id);
  const staffSession = await createTestSession(db, {
    organisationId: organisation.id,
    staffUserId: staff.id,
  });
  const upload = async (name: string, bytes: Buffer) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/documents?name=${encodeURIComponent(name)}`,
      payload: bytes,
      cookies: staffSession.cookies,
      headers: { ...staffSession.headers, 'content-type': 'application/octet-stream' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const link = async (itemId: string, fileIds: string[]) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/trust-center/products/${product.id}/items/${itemId}/files`,
      payload: { fileIds },
      cookies: staffSession.cookies,
      headers: staffSession.headers,
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
  };
  const publicFile = await upload(
    'backup-standard.pdf',
    await renderTextPdf('Backup standard', [
      'Backups are encrypted with the quokkaflux cipher suite and kept for thirty days.',
      'Restores are tested every quarter by the operations team.',
    ]),
  );
  const restrictedFile = await upload(
    'operations-manual.pdf',
    await renderTextPdf('Operations manual', [
      'This manual describes how the platform is run day to day.',
      canaryPhrase,
    ]),
  );
  const publicItem = await createItem(db, product, { cardKind: 'Documents', title: 'Backup standard' });
  const restrictedItem = await createItem(db, product, {
    cardKind: 'Documents',
    title: 'Operations manual',
    isPublic: false,
  });
  await link(publicItem.id, [publicFile]);
  await link(restrictedItem.id, [restrictedFile]);
  // The organisation requires an NDA: an approved member who has not accepted it reads public content only.
  await setAccessSettings(db, organisation.id, { requireNda: true });
  const nda = await createNdaVersion(db, organisation.id);
  const withoutNda = await createAccountMember(db, organisation.id, { reviewStatus: 'approved' });
  const withNda = await createAccountMember(db, organisation.id, { reviewStatus: 'approved' });
  await acceptNdaVersion(db, withNda.member, nda);
  const session = async (memberId: string) =>
    createTestSession(db, { organisationId: organisation.id, accountMemberId: memberId });
  return {
    organisation,
    product,
    base: `/api/statuspage/share/${organisation.slug}`,
    publicFile,
    restrictedFile,
    staffSession,
    withoutNdaSession: await session(withoutNda.member.id),
    withNdaSession: await session(withNda.member.id),
  };
}

type Setup = Awaited<ReturnType<typeof setUp>>;
type Session = Setup['staffSession'] | null;
let setup: Setup;

beforeAll(async () => {
  setup = await setUp();
  // The uploads enqueued their extraction; the worker runs it.
  await t.providers.jobs.drain();
});

const search = (session: Session, term: string) =>
  t.app.inject({
    method: 'POST',
    url: `${setup.base}/search`,
    cookies: session?.cookies ?? {},
    headers: session?.headers ?? {},
    payload: { query: { term, filters: { products: [setup.product.id] } } },
  });

const answer = (session: Session, term: string) =>
  t.app.inject({
    method: 'POST',
    url: `${setup.base}/search/answer`,
    cookies: session?.cookies ?? {},
    headers: session?.headers ?? {},
    payload: { query: { term, filters: { product: setup.product.id } } },
  });

describe("documents' extracted text in search", () => {
  it('extracts the text of uploaded PDFs in the background', async () => {
    const rows = await t.database.db
      .select()
      .from(fileTexts)
      .where(eq(fileTexts.fileId, setup.restrictedFile));
    expect(rows).toEqual([
      expect.objectContaining({ status: 'extracted', pageCount: 1, isTruncated: false }),
    ]);
  });

  it('finds a document by a word of its text, with the matching passage as the snippet', async () => {
    const response = await search(null, 'quokkaflux');
    const { result } = response.json() as SearchResponse;
    expect(result.total).toBe(1);
    const [match] = result.matches;
    expect(match).toMatchObject({ type: 'document', id: setup.publicFile, title: 'backup-standard' });
    expect(match!.snippet?.some((part) => part.isMatch && part.text === 'quokkaflux')).toBe(true);
    expect(match!.type === 'document' && match!.content[0]!.value).toContain('quokkaflux cipher suite');
  });

  it('answers from a readable document, citing it', async () => {
    const response = await answer(setup.withoutNdaSession, 'How are backups encrypted?');
    const { result } = response.json() as AnswerResponse;
    expect(result.answer).toContain('quokkaflux');
    expect(result.sources).toEqual([expect.objectContaining({ type: 'document', id: setup.publicFile })]);
  });
});

describe('canary: restricted document text reaches only those who may read the document', () => {
  const leaks = (body: string) => body.includes(canary) || body.includes(setup.restrictedFile);

  it('a public visitor neither finds, counts nor sees it, whatever the words', async () => {
    for (const term of [canary, 'vault unseal ceremony', 'five officers procedure']) {
      const response = await search(null, term);
      expect(response.statusCode).toBe(200);
      const { result } = response.json() as SearchResponse;
      expect(result.total, term).toBe(0);
      expect(Object.values(result.counts).every((count) => count === 0)).toBe(true);
      expect(leaks(response.body)).toBe(false);
    }
    const refused = await answer(null, 'What procedure does the vault unseal ceremony follow?');
    expect(refused.statusCode).toBe(403);
    expect(leaks(refused.body)).toBe(false);
  });

  it('an approved member without the NDA neither finds nor gets an answer from it', async () => {
    const found = await search(setup.withoutNdaSession, canary);
    expect((found.json() as SearchResponse).result.total).toBe(0);
    expect(leaks(found.body)).toBe(false);
    const asked = await answer(
      setup.withoutNdaSession,
      'What procedure does the vault unseal ceremony follow?',
    );
    expect(asked.json()).toEqual({ result: { answer: null, sources: [] } });
  });

  it('an approved member with the NDA finds it and gets it cited', async () => {
    const found = await search(setup.withNdaSession, canary);
    const { result } = found.json() as SearchResponse;
    expect(result.total).toBe(1);
    expect(result.counts.document).toBe(1);
    expect(result.matches[0]).toMatchObject({ type: 'document', id: setup.restrictedFile });
    const asked = await answer(setup.withNdaSession, 'What procedure does the vault unseal ceremony follow?');
    const answered = (asked.json() as AnswerResponse).result;
    expect(answered.answer).toContain(canary);
    expect(answered.sources.map((source) => source.id)).toEqual([setup.restrictedFile]);
  });

  it('staff in Main mode find it', async () => {
    const found = await search(setup.staffSession, canary);
    expect((found.json() as SearchResponse).result.total).toBe(1);
  });

  it('through the MCP server: the public and a token without the NDA get nothing of it, a token with it does', async () => {
    const tokenOf = async (session: Session) => {
      const created = await t.app.inject({
        method: 'POST',
        url: `${setup.base}/access-tokens`,
        cookies: session!.cookies,
        headers: session!.headers,
        payload: { name: 'agent' },
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().token as string;
    };
    const mcp = async (token: string | null, name: string, args: object) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/${setup.organisation.slug}/mcp`,
        headers: {
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
      });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    const question = { question: 'What procedure does the vault unseal ceremony follow?' };
    for (const token of [null, await tokenOf(setup.withoutNdaSession)]) {
      for (const term of [canary, 'vault unseal ceremony'])
        expect(leaks(await mcp(token, 'search', { query: term }))).toBe(false);
      expect(leaks(await mcp(token, 'ask', question))).toBe(false);
      expect(leaks(await mcp(token, 'list_documents', {}))).toBe(false);
    }
    const withNda = await tokenOf(setup.withNdaSession);
    expect(await mcp(withNda, 'search', { query: canary })).toContain(canary);
    expect(await mcp(withNda, 'ask', question)).toContain(canary);
  });
});
