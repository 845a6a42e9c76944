// @postgres: reminders and expiries chosen by SQL date windows
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMessages } from '../../../shared/access';
import { accessRequests, accountMembers, accounts } from '../../db/schema';
import {
  createAccountMember,
  createOrganisation,
  createProduct,
  createStaffUser,
  setAccessSettings,
} from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signExtensionToken } from '../access/access-tokens';
import { mailsTo, nextClient, postForm } from '../access/test-support';
import type { MailboxMessage } from '../mail/mailbox-message';
import { sendDueExpiryReminders } from './expiry-reminders';

/**
 * Issue 20 part 3, the member's lifecycle: the expiry reminder (once per end date, on a window staff
 * set), its one-click "Request more time" link, the extension request in the queue and its approval,
 * the end date in the member's menu, and revoking only where there is access.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => t.close());

const dayMs = 24 * 3600 * 1000;
const deps = () => ({ db: t.database.db, config: t.config, providers: t.providers });
type Session = { cookies: Record<string, string>; headers: Record<string, string> };

async function setUp() {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db);
  const editor = await createStaffUser(db, organisation.id);
  const session = await createTestSession(db, { organisationId: organisation.id, staffUserId: editor.id });
  return { organisation, product, session };
}

const call = (session: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    cookies: session.cookies,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** An approved account reviewed `reviewedDaysAgo` days ago whose access ends in `endsInDays` days. */
async function accountEnding(
  organisationId: string,
  endsInDays: number | null,
  { reviewedDaysAgo = 300, reviewStatus = 'approved' as const, name = 'Customer Co' } = {},
) {
  return createAccountMember(t.database.db, organisationId, {
    name,
    reviewStatus,
    accessExpiresAt: endsInDays === null ? null : new Date(Date.now() + endsInDays * dayMs),
    reviewedAt: new Date(Date.now() - reviewedDaysAgo * dayMs),
  });
}

async function addMember(organisationId: string, accountId: string, email: string) {
  const [member] = await t.database.db
    .insert(accountMembers)
    .values({ organisationId, accountId, email, firstName: 'Second', lastName: 'Member' })
    .returning();
  return member!;
}

const reminders = async (email: string) =>
  (await mailsTo(t, email)).filter((mail) => mail.subject.includes(' ends on '));

function moreTimeLink(mail: MailboxMessage): string {
  const match = mail.text.match(/https?:\/\/\S+\/request-more-time\?token=\S+/);
  if (!match) throw new Error('no Request more time link in the mail');
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

const openLink = (path: string, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url: path, headers: { 'x-forwarded-for': nextClient() } });

/** Presses the button of the page the link opens: a form POST of the link's token to the link's path. */
function askForMoreTime(link: string) {
  const url = new URL(link, 'http://attest.test');
  return postForm(t.app, url.pathname, { token: url.searchParams.get('token') ?? '' });
}

async function requestsOf(accountId: string) {
  return t.database.db.select().from(accessRequests).where(eq(accessRequests.accountId, accountId));
}

