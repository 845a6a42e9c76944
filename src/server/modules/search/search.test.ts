// @postgres: full-text ranking and a prepared statement per connection
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchResponse, searchLimits, searchMessages } from '../../../shared/search';
import { files, itemFiles, knowledgeBaseEntries, searchWords, topics, topicUpdates } from '../../db/schema';
import {
  createAccountMember,
  createItem,
  createOrganisation,
  createPermissionProfile,
  createStaffUser,
} from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const canary = {
  itemContent: 'CANARYITEMCONTENT',
  hiddenItem: 'CANARYHIDDENITEM',
  kbRestricted: 'CANARYKBRESTRICTED',
  kbInternal: 'CANARYKBINTERNAL',
  privateUpdate: 'CANARYPRIVATEUPDATE',
  hiddenTopic: 'CANARYHIDDENTOPIC',
  restrictedFile: 'CANARYRESTRICTEDFILE',
};

async function setUp() {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db, { customisation: { genAiEnabled: true } });
  const base = `/api/statuspage/share/${organisation.slug}`;
  await createItem(db, product, {
    cardKind: 'DataSecurity',
    title: 'Encryption at rest',
    explanation: 'All customer data is encrypted at rest with AES-256. Keys are rotated every year.',
  });
  await createItem(db, product, {
    cardKind: 'AccessControl',
    title: 'Multi-factor authentication',
    explanation: 'Every employee signs in with multi-factor authentication through our identity provider.',
  });
  const restricted = await createItem(db, product, {
    cardKind: 'InternalPractices',
    title: 'Vault operations',
    explanation: `Vault unseal keys are split between five officers ${canary.itemContent}.`,
    isPublic: false,
  });
  const hidden = await createItem(db, product, {
    cardKind: 'InternalPractices',
    title: `Secret programme ${canary.hiddenItem}`,
    explanation: 'A restricted and hidden item.',
    isPublic: false,
    isHidden: true,
  });
  const reports = await createItem(db, product, {
    cardKind: 'Reports',
    title: 'SOC 2 Type II report',
    explanation: 'Our SOC 2 Type II report covers security and availability.',
  });
  const [publicFile, restrictedFile] = await db
    .insert(files)
    .values([
      {
        organisationId: organisation.id,
        storageKey: `${organisation.id}/a`,
        originalName: 'soc2-type2-report.pdf',
        title: 'SOC 2 Type II report 2025',
        contentType: 'application/pdf',
        sizeBytes: 10,
        sha256: 'a',
      },
      {
        organisationId: organisation.id,
        storageKey: `${organisation.id}/b`,
        originalName: 'vault-runbook.pdf',
        title: `Vault runbook ${canary.restrictedFile}`,
        contentType: 'application/pdf',
        sizeBytes: 10,
        sha256: 'b',
      },
    ])
    .returning();
  await db.insert(itemFiles).values([
    { itemId: reports.id, fileId: publicFile!.id },
    { itemId: restricted.id, fileId: restrictedFile!.id },
  ]);
  await db.insert(knowledgeBaseEntries).values([
    {
      organisationId: organisation.id,
      question: 'Do you have a penetration test report?',
      answer:
        'Yes. An independent firm runs a penetration test every year. The summary is available on request.',
      accessLevel: 'public',
    },
    {
      organisationId: organisation.id,
      question: 'Where are backups stored?',
      answer: `Backups are stored in a second region ${canary.kbRestricted}.`,
      accessLevel: 'restricted',
    },
    {
      organisationId: organisation.id,
      question: 'Which bank holds the escrow?',
      answer: `The escrow account is at First Bank ${canary.kbInternal}.`,
      accessLevel: 'internal',
    },
  ]);
  const [topic, hiddenTopic] = await db
    .insert(topics)
    .values([
      { organisationId: organisation.id, subject: 'New subprocessor added', category: 'subprocessors' },
      {
        organisationId: organisation.id,
        subject: `Hidden incident ${canary.hiddenTopic}`,
        category: 'incidents',
        isHidden: true,
      },
    ])
    .returning();
  await db.insert(topicUpdates).values([
    {
      organisationId: organisation.id,
      topicId: topic!.id,
      message: 'We added Mailer Inc as a subprocessor.',
    },
    {
      organisationId: organisation.id,
      topicId: topic!.id,
      message: `Private detail for customers ${canary.privateUpdate}`,
      audience: 'private',
    },
    { organisationId: organisation.id, topicId: hiddenTopic!.id, message: 'Investigating.' },
  ]);
  const profile = await createPermissionProfile(db, organisation.id, { itemIds: [hidden.id] });
  const { member } = await createAccountMember(db, organisation.id, {
    reviewStatus: 'approved',
    permissionProfileId: profile.id,
  });
  const memberSession = await createTestSession(db, {
    organisationId: organisation.id,
    accountMemberId: member.id,
  });
  const staff = await createStaffUser(db, organisation.id);
  const staffSession = await createTestSession(db, {
    organisationId: organisation.id,
    staffUserId: staff.id,
  });
  return { organisation, product, profile, base, memberSession, staffSession };
}

