import path from 'node:path';
import { format } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousAccessibilityViolations,
  screenshots,
  settle,
  signInAsStaff,
  useJourneyHarness,
  watchForErrors,
} from './support/journey-harness';

/**
 * Issue 20 part 3: a member is reminded before their access ends, asks for more time with one click,
 * staff approve it in the review queue, and the member's menu shows the new end date. The demo's
 * Initech Audit Partners (access ends in 45 days) is the member's account.
 */
const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-member-lifecycle-' });
const memberEmail = 'joanna@initech.example';
/** As long as Playwright waits for an element: polls follow the page, not a clock of their own. */
const uiWait = { timeout: 30_000, interval: 200 };

type MailboxMessage = { subject: string; text: string; date: string };

async function waitForMail(to: string, subject: RegExp): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${journey.baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as MailboxMessage[];
        found = messages
          .filter((message) => subject.test(message.subject))
          .sort((a, b) => b.date.localeCompare(a.date))[0];
        return Boolean(found);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return found!;
}

async function shoot(page: Page, name: string, width: number) {
  await settle(page);
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: path.join(screenshots, `${name}-${width}.png`), fullPage: true });
}

async function signInMember(page: Page) {
  await page.goto(`${journey.baseUrl}/acme`);
  await page.getByRole('button', { name: "Let's Go" }).click();
  await page.goto(`${journey.baseUrl}/acme?loginRequest=true`);
  const login = page.getByRole('dialog', { name: "Get access to Acme Cloud's portal" });
  await login.getByLabel(/e-?mail/i).fill(memberEmail);
  const asked = new Date().toISOString();
  await login.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog', { name: 'Check your email' }).waitFor();
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = await waitForMail(memberEmail, /^Sign in to/);
      link = mail.date >= asked ? mail.text.match(/https?:\/\/\S+\/sign-in\?token=[\w.-]+/)?.[0] : undefined;
      return Boolean(link);
    }, uiWait)
    .toBe(true);
  await page.goto(link!);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${journey.baseUrl}/acme`);
}

describe("the member's lifecycle", () => {
  it('reminds before access ends, asks for more time in one click, and staff approve it in the queue', async () => {
    const staffContext = await journey.newContext(1280);
    const staff = await staffContext.newPage();
    const staffProblems = watchForErrors(staff);
    await signInAsStaff(staff, journey.baseUrl);

    // Staff widen the reminder window in Access settings; Initech's access (45 days left) is now inside it.
    await staff.goto(`${journey.baseUrl}/console/access-settings`);
    const reminderDays = staff.getByLabel('Remind members before access ends (days)');
    await expect.poll(() => reminderDays.inputValue(), uiWait).toBe('14');
    await reminderDays.fill('91');
    await staff.getByRole('button', { name: 'Save access settings' }).click();
    await staff.getByText('Remind at most 90 days before access ends.').waitFor();
    await reminderDays.fill('60');
    await staff.getByRole('button', { name: 'Save access settings' }).click();
    await staff.getByText('Access settings saved').waitFor();
    await reminderDays.scrollIntoViewIfNeeded();
    await shoot(staff, 'lifecycle-reminder-setting', 1280);

    // The member gets the reminder in the dev mailbox, with a one-click link.
    const reminder = await waitForMail(memberEmail, /ends on/);
    expect(reminder.text).toContain('Still need it? Request more time from the Acme Cloud team');
    const moreTime = reminder.text.match(/https?:\/\/\S+\/request-more-time\?token=[\w.-]+/)?.[0];
    expect(moreTime, reminder.text).toBeTruthy();

    for (const width of [390, 1280]) {
      const context = await journey.newContext(width);
      const page = await context.newPage();
      const problems = watchForErrors(page);
      await page.goto(moreTime!);
      // Opening the link asks nothing (mail scanners open it too); the page's button asks.
      await page.getByRole('heading', { name: 'Request more time' }).waitFor();
      if (width === 390) await shoot(page, 'lifecycle-more-time-page', width);
      await page.getByRole('button', { name: 'Request more time' }).click();
      // The first click asks; every later one says it was asked already.
      const heading =
        width === 390 ? 'Your request for more time was sent' : 'You already asked for more time';
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.getByRole('img', { name: 'Acme Cloud' }).waitFor();
      await page.getByRole('link', { name: 'Open the Acme Cloud Trust Center' }).waitFor();
      await shoot(page, width === 390 ? 'lifecycle-more-time-sent' : 'lifecycle-more-time-again', width);
      expect(problems).toEqual([]);
      await context.close();
    }

    // Staff see one extension request in the queue, badged as such, and approve a year.
    await staff.goto(`${journey.baseUrl}/console/access-requests`);
    const rows = staff.getByTestId('access-request-row').filter({ hasText: memberEmail });
    await expect.poll(() => rows.count(), uiWait).toBe(1);
    await rows.getByText('Extension', { exact: true }).waitFor();
    await rows.getByText('Expiry reminder').waitFor();
    await shoot(staff, 'lifecycle-queue-extension', 1280);
    const phoneStaff = await journey.newContext(390);
    const phoneQueue = await phoneStaff.newPage();
    await signInAsStaff(phoneQueue, journey.baseUrl);
    await phoneQueue.goto(`${journey.baseUrl}/console/access-requests`);
    await phoneQueue.getByTestId('access-request-row').filter({ hasText: memberEmail }).waitFor();
    await shoot(phoneQueue, 'lifecycle-queue-extension', 390);
    await phoneStaff.close();

    // Asked before the end: the approved days are added to the end date the member still has (decision 323).
    const before = (await (await staff.request.get(`${journey.baseUrl}/api/accounts`)).json()) as {
      accounts: Array<{ name: string; accessExpiresAt: string | null }>;
    };
    const oldEnd = Date.parse(
      before.accounts.find((account) => account.name.startsWith('Initech'))!.accessExpiresAt!,
    );
    await rows.getByRole('button', { name: /^Approve/ }).click();
    const approve = staff.getByRole('dialog', { name: 'Approve more time' });
    // The duration is prefilled from the settings once they load; fill after that, so it stays.
    const duration = approve.getByLabel('Access duration (days)');
    await expect.poll(() => duration.inputValue(), uiWait).toMatch(/^\d+$/);
    await duration.fill('365');
    await shoot(staff, 'lifecycle-approve-more-time', 1280);
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();
    await approve.waitFor({ state: 'hidden' });
    const extended = await waitForMail(memberEmail, /was extended/);
    const newEnd = new Date(oldEnd + 365 * 24 * 3600 * 1000);
    expect(extended.text).toContain('Until:');

    // Revoke is offered only where there is access: not for the demo's expired Soylent Foods.
    const accounts = (await (await staff.request.get(`${journey.baseUrl}/api/accounts`)).json()) as {
      accounts: Array<{ id: string; name: string }>;
    };
    const idOf = (name: string) => accounts.accounts.find((account) => account.name === name)!.id;
    await staff.goto(`${journey.baseUrl}/console/accounts/${idOf('Soylent Foods')}`);
    await staff.getByRole('heading', { name: 'Soylent Foods' }).waitFor();
    await staff.getByRole('button', { name: 'Extend access' }).waitFor();
    expect(await staff.getByRole('button', { name: 'Revoke access' }).count()).toBe(0);
    await staff.goto(`${journey.baseUrl}/console/accounts/${idOf('Initech Audit Partners')}`);
    await staff.getByRole('button', { name: 'Revoke access' }).waitFor();
    expect(staffProblems).toEqual([]);
    await staffContext.close();

    // The member signs in; the account menu shows the new end date.
    for (const width of [390, 1280]) {
      const context = await journey.newContext(width);
      const page = await context.newPage();
      const problems = watchForErrors(page);
      await signInMember(page);
      await page.getByTestId('account-menu-trigger').click();
      const end = page.getByTestId('account-access-end');
      await end.waitFor();
      expect(await end.textContent()).toBe(`Access until ${format(newEnd, 'MMMM d, yyyy')}`);
      await page.getByText('Review approved').waitFor();
      await shoot(page, 'lifecycle-account-menu', width);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('makes an access token for an AI agent, which reads the trust center as the member until staff revoke it', async () => {
    const mcp = (token: string) =>
      fetch(`${journey.baseUrl}/acme/mcp`, {
        method: 'POST',
        headers: {
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'list_documents', arguments: {} },
        }),
      });
    const context = await journey.newContext(1280);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signInMember(page);
    await page.getByTestId('account-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Access tokens for AI agents' }).click();
    const dialog = page.getByRole('dialog', { name: 'Access tokens' });
    await dialog.getByLabel('Name').fill('Claude Desktop');
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const token = (await dialog.getByTestId('new-access-token').locator('code').textContent())!;
    expect(token).toMatch(/^attest_pat_/);
    await dialog.getByText('never used').waitFor();
    await shoot(page, 'agents-access-tokens', 1280);

    const answered = await mcp(token);
    expect(answered.status).toBe(200);
    const documents = ((await answered.json()) as { result: { structuredContent: { documents: unknown[] } } })
      .result.structuredContent.documents;
    expect(documents.length).toBeGreaterThan(0);

    const staffContext = await journey.newContext(390);
    const staff = await staffContext.newPage();
    await signInAsStaff(staff, journey.baseUrl);
    const accounts = (await (await staff.request.get(`${journey.baseUrl}/api/accounts`)).json()) as {
      accounts: Array<{ id: string; name: string }>;
    };
    const initech = accounts.accounts.find((account) => account.name === 'Initech Audit Partners')!;
    await staff.goto(`${journey.baseUrl}/console/accounts/${initech.id}`);
    const row = staff.getByTestId('access-token-row').filter({ hasText: 'Claude Desktop' });
    await row.waitFor();
    await shoot(staff, 'agents-account-tokens', 390);
    await row.getByRole('button', { name: /^Revoke Claude Desktop/ }).click();
    await row.getByText('Revoked').waitFor();
    expect((await mcp(token)).status).toBe(401);
    await staffContext.close();
    expect(problems).toEqual([]);
    await context.close();
  });
});
