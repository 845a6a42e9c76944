// @postgres: tsvector and bit-varying columns, searched in SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KbHit, type KbQueryResult, kbMaxPage, kbMessages } from '../../../shared/knowledge-base';
import { searchMessages } from '../../../shared/search';
import { parseCsv } from '../../core/csv';
import { knowledgeBaseEntries } from '../../db/schema';
import {
  createAccountMember,
  createOrganisation,
  createProduct,
  createStaffUser,
} from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signSearchKey } from './search-keys';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const canaryRestricted = 'CANARYKBRESTRICTEDENTRY';
const canaryInternal = 'CANARYKBINTERNALENTRY';

async function setUp() {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db);
  const otherProduct = await createProduct(db, organisation.id, { slug: 'other' });
  const base = `/api/statuspage/share/${organisation.slug}`;
  const day = 24 * 3600 * 1000;
  await db.insert(knowledgeBaseEntries).values([
    {
      organisationId: organisation.id,
      question: 'Do you encrypt data at rest?',
      answer: 'Yes, with AES-256.',
      comment: 'Reviewed by the CISO',
      sourceType: 'questionnaire',
      sourceName: 'Questionnaire for Bigbank Holdings',
      accessLevel: 'public',
      isFavoritePublic: true,
      createdAt: new Date(Date.now() - 3 * day),
    },
    {
      organisationId: organisation.id,
      question: 'Do you support SSO?',
      answer: 'Yes, SAML 2.0 and OIDC.',
      accessLevel: 'public',
      productIds: [product.id],
      createdAt: new Date(Date.now() - 40 * day),
    },
    {
      organisationId: organisation.id,
      question: 'Is the other product hosted in the EU?',
      answer: 'Yes, in Frankfurt.',
      accessLevel: 'public',
      productIds: [otherProduct.id],
      createdAt: new Date(Date.now() - 400 * day),
    },
    {
      organisationId: organisation.id,
      question: 'What is your backup retention?',
      answer: `Thirty days ${canaryRestricted}.`,
      accessLevel: 'restricted',
    },
    {
      organisationId: organisation.id,
      question: 'Who is the escrow agent?',
      answer: `Escrow Co ${canaryInternal}.`,
      accessLevel: 'internal',
    },
  ]);
  const { member } = await createAccountMember(db, organisation.id, { reviewStatus: 'approved' });
  const memberSession = await createTestSession(db, {
    organisationId: organisation.id,
    accountMemberId: member.id,
  });
  const staff = await createStaffUser(db, organisation.id);
  const staffSession = await createTestSession(db, {
    organisationId: organisation.id,
    staffUserId: staff.id,
  });
  const readOnly = await createStaffUser(db, organisation.id, { role: 'viewer' });
  const readOnlySession = await createTestSession(db, {
    organisationId: organisation.id,
    staffUserId: readOnly.id,
  });
  return { organisation, product, otherProduct, base, memberSession, staffSession, readOnlySession };
}

type Setup = Awaited<ReturnType<typeof setUp>>;
let setup: Setup;
beforeAll(async () => {
  setup = await setUp();
});

async function keyFor(session: { cookies: Record<string, string> } | null, productId = setup.product.id) {
  const response = await t.app.inject({
    url: `${setup.base}/kb/ais?productId=${productId}`,
    cookies: session?.cookies ?? {},
  });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    key: string;
    accessLevels: string[];
    productIds: string[] | null;
    lifetimeSeconds: number;
  };
}

async function query(body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/kb/query', payload: body });
}

const questions = (result: KbQueryResult) => result.hits.map((hit) => hit.content).sort();