type Setup = Awaited<ReturnType<typeof setUp>>;
type Session = Setup['memberSession'] | null;

async function search(setup: Setup, session: Session, term: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `${setup.base}/search`,
    cookies: session?.cookies ?? {},
    headers: session?.headers ?? {},
    payload: { query: { term, filters: { products: [setup.product.id] } }, ...extra },
  });
}

async function answer(setup: Setup, session: Session, term: string) {
  return t.app.inject({
    method: 'POST',
    url: `${setup.base}/search/answer`,
    cookies: session?.cookies ?? {},
    headers: session?.headers ?? {},
    payload: { query: { term, filters: { product: setup.product.id } } },
  });
}

let setup: Setup;
beforeAll(async () => {
  setup = await setUp();
});

describe('POST {base}/search', () => {
  it('finds items, documents, FAQs and updates, grouped and counted', async () => {
    const response = await search(setup, null, 'SOC 2 report');
    expect(response.statusCode).toBe(200);
    const { result } = response.json() as SearchResponse;
    const types = result.matches.map((match) => match.type);
    expect(types).toContain('trust_item');
    expect(types).toContain('document');
    expect(result.counts.document).toBe(1);
    expect(result.total).toBe(result.matches.length);
    const document = result.matches.find((match) => match.type === 'document');
    expect(document?.type === 'document' && document.metadata.fileName).toBe('soc2-type2-report.pdf');
    const faq = await search(setup, null, 'penetration test');
    expect((faq.json() as SearchResponse).result.matches[0]).toMatchObject({
      type: 'faq',
      title: 'Do you have a penetration test report?',
    });
    const update = await search(setup, null, 'Mailer');
    expect((update.json() as SearchResponse).result.matches[0]).toMatchObject({
      type: 'update',
      title: 'New subprocessor added',
    });
  });

  it('expands security synonyms: SOC2, 2FA and pen test find their other spellings', async () => {
    const soc = (await search(setup, null, 'SOC2')).json() as SearchResponse;
    expect(soc.result.matches.map((match) => match.title)).toContain('SOC 2 Type II report');
    const mfa = (await search(setup, null, '2FA')).json() as SearchResponse;
    expect(mfa.result.matches.map((match) => match.title)).toContain('Multi-factor authentication');
    const pen = (await search(setup, null, 'pen test')).json() as SearchResponse;
    expect(pen.result.matches.map((match) => match.title)).toContain(
      'Do you have a penetration test report?',
    );
  });

  it('finds misspelled words through trigram similarity', async () => {
    const result = (await search(setup, null, 'encrpytion')).json() as SearchResponse;
    expect(result.result.isFuzzy).toBe(true);
    expect(result.result.matches.map((match) => match.title)).toContain('Encryption at rest');
  });

  it('keeps what the typed words find when a word unknown to the vocabulary still matches by its stem', async () => {
    // 'encryptions' is no word of the content, so a correction is searched alongside; the typed
    // term finds 'Encryption at rest' by its stem, and those results (not the correction's) are shown.
    const result = (await search(setup, null, 'encryptions')).json() as SearchResponse;
    expect(result.result.isFuzzy).toBe(false);
    expect(result.result.matches.map((match) => match.title)).toContain('Encryption at rest');
  });

  it('corrects a misspelt word of a phrase against the vocabulary, and each source adds its words', async () => {
    const db = t.database.db;
    const words = async () =>
      (
        await db
          .select({ word: searchWords.word })
          .from(searchWords)
          .where(eq(searchWords.organisationId, setup.organisation.id))
      ).map((row) => row.word);
    // Items, file titles and names, topics, updates and FAQs all fed the vocabulary on insert.
    expect(await words()).toEqual(
      expect.arrayContaining(['encryption', 'runbook', 'subprocessor', 'mailer', 'penetration', 'backups']),
    );
    // Two typos in one phrase: both replaced, the corrected phrase matches by full text.
    const result = (await search(setup, null, 'penetraton test reprt')).json() as SearchResponse;
    expect(result.result.isFuzzy).toBe(true);
    expect(result.result.matches.map((match) => match.title)).toContain(
      'Do you have a penetration test report?',
    );
    // An update adds its new words: a typo of a word only it holds finds it.
    const [topic] = await db
      .insert(topics)
      .values({ organisationId: setup.organisation.id, subject: 'Datacenter migration', category: 'general' })
      .returning();
    await db.insert(topicUpdates).values({
      organisationId: setup.organisation.id,
      topicId: topic!.id,
      message: 'We moved to the Frankfurt datacenter.',
    });
    await db
      .update(topics)
      .set({ subject: 'Datacenter migration to Frankfurt' })
      .where(eq(topics.id, topic!.id));
    expect(await words()).toEqual(expect.arrayContaining(['datacenter', 'frankfurt', 'migration']));
    const moved = (await search(setup, null, 'Frankfrut')).json() as SearchResponse;
    expect(moved.result.matches.map((match) => match.title)).toContain('Datacenter migration to Frankfurt');
    // Nothing alike in the vocabulary: no results, not a guess.
    const nothing = (await search(setup, null, 'qxzvkwy')).json() as SearchResponse;
    expect(nothing.result).toMatchObject({ total: 0, matches: [], isFuzzy: false });
  });

  it('never finds restricted content through a misspelling of its words', async () => {
    // The vocabulary holds words of restricted and internal text; a correction to them is only a
    // query, and what it finds still passes the gate.
    for (const [term, typo] of [
      ['unseal officers', 'unseel oficers'],
      ['escrow', 'escrw'],
      [canary.kbRestricted, canary.kbRestricted.slice(0, -1)],
      [canary.privateUpdate, `${canary.privateUpdate.slice(0, -2)}X`],
    ] as const) {
      const response = await search(setup, null, typo);
      expect(response.statusCode).toBe(200);
      expect((response.json() as SearchResponse).result.total, term).toBe(0);
      for (const value of Object.values(canary)) expect(response.body).not.toContain(value);
    }
    const asMember = (await search(setup, setup.memberSession, 'unseel oficers')).json() as SearchResponse;
    expect(asMember.result.matches.map((match) => match.title)).toEqual(['Vault operations']);
  });

  it('marks matched words in snippets as parts, never as HTML', async () => {
    const result = (await search(setup, null, 'AES')).json() as SearchResponse;
    const match = result.result.matches.find((entry) => entry.title === 'Encryption at rest');
    expect(match?.snippet?.some((part) => part.isMatch && part.text === 'AES')).toBe(true);
  });

  it('matches a locked item by its visible title only, never by its restricted content', async () => {
    const byTitle = (await search(setup, null, 'vault operations')).json() as SearchResponse;
    const locked = byTitle.result.matches.find((match) => match.title === 'Vault operations');
    expect(locked).toMatchObject({ metadata: { isLocked: true, explanation: null }, snippet: null });
    const byContent = (await search(setup, null, 'unseal officers')).json() as SearchResponse;
    expect(byContent.result.total).toBe(0);
    const asMember = (await search(setup, setup.memberSession, 'unseal officers')).json() as SearchResponse;
    expect(asMember.result.matches.map((match) => match.title)).toEqual(['Vault operations']);
  });

  it('pages 15 then more with nextOffset, counting every match', async () => {
    const db = t.database.db;
    await db.insert(knowledgeBaseEntries).values(
      Array.from({ length: 20 }, (_, index) => ({
        organisationId: setup.organisation.id,
        question: `Is the zebracorn control ${index} in place?`,
        answer: 'Yes, the zebracorn control is in place.',
      })),
    );
    const first = (await search(setup, null, 'zebracorn')).json() as SearchResponse;
    expect(first.result.matches).toHaveLength(searchLimits.firstPageSize);
    expect(first.result.total).toBe(20);
    expect(first.result.nextOffset).toBe(15);
    const next = (await search(setup, null, 'zebracorn', { offset: 15, limit: 10 })).json() as SearchResponse;
    expect(next.result.matches).toHaveLength(5);
    expect(next.result.nextOffset).toBeNull();
    const ids = new Set([...first.result.matches, ...next.result.matches].map((match) => match.id));
    expect(ids.size).toBe(20);
    const past = (await search(setup, null, 'zebracorn', { offset: 40 })).json() as SearchResponse;
    expect(past.result).toMatchObject({ matches: [], total: 20, nextOffset: null });
  });

  it('answers an empty term with no results', async () => {
    const response = await search(setup, null, '   ');
    expect(response.json()).toMatchObject({ result: { matches: [], total: 0 } });
  });

  it('refuses a missing product with "No product id", a long term with its limit, an unknown product with 404', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: `${setup.base}/search`,
      payload: { query: { term: 'soc', filters: { products: [] } } },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(searchMessages.noProductId);
    const noFilters = await t.app.inject({
      method: 'POST',
      url: `${setup.base}/search`,
      payload: { query: { term: 'soc' } },
    });
    expect(noFilters.json().error.message).toBe(searchMessages.noProductId);
    const long = await search(setup, null, 'a'.repeat(513));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(searchMessages.termTooLong);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `${setup.base}/search`,
      payload: { query: { term: 'soc', filters: { products: ['00000000-0000-4000-8000-000000000000'] } } },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('product_not_found');
  });
});