describe('the expiry reminder', () => {
  it('mails every member once when the end date enters the window, and again only for a new end date', async () => {
    const { organisation, session } = await setUp();
    const due = await accountEnding(organisation.id, 10, { name: 'Due Co' });
    const colleague = await addMember(organisation.id, due.account.id, 'second@due.example');
    const later = await accountEnding(organisation.id, 20);
    const ended = await accountEnding(organisation.id, -1);
    const declined = await accountEnding(organisation.id, 5, { reviewStatus: 'declined' as never });
    const endless = await accountEnding(organisation.id, null);
    // Approved two days ago for twelve days: the approval mail gave the date; no reminder follows it.
    const short = await accountEnding(organisation.id, 10, { reviewedDaysAgo: 2 });

    await sendDueExpiryReminders(deps());
    const [reminder, ...more] = await reminders(due.member.email);
    expect(more).toHaveLength(0);
    expect(await reminders(colleague.email)).toHaveLength(1);
    for (const { member } of [later, ended, declined, endless, short]) {
      expect(await reminders(member.email)).toHaveLength(0);
    }
    const until = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
      due.account.accessExpiresAt!,
    );
    expect(reminder!.subject).toBe(`Your access to the ${organisation.name} Trust Center ends on ${until}`);
    expect(reminder!.text).toContain(`Until: ${until}`);
    expect(reminder!.text).toContain(`Still need it? Request more time from the ${organisation.name} team`);
    const link = moreTimeLink(reminder!);
    expect(link).toMatch(
      new RegExp(`^/api/statuspage/share/${organisation.slug}/request-more-time\\?token=`),
    );
    expect(reminder!.html).toMatch(/^<!DOCTYPE html/);
    expect(reminder!.html).toContain(`href="http://attest.test${link}"`);
    expect(reminder!.html).toContain('>Request more time</span>');

    // Never twice for the same end date.
    await sendDueExpiryReminders(deps());
    expect(await reminders(due.member.email)).toHaveLength(1);

    // Staff extend by 30 days: outside the window now, reminded again once the new end date nears.
    const extended = await call(session, 'POST', `/api/accounts/${due.account.id}/extend`, {
      accessDays: 30,
    });
    expect(extended.statusCode).toBe(200);
    await sendDueExpiryReminders(deps());
    expect(await reminders(due.member.email)).toHaveLength(1);
    await sendDueExpiryReminders(deps(), new Date(Date.now() + 20 * dayMs));
    expect(await reminders(due.member.email)).toHaveLength(2);
    await sendDueExpiryReminders(deps(), new Date(Date.now() + 21 * dayMs));
    expect(await reminders(due.member.email)).toHaveLength(2);
  });

  it('follows each organisation’s window: 0 is off, a wider window saved in the console reminds at once', async () => {
    const { organisation, session } = await setUp();
    await setAccessSettings(t.database.db, organisation.id, { expiryReminderDays: 0 });
    const soon = await accountEnding(organisation.id, 2);
    await sendDueExpiryReminders(deps());
    expect(await reminders(soon.member.email)).toHaveLength(0);

    const settings = (await call(session, 'GET', '/api/access-settings')).json();
    expect(settings.expiryReminderDays).toBe(0);
    for (const [days, message] of [
      [-1, 'Enter 0 (no reminder) or more days.'],
      [91, 'Remind at most 90 days before access ends.'],
      [1.5, 'Enter a whole number of days.'],
    ] as const) {
      const refused = await call(session, 'PUT', '/api/access-settings', {
        ...settings,
        expiryReminderDays: days,
        byoid: { jwksUrl: null, issuer: null },
      });
      expect(refused.statusCode).toBe(400);
      expect(JSON.stringify(refused.json().error)).toContain(message);
    }
    const far = await accountEnding(organisation.id, 50);
    const saved = await call(session, 'PUT', '/api/access-settings', {
      ...settings,
      expiryReminderDays: 60,
      byoid: { jwksUrl: null, issuer: null },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().expiryReminderDays).toBe(60);
    // Saving queued a run: draining the queue (mailsTo does) sends both reminders.
    expect(await reminders(soon.member.email)).toHaveLength(1);
    expect(await reminders(far.member.email)).toHaveLength(1);
    // A client that does not know the setting keeps it.
    const { expiryReminderDays: _left, ...withoutReminder } = settings;
    const kept = await call(session, 'PUT', '/api/access-settings', {
      ...withoutReminder,
      byoid: { jwksUrl: null, issuer: null },
    });
    expect(kept.json().expiryReminderDays).toBe(60);
  });

  it('sends one reminder per member when two runs race', async () => {
    const { organisation } = await setUp();
    const members: string[] = [];
    for (let index = 0; index < 6; index++) {
      const { account, member } = await accountEnding(organisation.id, 3 + index);
      members.push(
        member.email,
        (await addMember(organisation.id, account.id, `m${index}@race.example`)).email,
      );
    }
    const [first, second] = await Promise.all([
      sendDueExpiryReminders(deps()),
      sendDueExpiryReminders(deps()),
    ]);
    expect(first + second).toBeGreaterThanOrEqual(6);
    for (const email of members) expect(await reminders(email)).toHaveLength(1);
  });
});