describe('knowledge-base search key', () => {
  it('encodes what the viewer may see: public for visitors, restricted too for accounts, all for staff', async () => {
    const visitor = await keyFor(null);
    expect(visitor).toMatchObject({ accessLevels: ['public'], productIds: [setup.product.id] });
    expect(visitor.lifetimeSeconds).toBeGreaterThan(0);
    const member = await keyFor(setup.memberSession);
    expect(member.accessLevels).toEqual(['public', 'restricted']);
    const staff = await t.app.inject({ url: '/api/kb/ais', cookies: setup.staffSession.cookies });
    expect(staff.json()).toMatchObject({
      accessLevels: ['public', 'restricted', 'internal'],
      productIds: null,
    });
  });

  it('answers 400 with a message for a missing or unknown product', async () => {
    const missing = await t.app.inject({ url: `${setup.base}/kb/ais` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(searchMessages.noProductId);
    const unknown = await t.app.inject({
      url: `${setup.base}/kb/ais?productId=00000000-0000-4000-8000-000000000000`,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(kbMessages.productNotFound);
  });

  it('refuses forged, expired and foreign keys', async () => {
    const { key } = await keyFor(null);
    const forged = `${key.slice(0, -4)}AAAA`;
    const expired = (
      await signSearchKey(
        t.database.db,
        {
          organisationId: setup.organisation.id,
          accessLevels: ['public'],
          productIds: null,
          seesSourceNames: false,
        },
        new Date(Date.now() - 3600 * 1000),
      )
    ).key;
    for (const bad of [forged, expired, 'not-a-key']) {
      const response = await query({ key: bad });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(kbMessages.keyInvalid);
    }
  });
});

describe('POST /api/kb/query', () => {
  it('a public key never returns or counts restricted or internal entries', async () => {
    const { key } = await keyFor(null);
    const all = await query({ key });
    const result = all.json() as KbQueryResult;
    expect(questions(result)).toEqual(['Do you encrypt data at rest?', 'Do you support SSO?']);
    expect(result.nbHits).toBe(2);
    for (const marker of [canaryRestricted, canaryInternal, 'backup retention', 'escrow']) {
      const response = await query({ key, query: marker });
      expect(response.json()).toMatchObject({ hits: [], nbHits: 0 });
      expect(response.body).not.toContain(canaryRestricted);
    }
  });

  it('an account key reaches restricted entries but not internal ones', async () => {
    const { key } = await keyFor(setup.memberSession);
    const restricted = (await query({ key, query: canaryRestricted })).json() as KbQueryResult;
    expect(restricted.hits.map((hit) => hit.content)).toEqual(['What is your backup retention?']);
    const internal = (await query({ key, query: canaryInternal })).json() as KbQueryResult;
    expect(internal.nbHits).toBe(0);
  });

  it('searches question, answer and comment, with synonyms and the word being typed', async () => {
    const { key } = await keyFor(null);
    expect(questions((await query({ key, query: 'CISO' })).json())).toEqual(['Do you encrypt data at rest?']);
    expect(questions((await query({ key, query: 'single sign-on' })).json())).toEqual([
      'Do you support SSO?',
    ]);
    expect(questions((await query({ key, query: 'encry' })).json())).toEqual([
      'Do you encrypt data at rest?',
    ]);
  });

  it('filters by access, product, time and favourite, and sorts', async () => {
    const { key } = await t.app
      .inject({ url: '/api/kb/ais', cookies: setup.staffSession.cookies })
      .then((response) => response.json());
    const byLevel = (await query({ key, filters: { accessLevels: ['internal'] } })).json() as KbQueryResult;
    expect(questions(byLevel)).toEqual(['Who is the escrow agent?']);
    const byProduct = (
      await query({ key, filters: { productIds: [setup.otherProduct.id], accessLevels: ['public'] } })
    ).json();
    expect(questions(byProduct)).toEqual([
      'Do you encrypt data at rest?',
      'Is the other product hosted in the EU?',
    ]);
    const lastWeek = (await query({ key, filters: { time: 'last7d', accessLevels: ['public'] } })).json();
    expect(questions(lastWeek)).toEqual(['Do you encrypt data at rest?']);
    const lastYear = (await query({ key, filters: { time: 'last1y', accessLevels: ['public'] } })).json();
    expect(lastYear.nbHits).toBe(2);
    const favourites = (await query({ key, filters: { isFavoritePublic: true } })).json();
    expect(questions(favourites)).toEqual(['Do you encrypt data at rest?']);
    const newest = (await query({ key, sort: 'date_added_desc' })).json() as KbQueryResult;
    const dates = newest.hits.map((hit) => hit.date_timestamp);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('refuses filters that widen the key and pages past the result window', async () => {
    const { key } = await keyFor(null);
    const wider = await query({ key, filters: { accessLevels: ['public', 'restricted'] } });
    expect(wider.statusCode).toBe(400);
    expect(wider.json().error.message).toBe(kbMessages.filterWidensKey);
    const otherProduct = await query({ key, filters: { productIds: [setup.otherProduct.id] } });
    expect(otherProduct.statusCode).toBe(400);
    const lastPage = kbMaxPage(10);
    expect((await query({ key, page: lastPage, hitsPerPage: 10 })).statusCode).toBe(200);
    const past = await query({ key, page: lastPage + 1, hitsPerPage: 10 });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe(kbMessages.pagePastWindow(lastPage));
    const longQuery = await query({ key, query: 'x'.repeat(513) });
    expect(longQuery.statusCode).toBe(400);
    expect(longQuery.json().error.message).toBe(kbMessages.queryTooLong);
  });

  it('pages with hitsPerPage and reports nbPages', async () => {
    const { key } = await t.app
      .inject({ url: '/api/kb/ais', cookies: setup.staffSession.cookies })
      .then((response) => response.json());
    const first = (await query({ key, hitsPerPage: 2, page: 0 })).json() as KbQueryResult;
    const third = (await query({ key, hitsPerPage: 2, page: 2 })).json() as KbQueryResult;
    expect(first).toMatchObject({ nbHits: 5, nbPages: 3, hitsPerPage: 2 });
    expect(first.hits).toHaveLength(2);
    expect(third.hits).toHaveLength(1);
    const beyond = (await query({ key, hitsPerPage: 2, page: 5 })).json() as KbQueryResult;
    expect(beyond).toMatchObject({ hits: [], nbHits: 5 });
  });

  it('names an answer’s source only to staff in Main mode, in results and single entries', async () => {
    const staffKey = (
      await t.app.inject({ url: '/api/kb/ais', cookies: setup.staffSession.cookies }).then((r) => r.json())
    ).key;
    const sourced = (key: string) =>
      query({ key, query: 'encrypt' }).then((response) => (response.json() as KbQueryResult).hits[0]!);
    expect((await sourced(staffKey)).source_name).toBe('Questionnaire for Bigbank Holdings');
    for (const session of [null, setup.memberSession]) {
      const { key } = await keyFor(session);
      const hit = await sourced(key);
      expect(hit.content).toBe('Do you encrypt data at rest?');
      expect(hit.source_name).toBeNull();
      const entry = await t.app.inject({
        method: 'POST',
        url: '/api/kb/query/entry',
        payload: { key, objectID: hit.objectID },
      });
      expect(entry.statusCode).toBe(200);
      expect(entry.body).not.toContain('Bigbank');
    }
  });

  it('gets a single entry only when the key reaches it', async () => {
    const staffKey = (
      await t.app.inject({ url: '/api/kb/ais', cookies: setup.staffSession.cookies }).then((r) => r.json())
    ).key;
    const internal = ((await query({ key: staffKey, query: 'escrow' })).json() as KbQueryResult).hits[0]!;
    const lookUp = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/kb/query/entry',
        payload: { key, objectID: internal.objectID },
      });
    expect((await lookUp(staffKey)).json()).toMatchObject({ content: 'Who is the escrow agent?' });
    const visitor = await lookUp((await keyFor(null)).key);
    expect(visitor.statusCode).toBe(404);
    expect(visitor.body).not.toContain(canaryInternal);
  });
});

describe('staff knowledge-base entries', () => {
  const staffRequest = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      cookies: setup.staffSession.cookies,
      headers: setup.staffSession.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('creates, reads, edits and deletes an entry', async () => {
    const created = await staffRequest('POST', '/api/kb/entries', {
      question: 'Do you run background checks?',
      answer: 'Yes, for every hire.',
      accessLevel: 'restricted',
      productIds: [setup.product.id],
    });
    expect(created.statusCode).toBe(201);
    const hit = created.json() as KbHit;
    expect(hit).toMatchObject({
      access_level: 'restricted',
      product_ids: [setup.product.id],
      source_type: 'manual',
    });
    const edited = await staffRequest('PATCH', `/api/kb/entries/${hit.objectID}`, {
      answer: 'Yes, for every hire and contractor.',
    });
    expect(edited.json()).toMatchObject({ answer: 'Yes, for every hire and contractor.' });
    expect(edited.json().customer_modified_timestamp).toBeGreaterThanOrEqual(hit.customer_modified_timestamp);
    expect((await staffRequest('GET', `/api/kb/entries/${hit.objectID}`)).statusCode).toBe(200);
    expect((await staffRequest('DELETE', `/api/kb/entries/${hit.objectID}`)).statusCode).toBe(204);
    expect((await staffRequest('GET', `/api/kb/entries/${hit.objectID}`)).statusCode).toBe(404);
  });

  it("validates entries and refuses another organisation's product", async () => {
    const empty = await staffRequest('POST', '/api/kb/entries', { question: ' ', answer: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields['body.question']).toBe(kbMessages.questionRequired);
    const { product: foreign } = await createOrganisation(t.database.db);
    const wrong = await staffRequest('POST', '/api/kb/entries', {
      question: 'Q',
      answer: 'A',
      productIds: [foreign.id],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(kbMessages.productNotFound);
  });

  it('needs statuspage:edit to change entries, and a staff session at all', async () => {
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/kb/entries',
      cookies: setup.readOnlySession.cookies,
      headers: setup.readOnlySession.headers,
      payload: { question: 'Q', answer: 'A' },
    });
    expect(denied.statusCode).toBe(403);
    const anonymous = await t.app.inject({ url: '/api/kb/gaps' });
    expect(anonymous.statusCode).toBe(401);
    const member = await t.app.inject({
      url: '/api/kb/entries/export',
      cookies: setup.memberSession.cookies,
    });
    expect(member.statusCode).toBe(401);
  });

  it('imports CSV rows all or nothing, naming each bad row', async () => {
    const importCsv = (csv: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/kb/entries/import',
        cookies: setup.staffSession.cookies,
        headers: { ...setup.staffSession.headers, 'content-type': 'text/csv' },
        payload: csv,
      });
    const bad = await importCsv(
      'Question,Answer,Access level,Products\n"Do you log access?","Yes, for a year.",public,\n"","No answer",public,\n"Q3","A3",secret,nope\n',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(kbMessages.importFailed(2));
    expect(Object.keys(bad.json().error.fields)).toEqual(['row 3', 'row 4']);
    expect(bad.json().error.fields['row 4']).toContain('Unknown product "nope"');
    const staffKey = (
      await t.app.inject({ url: '/api/kb/ais', cookies: setup.staffSession.cookies }).then((r) => r.json())
    ).key;
    expect((await query({ key: staffKey, query: 'log access' })).json().nbHits).toBe(0);
    const good = await importCsv(
      '\ufeffquestion,answer,comment,access level,products,favorite\r\n"Do you log access?","Yes, for a year, in ""cold"" storage.","",restricted,other;platform,yes\r\n',
    );
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ imported: 1 });
    const imported = ((await query({ key: staffKey, query: 'log access' })).json() as KbQueryResult).hits[0]!;
    expect(imported).toMatchObject({
      answer: 'Yes, for a year, in "cold" storage.',
      access_level: 'restricted',
      favorite_public: true,
    });
    expect(imported.product_ids.sort()).toEqual([setup.product.id, setup.otherProduct.id].sort());
    const missingColumn = await importCsv('question,comment\n"Q","C"\n');
    expect(missingColumn.json().error.message).toBe(kbMessages.importMissingColumns(['answer']));
    const unclosed = await importCsv('question,answer\n"Q,A\n');
    expect(unclosed.json().error.message).toBe(kbMessages.importUnbalancedQuotes);
  });

  it('exports every field quoted, with an optional byte-order mark, and neutralises formulas', async () => {
    await staffRequest('POST', '/api/kb/entries', { question: '=HYPERLINK("x")', answer: 'Formula-looking' });
    const plain = await staffRequest('GET', '/api/kb/entries/export');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('text/csv');
    expect(plain.body.startsWith('"question","answer"')).toBe(true);
    const rows = parseCsv(plain.body);
    expect(rows.every((row) => row.length === 11)).toBe(true);
    expect(rows.some((row) => row[0] === '\'=HYPERLINK("x")')).toBe(true);
    const withBom = await staffRequest('GET', '/api/kb/entries/export?bom=1');
    expect(withBom.body.charCodeAt(0)).toBe(0xfeff);
  });
});