describe('canaries: restricted content never reaches a public visitor', () => {
  const allCanaries = Object.values(canary);

  it('public search neither returns nor counts any canary', async () => {
    for (const marker of allCanaries) {
      const response = await search(setup, null, marker);
      expect(response.statusCode).toBe(200);
      const { result } = response.json() as SearchResponse;
      expect(result.total, marker).toBe(0);
      expect(Object.values(result.counts).every((count) => count === 0)).toBe(true);
      expect(response.body).not.toContain(marker);
    }
    // Words next to a canary must not reveal it either (snippets of restricted text).
    const near = await search(setup, null, 'backups region escrow bank private detail');
    expect(allCanaries.some((marker) => near.body.includes(marker))).toBe(false);
  });

  it('an authorised account finds restricted canaries but not internal ones', async () => {
    const seen = async (marker: string) =>
      (await search(setup, setup.memberSession, marker)).body.includes(marker);
    expect(await seen(canary.itemContent)).toBe(true);
    expect(await seen(canary.hiddenItem)).toBe(true);
    expect(await seen(canary.kbRestricted)).toBe(true);
    expect(await seen(canary.privateUpdate)).toBe(true);
    expect(await seen(canary.restrictedFile)).toBe(true);
    expect(await seen(canary.kbInternal)).toBe(false);
    expect(await seen(canary.hiddenTopic)).toBe(false);
  });

  it('staff in Main mode find internal entries', async () => {
    const response = await search(setup, setup.staffSession, canary.kbInternal);
    expect((response.json() as SearchResponse).result.total).toBe(1);
  });

  it('a public visitor cannot ask AI; the refusal carries no content', async () => {
    const response = await answer(setup, null, 'Where are backups stored?');
    expect(response.statusCode).toBe(403);
    expect(allCanaries.some((marker) => response.body.includes(marker))).toBe(false);
  });
});

