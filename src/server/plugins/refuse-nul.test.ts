import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountMember, createOrganisation } from '../test/factories';
import { createTestSession } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let slug: string;
let member: Awaited<ReturnType<typeof createTestSession>>;
beforeAll(async () => {
  t = await createTestApp();
  const { organisation } = await createOrganisation(t.database.db);
  slug = organisation.slug;
  const { member: row } = await createAccountMember(t.database.db, organisation.id);
  member = await createTestSession(t.database.db, {
    organisationId: organisation.id,
    accountMemberId: row.id,
  });
});
afterAll(async () => t.close());

function expectNulRefused(response: { statusCode: number; json: () => unknown }, field: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    error: {
      code: 'validation_failed',
      message: `Invalid ${field}: must not contain the NUL character`,
      fields: { [field]: 'must not contain the NUL character' },
    },
  });
}

describe('NUL in any text input', () => {
  it('is refused with 400 in the organisation path segment', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/statuspage/share/%00/search',
      payload: { query: { term: 'encryption' } },
    });
    expectNulRefused(response, 'params.org');
  });

  it('is refused with 400 in a search term', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/statuspage/share/${slug}/search`,
      payload: { query: { term: 'encr\u0000yption' } },
    });
    expectNulRefused(refused, 'body.query.term');
  });

  it('is refused with 400 in a comment, an NDA signer name and a query string value', async () => {
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/statuspage/share/${slug}/comments`,
      cookies: member.cookies,
      headers: member.headers,
      payload: { itemUid: crypto.randomUUID(), content: 'hello\u0000world' },
    });
    expectNulRefused(comment, 'body.content');

    const nda = await t.app.inject({
      method: 'POST',
      url: `/api/statuspage/share/${slug}/nda/accept`,
      cookies: member.cookies,
      headers: member.headers,
      payload: { ndaVersionId: crypto.randomUUID(), signerName: 'Sam\u0000', agree: true },
    });
    expectNulRefused(nda, 'body.signerName');

    const query = await t.app.inject({
      url: `/api/statuspage/share/${slug}/comments?itemUid=%00`,
      cookies: member.cookies,
    });
    expectNulRefused(query, 'query.itemUid');
  });

  it('is refused with 400 in a staff sign-in e-mail, before any lookup', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'sam\u0000@example.com', password: 'x'.repeat(12) },
    });
    expectNulRefused(response, 'body.email');
  });
});
