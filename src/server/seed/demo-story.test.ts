import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDisplay } from '../../shared/company-catalogue';
import type { SearchResult } from '../../shared/search';
import { accountMembers, items, products, subprocessors } from '../db/schema';
import { createTestSession } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';
import { seedDemoOrganisation } from './demo';
import { demoCalendar } from './demo-calendar';
import { type DemoPassage, demoFacts, findContradictions, readOrganisationText } from './demo-facts';

let demo: TestApp;
let organisationId: string;
let passages: DemoPassage[];
const seededAt = new Date();
const facts = demoFacts(demoCalendar(seededAt));
beforeAll(async () => {
  demo = await createTestApp();
  const organisation = await seedDemoOrganisation(demo.database.db, {
    adminPassword: 'demo-password-for-tests',
    seededAt,
    storage: demo.providers.storage,
  });
  organisationId = organisation.id;
  passages = await readOrganisationText(demo.database.db, organisationId);
}, 120_000);
afterAll(async () => demo.close());

const factNamed = (start: string) => facts.find((fact) => fact.fact.startsWith(start))!;

describe('the demo organisation tells one story', () => {
  it('reads text from every kind of source, including the extracted text of its PDFs', () => {
    const kinds = new Set(passages.map((passage) => passage.source.split(' ')[0]));
    for (const kind of ['item', 'card', 'subprocessor', 'knowledge', 'document', 'soc2', 'update', 'comment'])
      expect(kinds, kind).toContain(kind);
    const penTest = passages.find((passage) => passage.source.includes('Pen-Test-Summary'));
    expect(penTest?.text).toContain('0 critical, 0 high, 2 medium');
    const riskAnswer = passages.find((passage) =>
      passage.context.endsWith('Risk Profile › Recovery time objective'),
    );
    expect(riskAnswer?.text).toContain('Answer: 4 hours.');
  });

  it('states every fact somewhere, and no source contradicts one', () => {
    expect(findContradictions(passages, facts)).toEqual({ contradictions: [], unstated: [] });
  });

  it('catches a source that disagrees with the rest', () => {
    const reintroduced: DemoPassage[] = [
      {
        source: 'knowledge base "Who performs your SOC 2 audit?"',
        context: 'All products › Who performs your SOC 2 audit?',
        text: 'Our SOC 2 audit is performed by Prescient Assurance LLC, an independent licensed CPA firm.',
      },
      {
        source: 'item Acme Payroll › Incident Response › Breach notification',
        context: 'Acme Payroll › Incident Response › Breach notification',
        text: 'Breach notification.\nCustomers are told within 72 hours of a confirmed breach.',
      },
      {
        source: 'item Acme Payroll › Certifications › ISO 27001',
        context: 'Acme Payroll › Certifications › ISO 27001',
        text: 'ISO 27001 (in progress).\nAuditor: BSI.',
      },
    ];
    const { contradictions } = findContradictions([...passages, ...reintroduced], facts);
    expect(contradictions.map(({ fact, phrase }) => [fact, phrase])).toEqual([
      [factNamed('Schellman').fact, 'Prescient'],
      [factNamed('we are certified to ISO').fact, 'in progress'],
      [factNamed('affected customers hear').fact, '72 hours'],
    ]);
    const ciso = factNamed('Dana Whitfield');
    const withoutCiso = passages.filter((passage) => !ciso.states.test(passage.text));
    expect(findContradictions(withoutCiso, [ciso]).unstated).toEqual([ciso.fact]);
  });

  it('lists the same subprocessors on the Legal card as in the subprocessors table', async () => {
    const db = demo.database.db;
    const rows = await db
      .select()
      .from(subprocessors)
      .where(eq(subprocessors.organisationId, organisationId));
    const [legal] = await db
      .select()
      .from(items)
      .where(and(eq(items.organisationId, organisationId), eq(items.catalogueKey, 'legal.subprocessors')))
      .innerJoin(products, and(eq(products.id, items.productId), eq(products.slug, 'payroll')));
    expect([...legal!.items.listEntries].sort()).toEqual(
      rows
        .filter((row) => row.productId === legal!.products.id)
        .map((row) => companyDisplay(row.company).name)
        .sort(),
    );
  });

  it('lists on Acme HR the subprocessors its Legal card says it shares with Payroll', async () => {
    const db = demo.database.db;
    const [hr] = await db
      .select()
      .from(products)
      .where(and(eq(products.organisationId, organisationId), eq(products.slug, 'hr')));
    const [legal] = await db
      .select()
      .from(items)
      .where(and(eq(items.productId, hr!.id), eq(items.catalogueKey, 'legal.subprocessors')));
    const names = (await db.select().from(subprocessors).where(eq(subprocessors.productId, hr!.id))).map(
      (row) => companyDisplay(row.company).name,
    );
    expect(names).not.toContain('Plaid');
    expect(legal!.explanation).toContain(names.join(', ').replace(/, ([^,]+)$/, ' and $1'));
    expect(names).toHaveLength(7);
  });
});

describe("Ask AI's answers from the demo cite sources that agree", () => {
  const questions = [
    { question: 'Who is your SOC 2 auditor?', fact: factNamed('Schellman') },
    { question: 'Are you ISO 27001 certified?', fact: factNamed('we are certified to ISO') },
    { question: 'How fast do you notify a breach?', fact: factNamed('affected customers hear') },
    { question: 'Who is your CISO?', fact: factNamed('Dana Whitfield') },
  ];

  /** What the asker reads of a cited source: its title and the text the result carries. */
  const sourceText = (source: SearchResult): string => {
    switch (source.type) {
      case 'faq':
        return source.metadata.answer;
      case 'update':
        return source.metadata.description;
      case 'document':
        return source.content.map((part) => part.value).join(' ');
      case 'webpage':
        return '';
      default:
        return source.metadata.explanation ?? '';
    }
  };

  // Mindy's account is approved but she has not accepted the NDA: she reads public content only.
  // Hank accepted it, and his account's profile also opens the hidden items.
  for (const email of ['mindy.simmons@globex.example', 'hank.scorpio@globex.example']) {
    for (const { question, fact } of questions) {
      it(`answers "${question}" for ${email.split('@')[0]} from sources that agree`, async () => {
        const db = demo.database.db;
        const [member] = await db.select().from(accountMembers).where(eq(accountMembers.email, email));
        const [payroll] = await db.select().from(products).where(eq(products.slug, 'payroll'));
        const session = await createTestSession(db, { organisationId, accountMemberId: member!.id });
        const response = await demo.app.inject({
          method: 'POST',
          url: '/api/statuspage/share/acme/search/answer',
          cookies: session.cookies,
          headers: session.headers,
          payload: { query: { term: question, filters: { product: payroll!.id } } },
        });
        expect(response.statusCode).toBe(200);
        const { answer, sources } = response.json().result as {
          answer: string | null;
          sources: SearchResult[];
        };
        expect(answer).not.toBeNull();
        expect(sources.length).toBeGreaterThan(0);
        const cited = sources.map((source) => ({
          source: `${source.type} "${source.title}"`,
          context: source.title,
          text: sourceText(source),
        }));
        expect(findContradictions(cited, [fact]).contradictions).toEqual([]);
        for (const source of cited)
          expect(`${source.context}: ${source.text}`, source.source).toMatch(fact.states);
        expect(answer).toMatch(fact.states);
      });
    }
  }
});