describe('POST {base}/search/answer', () => {
  it('answers from visible sources with citations and returns the cited sources', async () => {
    const response = await answer(setup, setup.memberSession, 'How is customer data encrypted at rest?');
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result.answer).toContain('AES-256');
    expect(result.answer).toMatch(/\[1\]/);
    expect(result.sources[0]).toMatchObject({ title: 'Encryption at rest' });
  });

  it('cites a restricted source to an authorised account', async () => {
    const response = await answer(setup, setup.memberSession, 'Where are backups stored?');
    const { result } = response.json();
    expect(result.answer).toContain(canary.kbRestricted);
    expect(result.sources.map((source: { title: string }) => source.title)).toContain(
      'Where are backups stored?',
    );
  });

  it('answers null when the only answer is internal, and records the question as a gap', async () => {
    const response = await answer(setup, setup.memberSession, 'Which bank holds the escrow?');
    expect(response.json()).toEqual({ result: { answer: null, sources: [] } });
    expect(response.body).not.toContain(canary.kbInternal);
    await answer(setup, setup.memberSession, 'which bank holds the escrow');
    const gaps = await t.app.inject({ url: '/api/kb/gaps', cookies: setup.staffSession.cookies });
    expect(gaps.statusCode).toBe(200);
    expect(gaps.json().gaps).toEqual([
      expect.objectContaining({ question: 'Which bank holds the escrow?', askCount: 2 }),
    ]);
  });

  it('answers null for an unrelated question instead of guessing', async () => {
    const response = await answer(setup, setup.memberSession, 'What is the refund policy for annual plans?');
    expect(response.json().result.answer).toBeNull();
  });

  it('is available to staff previewing as a profile, and refuses empty questions', async () => {
    const preview = await t.app.inject({
      url: `${setup.base}/search/setup?permissionProfileId=${setup.profile.id}`,
      cookies: setup.staffSession.cookies,
    });
    expect(preview.json()).toEqual({ engine: 'server', isAnswerAvailable: true });
    const anonymous = await t.app.inject({ url: `${setup.base}/search/setup` });
    expect(anonymous.json()).toEqual({ engine: 'local', isAnswerAvailable: false });
    const empty = await answer(setup, setup.memberSession, '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(searchMessages.questionRequired);
  });
});
