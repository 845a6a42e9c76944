// @postgres: nearest neighbours ranked in SQL over bit-varying columns
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../shared/search';
import { jobs, knowledgeBaseEntries, searchEmbeddings, topics, topicUpdates } from '../../db/schema';
import { createAccountMember, createItem, createOrganisation, createStaffUser } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { renderTextPdf } from '../documents/text-pdf';
import { embeddingRefreshQueue, refreshEmbeddings, requestEmbeddingRefresh } from './embeddings';

/**
 * A deterministic stand-in for an embedding model: words of a few concepts share a dimension (so
 * "archive replicas" is near "backups snapshots" without sharing a word); other words are hashed.
 */
const concepts = [
  ['backups', 'snapshots', 'archive', 'replicas', 'copies'],
  ['encrypted', 'aes', 'scrambled', 'cipher'],
  ['officers', 'custodians', 'personnel', 'guard', 'hold'],
  ['unseal', 'shares', 'key', 'keys', 'secret', 'fragments', 'ceremony'],
];

function fakeVector(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const concept = concepts.findIndex((words) => words.includes(word));
    if (concept >= 0) vector[concept]! += 3;
    else vector[8 + (createHash('md5').update(word).digest().readUInt32BE(0) % (dimensions - 8))]! += 1;
  }
  return vector;
}

type EmbeddingsRequest = { model: string; input: string[]; dimensions?: number };
const requests: { authorization?: string; body: EmbeddingsRequest }[] = [];
let isFailing = false;
let server: http.Server;

let t: TestApp;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const body = JSON.parse(raw) as EmbeddingsRequest;
      requests.push({ authorization: request.headers.authorization, body });
      if (isFailing || request.url !== '/v1/embeddings') return response.writeHead(503).end('{}');
      const data = body.input.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: fakeVector(text, body.dimensions ?? 32),
      }));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    AI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    AI_API_KEY: 'sk-embeddings',
    AI_EMBEDDING_MODEL: 'fake-embed',
    AI_EMBEDDING_DIMENSIONS: '64',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const canary = { item: 'canaryvectoritem', kb: 'canaryvectorkb', document: 'canaryvectordoc' };
/** Shares no word with any source, but its concepts are those of the restricted sources. */
const restrictedQuestion = 'which personnel guard secret fragments';
/** Shares no word with any source, but its concepts are those of the public backups item. */
const publicQuestion = 'are archive replicas scrambled';

async function setUp() {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db, { customisation: { genAiEnabled: true } });
  const staff = await createStaffUser(db, organisation.id);
  const staffSession = await createTestSession(db, {
    organisationId: organisation.id,
    staffUserId: staff.id,
  });
  const publicItem = await createItem(db, product, {
    cardKind: 'DataSecurity',
    title: 'Backups',
    explanation: 'Nightly backups are kept as snapshots, encrypted with AES-256.',
  });
  const restrictedItem = await createItem(db, product, {
    cardKind: 'InternalPractices',
    title: 'Vault operations',
    explanation: `Officers hold the unseal shares of the key ceremony ${canary.item}.`,
    isPublic: false,
  });
  const documentsItem = await createItem(db, product, {
    cardKind: 'Documents',
    title: 'Custody procedure',
    isPublic: false,
  });
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/documents?name=custody.pdf',
    payload: await renderTextPdf('Custody', [`Custodians hold the key shares ${canary.document}.`]),
    cookies: staffSession.cookies,
    headers: { ...staffSession.headers, 'content-type': 'application/octet-stream' },
  });
  const documentId = uploaded.json().id as string;
  await t.app.inject({
    method: 'PUT',
    url: `/api/trust-center/products/${product.id}/items/${documentsItem.id}/files`,
    payload: { fileIds: [documentId] },
    cookies: staffSession.cookies,
    headers: staffSession.headers,
  });
  const [kbEntry] = await db
    .insert(knowledgeBaseEntries)
    .values({
      organisationId: organisation.id,
      question: 'Who may open the vault?',
      answer: `Two officers hold the unseal keys ${canary.kb}.`,
      accessLevel: 'restricted',
    })
    .returning();
  const [topic] = await db
    .insert(topics)
    .values({ organisationId: organisation.id, subject: 'New subprocessor', category: 'subprocessors' })
    .returning();
  await db
    .insert(topicUpdates)
    .values({ organisationId: organisation.id, topicId: topic!.id, message: 'Mailer Inc was added.' });
  const { member } = await createAccountMember(db, organisation.id, { reviewStatus: 'approved' });
  const memberSession = await createTestSession(db, {
    organisationId: organisation.id,
    accountMemberId: member.id,
  });
  return {
    organisation,
    product,
    base: `/api/statuspage/share/${organisation.slug}`,
    staffSession,
    memberSession,
    publicItem,
    restrictedItem,
    documentId,
    kbEntry: kbEntry!,
  };
}

