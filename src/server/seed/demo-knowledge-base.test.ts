import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMembers, knowledgeBaseEntries, organisations, products } from '../db/schema';
import { createTestSession } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';
import { seedDemoOrganisation } from './demo';

let demo: TestApp;
beforeAll(async () => {
  demo = await createTestApp();
  await seedDemoOrganisation(demo.database.db, { adminPassword: 'demo-password-for-tests' });
}, 120_000);
afterAll(async () => demo.close());

describe('the demo knowledge base', () => {
  it('has at least 150 entries across every access level, and Ask AI on', async () => {
    const db = demo.database.db;
    const [organisation] = await db.select().from(organisations).where(eq(organisations.slug, 'acme'));
    const rows = await db
      .select({ accessLevel: knowledgeBaseEntries.accessLevel })
      .from(knowledgeBaseEntries)
      .where(eq(knowledgeBaseEntries.organisationId, organisation!.id));
    expect(rows.length).toBeGreaterThanOrEqual(150);
    expect(new Set(rows.map((row) => row.accessLevel))).toEqual(
      new Set(['public', 'restricted', 'internal']),
    );
    expect(organisation!.customisation.genAiEnabled).toBe(true);
  });

  it('answers a demo question with sources and refuses one whose only answer is internal', async () => {
    const db = demo.database.db;
    const [member] = await db
      .select()
      .from(accountMembers)
      .where(eq(accountMembers.email, 'hank.scorpio@globex.example'));
    const [payroll] = await db.select().from(products).where(eq(products.slug, 'payroll'));
    const session = await createTestSession(db, {
      organisationId: member!.organisationId,
      accountMemberId: member!.id,
    });
    const ask = (term: string) =>
      demo.app.inject({
        method: 'POST',
        url: '/api/statuspage/share/acme/search/answer',
        cookies: session.cookies,
        headers: session.headers,
        payload: { query: { term, filters: { product: payroll!.id } } },
      });
    const answered = (await ask('Do you support SSO with SAML?')).json().result;
    expect(answered.answer).toContain('SAML 2.0');
    expect(answered.sources.length).toBeGreaterThan(0);
    const refused = (await ask('Who holds the AWS root account credentials?')).json().result;
    expect(refused).toEqual({ answer: null, sources: [] });
  });
});