describe('"Request more time"', () => {
  async function remindedMember(options: { profileName?: string } = {}) {
    const context = await setUp();
    const { account, member } = await accountEnding(context.organisation.id, 7, { name: 'Extension Co' });
    await sendDueExpiryReminders(deps());
    const [reminder] = await reminders(member.email);
    return { ...context, account, member, link: moreTimeLink(reminder!), ...options };
  }

  it('records one extension request, shows a branded page, and a second click makes none', async () => {
    const { organisation, session, account, member, link } = await remindedMember();
    const opened = await askForMoreTime(link);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toContain('text/html');
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.body).toContain('Your request for more time was sent');
    expect(opened.body).toContain(`${organisation.name} Trust Center`);
    expect(opened.body).toContain(member.email);
    expect(opened.body).toMatch(/Your access ends:<\/dt><dd[^>]*>[A-Z][a-z]+ \d{1,2}, \d{4}</);

    const queue = (await call(session, 'GET', '/api/access-requests?status=pending')).json();
    expect(queue.requests).toHaveLength(1);
    expect(queue.requests[0]).toMatchObject({
      kind: 'extension',
      source: 'expiry_reminder',
      email: member.email,
      accountId: account.id,
      accountName: 'Extension Co',
    });
    expect(queue.facets.sources).toContain('expiry_reminder');

    const again = await askForMoreTime(link);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('You already asked for more time');
    expect(again.body).toContain(accessMessages.alreadyRequested);
    const raced = await Promise.all([askForMoreTime(link), askForMoreTime(link)]);
    expect(raced.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(await requestsOf(account.id)).toHaveLength(1);
  });

  it('opening the link (GET or HEAD, as mail scanners do) asks nothing; the page’s button asks', async () => {
    const { organisation, account, link } = await remindedMember();
    for (const method of ['HEAD', 'GET', 'GET'] as const) {
      const opened = await openLink(link, method);
      expect(opened.statusCode, method).toBe(200);
      expect(opened.headers['cache-control']).toBe('no-store');
    }
    expect(await requestsOf(account.id)).toHaveLength(0);
    const page = await openLink(link);
    expect(page.body).toContain(`Ask the ${organisation.name} team to extend your access`);
    const token = new URL(link, 'http://attest.test').searchParams.get('token')!;
    const form = page.body.match(/<form[^>]*>/)?.[0] ?? '';
    expect(form).toMatch(/method="post"/i);
    expect(form).toContain(`action="/api/statuspage/share/${organisation.slug}/request-more-time"`);
    expect(page.body).toContain(`value="${token}"`);
    expect((await askForMoreTime(link)).body).toContain('Your request for more time was sent');
    expect(await requestsOf(account.id)).toHaveLength(1);
  });

  it('the extension request names the products the access was asked for', async () => {
    const { organisation, product } = await setUp();
    const other = await createProduct(t.database.db, organisation.id, { name: 'Payroll' });
    const { account, member } = await accountEnding(organisation.id, 7, { name: 'Product Co' });
    await t.database.db.insert(accessRequests).values({
      organisationId: organisation.id,
      productId: product.id,
      requestedProductIds: [other.id],
      accountId: account.id,
      accountMemberId: member.id,
      email: member.email,
      firstName: 'Casey',
      lastName: 'Customer',
      companyName: 'Product Co',
      status: 'approved',
      createdAt: new Date(Date.now() - 300 * dayMs),
    });
    await sendDueExpiryReminders(deps());
    const [reminder] = await reminders(member.email);
    await askForMoreTime(moreTimeLink(reminder!));
    const [extension] = (await requestsOf(account.id)).filter((request) => request.kind === 'extension');
    expect(extension).toMatchObject({ productId: product.id, requestedProductIds: [other.id] });
  });

  it('two clicks at once make one request', async () => {
    const { account, link } = await remindedMember();
    const answers = await Promise.all([askForMoreTime(link), askForMoreTime(link), askForMoreTime(link)]);
    expect(
      answers.filter((answer) => answer.body.includes('Your request for more time was sent')),
    ).toHaveLength(1);
    expect(await requestsOf(account.id)).toHaveLength(1);
  });

  it('approving extends the end date (never shortening it) and mails the members; the menu shows the date', async () => {
    const { organisation, session, account, member, link } = await remindedMember();
    await askForMoreTime(link);
    const [request] = (await call(session, 'GET', '/api/access-requests?status=pending')).json().requests;
    const approved = await call(session, 'POST', `/api/access-requests/${request.id}/approve`, {
      accessDays: 365,
    });
    expect(approved.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row!.accessExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 364 * dayMs);
    const mails = await mailsTo(t, member.email);
    expect(mails.some((mail) => mail.subject.endsWith('was extended'))).toBe(true);
    expect(mails.some((mail) => mail.text.includes('/sign-in?token='))).toBe(false);

    // The old reminder's link now says there is nothing to ask for.
    const stale = await askForMoreTime(link);
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toContain(accessMessages.alreadyHasAccess);
    expect(await requestsOf(account.id)).toHaveLength(1);

    // The member's menu data carries the new end date.
    const memberSession = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      accountMemberId: member.id,
    });
    const view = await t.app.inject({
      url: `/api/statuspage/share/${organisation.slug}/view`,
      cookies: memberSession.cookies,
    });
    expect(view.json().viewer.member.accessExpiresAt).toBe(row!.accessExpiresAt!.toISOString());

    // An extension asked for with 40 days left adds its days to those 40, not to today.
    const shorter = await accountEnding(organisation.id, 40);
    const colleagueSession = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      accountMemberId: shorter.member.id,
    });
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/statuspage/share/${shorter.account.id}/external/extend-access`,
      cookies: colleagueSession.cookies,
      headers: colleagueSession.headers,
    });
    // More than 30 days left: the session route answers already-has-access and asks nothing.
    expect(asked.json()).toEqual({ code: 'already-has-access' });
    await t.database.db.insert(accessRequests).values({
      organisationId: organisation.id,
      accountId: shorter.account.id,
      accountMemberId: shorter.member.id,
      email: shorter.member.email,
      firstName: 'Casey',
      lastName: 'Customer',
      companyName: 'Customer Co',
      kind: 'extension',
      source: 'expiry_reminder',
    });
    const [shorterRequest] = await t.database.db
      .select()
      .from(accessRequests)
      .where(and(eq(accessRequests.accountId, shorter.account.id), eq(accessRequests.status, 'pending')));
    await call(session, 'POST', `/api/access-requests/${shorterRequest!.id}/approve`, { accessDays: 5 });
    const [kept] = await t.database.db.select().from(accounts).where(eq(accounts.id, shorter.account.id));
    expect(kept!.accessExpiresAt!.getTime()).toBe(shorter.account.accessExpiresAt!.getTime() + 5 * dayMs);
  });

  it('a declined extension leaves the access as it was; the link does not ask again', async () => {
    const { session, account, member, link } = await remindedMember();
    await askForMoreTime(link);
    const [request] = (await call(session, 'GET', '/api/access-requests?status=pending')).json().requests;
    const declined = await call(session, 'POST', `/api/access-requests/${request.id}/decline`, {
      reason: 'The audit is over.',
    });
    expect(declined.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row).toMatchObject({ reviewStatus: 'approved', accessExpiresAt: account.accessExpiresAt });
    const mail = (await mailsTo(t, member.email)).find((sent) =>
      sent.subject.startsWith('Your request for more time'),
    );
    expect(mail!.text).toContain('could not approve it. Your access continues');
    expect(mail!.text).toContain('The audit is over.');
    const again = await askForMoreTime(link);
    expect(again.body).toContain('You already asked for more time');
    expect(await requestsOf(account.id)).toHaveLength(1);
  });

  it('refuses forged, tampered, expired and foreign links with a clear page, and revoked access with 409', async () => {
    const { organisation, session, account, member, link } = await remindedMember();
    const other = await createOrganisation(t.database.db);
    const token = new URL(link, 'http://attest.test').searchParams.get('token')!;
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, acct: crypto.randomUUID() })).toString('base64url')}.${signature}`;
    const expired = await signExtensionToken(
      t.database.db,
      {
        organisationId: organisation.id,
        accountMemberId: member.id,
        accountId: account.id,
        periodEndsAt: new Date(Date.now() - 40 * dayMs),
      },
      new Date(Date.now() - 50 * dayMs),
    );
    const base = `/api/statuspage/share/${organisation.slug}/request-more-time`;
    for (const path of [
      base,
      `${base}?token=not-a-token`,
      `${base}?token=${tampered}`,
      `${base}?token=${expired}`,
      `/api/statuspage/share/${other.organisation.slug}/request-more-time?token=${token}`,
    ]) {
      for (const refused of [await openLink(path), await askForMoreTime(path)]) {
        expect(refused.statusCode, path).toBe(400);
        expect(refused.headers['content-type'], refused.body).toContain('text/html');
        expect(refused.body).toContain('This link does not work');
        expect(refused.body).toContain(accessMessages.extensionLinkInvalid);
      }
    }
    expect(await requestsOf(account.id)).toHaveLength(0);

    expect((await call(session, 'POST', `/api/accounts/${account.id}/revoke`)).statusCode).toBe(200);
    const revoked = await askForMoreTime(link);
    expect(revoked.statusCode).toBe(409);
    expect(revoked.body).toContain('There is no access to extend');
    expect(await requestsOf(account.id)).toHaveLength(0);
  });
});