type Setup = Awaited<ReturnType<typeof setUp>>;
type Session = Setup['staffSession'] | null;
let setup: Setup;
beforeAll(async () => {
  setup = await setUp();
  // The upload's extraction asks for a refresh of the organisation's embeddings; both run here.
  await t.providers.jobs.drain();
});

const search = async (session: Session, term: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `${setup.base}/search`,
    cookies: session?.cookies ?? {},
    headers: session?.headers ?? {},
    payload: { query: { term, filters: { products: [setup.product.id] } } },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, result: (response.json() as SearchResponse).result };
};

const embeddingsOf = (organisationId: string) =>
  t.database.db.select().from(searchEmbeddings).where(eq(searchEmbeddings.organisationId, organisationId));

describe('embeddings of searchable content', () => {
  it('embeds items, document passages, FAQ entries and updates with the configured model', async () => {
    const rows = await embeddingsOf(setup.organisation.id);
    expect(new Set(rows.map((row) => row.sourceType))).toEqual(
      new Set(['item', 'file_chunk', 'kb', 'update']),
    );
    expect(rows.every((row) => row.model === 'fake-embed@64' && row.embedding.length === 64)).toBe(true);
    const norm = Math.hypot(...rows[0]!.embedding);
    expect(norm).toBeCloseTo(1, 5);
    expect(requests[0]).toMatchObject({
      authorization: 'Bearer sk-embeddings',
      body: { model: 'fake-embed', dimensions: 64 },
    });
  });

  it('embeds an FAQ entry again when staff change it, and forgets a deleted one', async () => {
    const update = await t.app.inject({
      method: 'PATCH',
      url: `/api/kb/entries/${setup.kbEntry.id}`,
      payload: { answer: `Two officers hold the unseal keys in separate safes ${canary.kb}.` },
      cookies: setup.staffSession.cookies,
      headers: setup.staffSession.headers,
    });
    expect(update.statusCode, update.body).toBe(200);
    const waiting = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, embeddingRefreshQueue), eq(jobs.state, 'queued')));
    expect(waiting.map((job) => job.payload)).toEqual([{ organisationId: setup.organisation.id }]);
    const hashBefore = (await embeddingsOf(setup.organisation.id)).find(
      (row) => row.sourceId === setup.kbEntry.id,
    )!.contentHash;
    const requestsBefore = requests.length;
    await t.providers.jobs.drain();
    const after = await embeddingsOf(setup.organisation.id);
    expect(after.find((row) => row.sourceId === setup.kbEntry.id)!.contentHash).not.toBe(hashBefore);
    // Only the changed entry was sent again.
    expect(requests.slice(requestsBefore).flatMap((request) => request.body.input)).toHaveLength(1);

    const [extra] = await t.database.db
      .insert(knowledgeBaseEntries)
      .values({ organisationId: setup.organisation.id, question: 'Temporary?', answer: 'Yes.' })
      .returning();
    await refreshEmbeddings(t.database.db, t.providers.embeddings!, setup.organisation.id);
    expect((await embeddingsOf(setup.organisation.id)).some((row) => row.sourceId === extra!.id)).toBe(true);
    await t.database.db.delete(knowledgeBaseEntries).where(eq(knowledgeBaseEntries.id, extra!.id));
    expect(await refreshEmbeddings(t.database.db, t.providers.embeddings!, setup.organisation.id)).toBe(0);
    expect((await embeddingsOf(setup.organisation.id)).some((row) => row.sourceId === extra!.id)).toBe(false);
  });

  it('embeds at most its budget per run, and asks once for a refresh that is already waiting', async () => {
    const db = t.database.db;
    const { organisation, product } = await createOrganisation(db);
    for (const title of ['One', 'Two', 'Three']) {
      await createItem(db, product, { cardKind: 'DataSecurity', title, explanation: `${title} text.` });
    }
    expect(await refreshEmbeddings(db, t.providers.embeddings!, organisation.id, 2)).toBe(2);
    expect(await refreshEmbeddings(db, t.providers.embeddings!, organisation.id, 2)).toBe(1);
    expect(await refreshEmbeddings(db, t.providers.embeddings!, organisation.id, 2)).toBe(0);
    await requestEmbeddingRefresh(db, t.providers, organisation.id);
    await requestEmbeddingRefresh(db, t.providers, organisation.id);
    const waiting = (await db.select().from(jobs).where(eq(jobs.queue, embeddingRefreshQueue))).filter(
      (job) => job.payload.organisationId === organisation.id && job.state === 'queued',
    );
    expect(waiting).toHaveLength(1);
    await t.providers.jobs.drain();
  });
});

