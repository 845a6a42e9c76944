import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests, accounts } from '../../db/schema';
import { createOrganisation, createStaffUser, setAccessSettings } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailsTo, nextClient } from '../access/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => t.close());

/** An organisation where two people of one new company asked for access, both waiting for review. */
async function twoColleaguesAsked() {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db);
  const editor = await createStaffUser(db, organisation.id);
  const staff = await createTestSession(db, { organisationId: organisation.id, staffUserId: editor.id });
  const slug = organisation.slug;
  const ask = (path: 'login' | 'request', payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/statuspage/share/${slug}/${path}`,
      headers: { 'x-forwarded-for': nextClient() },
      payload,
    });
  const domain = `${slug}-buyer.example`;
  const emails = { first: `ada@${domain}`, colleague: `bob@${domain}` };
  for (const [name, email] of [
    ['Ada', emails.first],
    ['Bob', emails.colleague],
  ] as const) {
    const answer = await ask('request', {
      firstName: name,
      lastName: 'Buyer',
      email,
      companyName: 'Buyer Co',
      agree: true,
      productId: product.id,
    });
    expect(answer.json().outcome).toBe('pending');
  }
  const requestOf = async (email: string) =>
    (await db.select().from(accessRequests).where(eq(accessRequests.email, email)))[0]!;
  const decide = (email: string, decision: 'approve' | 'decline', body: object) =>
    requestOf(email).then((request) =>
      t.app.inject({
        method: 'POST',
        url: `/api/access-requests/${request.id}/${decision}`,
        cookies: staff.cookies,
        headers: staff.headers,
        payload: body,
      }),
    );
  const logIn = async (email: string) => (await ask('login', { email })).json().outcome as string;
  const queue = async (status: string) =>
    (
      await t.app.inject({
        url: `/api/access-requests?status=${status}`,
        cookies: staff.cookies,
        headers: staff.headers,
      })
    ).json().requests as { email: string }[];
  return { organisation, emails, requestOf, decide, logIn, queue, staff };
}

const signInMails = async (email: string) =>
  (await mailsTo(t, email)).filter((mail) => mail.text.includes('/sign-in?token='));

describe('colleagues who asked while their company was under review', () => {
  it('are approved with the company when its members join automatically: queue, mail and sign-in agree', async () => {
    const { emails, requestOf, decide, logIn, queue } = await twoColleaguesAsked();
    expect((await decide(emails.first, 'approve', { accessDays: 30 })).statusCode).toBe(200);
    expect((await requestOf(emails.colleague)).status).toBe('approved');
    expect((await queue('pending')).map((row) => row.email)).not.toContain(emails.colleague);
    expect(await signInMails(emails.colleague)).toHaveLength(1);
    expect(await logIn(emails.colleague)).toBe('check_email');
    // Already decided: staff cannot decline what the approval settled.
    expect((await decide(emails.colleague, 'decline', {})).statusCode).toBe(409);
  });

  it('a bulk approval of both counts both as decided and mails each person once', async () => {
    const { emails, requestOf, staff } = await twoColleaguesAsked();
    const ids = [(await requestOf(emails.first)).id, (await requestOf(emails.colleague)).id];
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/access-requests/bulk-approve',
      cookies: staff.cookies,
      headers: staff.headers,
      payload: { ids, accessDays: 30 },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ decidedIds: ids, alreadyDecidedIds: [] });
    expect(await signInMails(emails.first)).toHaveLength(1);
    expect(await signInMails(emails.colleague)).toHaveLength(1);
  });

  it('stay pending and cannot sign in when staff review each member; a decline then ends it', async () => {
    const { organisation, emails, requestOf, decide, logIn, queue } = await twoColleaguesAsked();
    await setAccessSettings(t.database.db, organisation.id, { autoApproveAccountMembers: false });
    expect((await decide(emails.first, 'approve', { accessDays: 30 })).statusCode).toBe(200);
    expect(await logIn(emails.first)).toBe('check_email');

    const waiting = await requestOf(emails.colleague);
    expect(waiting.status).toBe('pending');
    expect(waiting.accountMemberId).toBeNull();
    expect((await queue('pending')).map((row) => row.email)).toEqual([emails.colleague]);
    expect(await logIn(emails.colleague)).toBe('pending_request');
    expect(await signInMails(emails.colleague)).toHaveLength(0);

    expect((await decide(emails.colleague, 'decline', { reason: 'Not on the deal.' })).statusCode).toBe(204);
    expect(await logIn(emails.colleague)).toBe('request_declined');
    expect(await signInMails(emails.colleague)).toHaveLength(0);
    const [company] = await t.database.db.select().from(accounts).where(eq(accounts.id, waiting.accountId!));
    expect(company!.reviewStatus).toBe('approved');
  });

  it('a person declined while the company waits stays out when a colleague is approved later', async () => {
    const { emails, requestOf, decide, logIn } = await twoColleaguesAsked();
    expect((await decide(emails.colleague, 'decline', {})).statusCode).toBe(204);
    // The company is still under review for the colleague who waits.
    expect(await logIn(emails.first)).toBe('pending_request');
    expect((await decide(emails.first, 'approve', { accessDays: 30 })).statusCode).toBe(200);
    expect(await logIn(emails.first)).toBe('check_email');
    expect(await logIn(emails.colleague)).toBe('request_declined');
    expect(await signInMails(emails.colleague)).toHaveLength(0);
    expect((await requestOf(emails.colleague)).status).toBe('declined');
  });

  it('a decline ends the access and session of someone let in by their company’s approval', async () => {
    const { organisation, emails, requestOf, decide, logIn } = await twoColleaguesAsked();
    // As before this rule: the company was approved while the colleague's request kept its membership.
    const db = t.database.db;
    const waiting = await requestOf(emails.colleague);
    await db
      .update(accounts)
      .set({ reviewStatus: 'approved', accessExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(accounts.id, waiting.accountId!));
    expect(waiting.accountMemberId).not.toBeNull();
    expect(await logIn(emails.colleague)).toBe('check_email');
    const session = await createTestSession(db, {
      organisationId: organisation.id,
      accountMemberId: waiting.accountMemberId!,
    });
    const viewAs = async () =>
      (
        await t.app.inject({
          url: `/api/statuspage/share/${organisation.slug}/view`,
          cookies: session.cookies,
        })
      ).json().viewer.member;
    expect(await viewAs()).not.toBeNull();

    expect((await decide(emails.colleague, 'decline', {})).statusCode).toBe(204);
    expect(await logIn(emails.colleague)).toBe('request_declined');
    expect(await viewAs()).toBeNull();
    expect(await logIn(emails.first)).toBe('check_email');
  });
});
