// @postgres: concurrent transactions racing on one unique key
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests, accounts } from '../../db/schema';
import { createOrganisation } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nextClient } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => t.close());

describe('first requests from a new company at the same moment', () => {
  it('all land: one company account, every person queued, none told of an error', async () => {
    const { organisation, product } = await createOrganisation(t.database.db);
    const domain = `${organisation.slug}-rush.example`;
    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/statuspage/share/${organisation.slug}/request`,
        headers: { 'x-forwarded-for': nextClient() },
        payload: {
          firstName: 'Sam',
          lastName: 'Rush',
          email,
          companyName: 'Rush Co',
          agree: true,
          productId: product.id,
        },
      });
    const people = Array.from({ length: 12 }, (_, index) => `person${index}@${domain}`);
    // Each person twice at once too: a double click on the form.
    const answers = await Promise.all([...people, ...people].map(ask));
    const outcomes = answers.map((answer) => answer.json().outcome as string);
    expect(outcomes.filter((outcome) => outcome === 'pending')).toHaveLength(people.length);
    expect(outcomes.filter((outcome) => outcome === 'pending_request')).toHaveLength(people.length);
    const companies = await t.database.db.select().from(accounts).where(eq(accounts.domain, domain));
    expect(companies).toHaveLength(1);
    const requests = await t.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.accountId, companies[0]!.id));
    expect(new Set(requests.map((request) => request.email))).toEqual(new Set(people));
    expect(requests).toHaveLength(people.length);
  });
});