describe('semantic search', () => {
  it('finds content that shares no word with the question, fused with full-text results', async () => {
    const { result } = await search(null, publicQuestion);
    expect(result.matches.map((match) => match.id)).toEqual([setup.publicItem.id]);
    expect(result.total).toBe(1);
    expect(result.isFuzzy).toBe(false);
    // The term's vector is kept: asking again (or loading more) does not call the endpoint.
    const requestsBefore = requests.length;
    expect((await search(null, publicQuestion)).result.total).toBe(1);
    expect(requests.length).toBe(requestsBefore);
    // A full-text match still comes first when it is also the nearest.
    const both = await search(null, 'backups');
    expect(both.result.matches[0]!.id).toBe(setup.publicItem.id);
  });

  it('goes on with full-text alone when the embeddings endpoint fails', async () => {
    isFailing = true;
    try {
      const semanticOnly = await search(null, 'archive copies scrambled');
      expect(semanticOnly.result.total).toBe(0);
      const lexical = await search(null, 'snapshots');
      expect(lexical.result.matches.map((match) => match.id)).toEqual([setup.publicItem.id]);
    } finally {
      isFailing = false;
    }
  });

  it('canary: a public visitor never finds, counts or sees restricted content through vectors', async () => {
    const { result, body } = await search(null, restrictedQuestion);
    expect(result.total).toBe(0);
    expect(Object.values(result.counts).every((count) => count === 0)).toBe(true);
    for (const marker of Object.values(canary)) expect(body).not.toContain(marker);
    expect(body).not.toContain(setup.restrictedItem.id);
    expect(body).not.toContain(setup.documentId);
    expect(body).not.toContain(setup.kbEntry.id);
  });

  it('an authorised account finds the restricted item, document passage and FAQ entry by meaning', async () => {
    const { result } = await search(setup.memberSession, restrictedQuestion);
    expect(new Set(result.matches.map((match) => match.id))).toEqual(
      new Set([setup.restrictedItem.id, setup.documentId, setup.kbEntry.id]),
    );
    const document = result.matches.find((match) => match.id === setup.documentId);
    expect(document?.type === 'document' && document.content[0]!.value).toContain(canary.document);
  });
});