describe('revoking and the member menu', () => {
  it('revokes only an account with access; others are refused with 409 and no mail', async () => {
    const { organisation, session } = await setUp();
    const declined = await accountEnding(organisation.id, 30, { reviewStatus: 'declined' as never });
    const pending = await accountEnding(organisation.id, null, { reviewStatus: 'pending' as never });
    const expired = await accountEnding(organisation.id, -3);
    for (const { account, member } of [declined, pending, expired]) {
      const refused = await call(session, 'POST', `/api/accounts/${account.id}/revoke`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe('This account has no access to revoke.');
      expect((await mailsTo(t, member.email)).some((mail) => mail.subject.endsWith('has ended'))).toBe(false);
    }
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, expired.account.id));
    expect(row!.reviewStatus).toBe('approved');
    const endless = await accountEnding(organisation.id, null);
    expect((await call(session, 'POST', `/api/accounts/${endless.account.id}/revoke`)).statusCode).toBe(200);
  });

  it('gives the menu an end date only for access that runs now and ends', async () => {
    const { organisation } = await setUp();
    const summary = async (memberId: string) => {
      const memberSession = await createTestSession(t.database.db, {
        organisationId: organisation.id,
        accountMemberId: memberId,
      });
      const view = await t.app.inject({
        url: `/api/statuspage/share/${organisation.slug}/view`,
        cookies: memberSession.cookies,
      });
      return view.json().viewer.member;
    };
    const ending = await accountEnding(organisation.id, 45);
    expect((await summary(ending.member.id)).accessExpiresAt).toBe(
      ending.account.accessExpiresAt!.toISOString(),
    );
    const endless = await accountEnding(organisation.id, null);
    expect(await summary(endless.member.id)).not.toHaveProperty('accessExpiresAt');
    const expired = await accountEnding(organisation.id, -1);
    const expiredSummary = await summary(expired.member.id);
    expect(expiredSummary).not.toHaveProperty('accessExpiresAt');
    expect(expiredSummary.isAccessExpired).toBe(true);
    const declined = await accountEnding(organisation.id, 20, { reviewStatus: 'declined' as never });
    expect(await summary(declined.member.id)).not.toHaveProperty('accessExpiresAt');
  });
});
