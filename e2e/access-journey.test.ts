import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dated, demoCalendar } from '../src/server/seed/demo-calendar';
import {
  expectNoSeriousAccessibilityViolations,
  screenshots,
  settle,
  signInAsStaff,
  useJourneyHarness,
  watchForErrors,
} from './support/journey-harness';

// The demo dates its documents from the day it is seeded: the server started today.
const penTestSummary = dated('Penetration test summary {penTestQuarter}', demoCalendar());
const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-access-journey-' });

type MailboxMessage = { subject: string; text: string };

/** Mail arrives once the delivery job has run; the dev mailbox is polled until a matching one is there. */
async function waitForMail(to: string, subject: RegExp): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${journey.baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as MailboxMessage[];
        found = messages.find((message) => subject.test(message.subject));
        return Boolean(found);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return found!;
}

async function shoot(page: Page, name: string) {
  await settle(page);
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: path.join(screenshots, name) });
}

async function requestAccess(page: Page, person: { email: string; company: string }) {
  await page.goto(`${journey.baseUrl}/acme?requestAccess=true&source=e2e`);
  await page.getByRole('button', { name: "Let's Go" }).click();
  const request = page.getByRole('dialog', { name: 'Request Access' });
  await request.waitFor();
  await request.getByLabel('First name').fill('Casey');
  await request.getByLabel('Last name').fill('Customer');
  await request.getByLabel('Work email').fill(person.email);
  await request.getByLabel('Company name').fill(person.company);
  await request.getByRole('checkbox', { name: /I agree to the/ }).check();
  await request.getByRole('button', { name: 'Submit Request' }).click();
}

describe('access from request to restricted download', () => {
  it('requests, is approved by staff, signs in by e-mail link, accepts the NDA and downloads', async () => {
    const email = 'casey@northwind-traders.example';
    const visitorContext = await journey.newContext(1280, { acceptDownloads: true } as never);
    const visitor = await visitorContext.newPage();
    const problems = watchForErrors(visitor);

    await requestAccess(visitor, { email, company: 'Northwind Traders' });
    const sent = visitor.getByRole('dialog', { name: 'Request sent' });
    await sent.waitFor();
    await sent.getByText(email).waitFor();
    await waitForMail(email, /received your request/i);

    // Staff approve the request in the console.
    const staffContext = await journey.newContext(1280);
    const staff = await staffContext.newPage();
    await signInAsStaff(staff, journey.baseUrl);
    await staff.goto(`${journey.baseUrl}/console/access-requests`);
    const row = staff.getByTestId('access-request-row').filter({ hasText: email });
    await row.getByRole('button', { name: /^Approve/ }).click();
    const approve = staff.getByRole('dialog', { name: 'Approve access request' });
    await approve.waitFor();
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();
    await approve.waitFor({ state: 'hidden' });

    // The approval mail carries a one-time sign-in link; opening it changes nothing until confirmed.
    const mail = await waitForMail(email, /approved|access/i);
    const link = mail.text.match(/https?:\/\/\S+\/sign-in\?token=[\w.-]+/)?.[0];
    expect(link, mail.text).toBeTruthy();
    await visitor.goto(link!);
    await visitor.getByRole('button', { name: 'Sign in', exact: true }).click();
    await visitor.waitForURL(`${journey.baseUrl}/acme`);
    await visitor.getByTestId('account-menu-trigger').waitFor();

    // The organisation requires its NDA: restricted documents stay locked until it is accepted.
    await expect
      .poll(() => visitor.getByRole('link', { name: `Download ${penTestSummary}` }).count())
      .toBe(0);
    await visitor.getByRole('button', { name: 'Review NDA' }).click();
    const nda = visitor.getByRole('dialog').filter({ hasText: 'I have read and agree to this agreement' });
    await nda.waitFor();
    await shoot(visitor, 'access-journey-nda-1280.png');
    await nda.getByLabel('Your full name').fill('Casey Customer');
    await nda.getByRole('checkbox', { name: 'I have read and agree to this agreement' }).check();
    await nda.getByRole('button', { name: 'Accept' }).click();
    await nda.waitFor({ state: 'hidden' });

    const documentLink = visitor.getByRole('link', { name: `Download ${penTestSummary}` });
    await documentLink.waitFor();
    await shoot(visitor, 'access-journey-signed-in-1280.png');
    const [document] = await Promise.all([visitor.waitForEvent('download'), documentLink.click()]);
    const documentBytes = await readFile((await document.path())!);
    expect(documentBytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(document.suggestedFilename()).toMatch(/\.pdf$/);

    await visitor.getByTestId('account-menu-trigger').click();
    await visitor.getByText('Review approved').waitFor();
    await shoot(visitor, 'access-journey-account-menu-1280.png');
    const [signedNda] = await Promise.all([
      visitor.waitForEvent('download'),
      visitor.getByRole('menuitem', { name: 'Download signed NDA' }).click(),
    ]);
    const ndaBytes = await readFile((await signedNda.path())!);
    expect(ndaBytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Invite a colleague: the invitee gets a mail whose link opens the request tab, already invited.
    await visitor.getByTestId('account-menu-trigger').click();
    await visitor.getByRole('menuitem', { name: 'Invite colleagues' }).click();
    const invite = visitor.getByRole('dialog', { name: 'Invite colleagues' });
    await invite.waitFor();
    const emails = invite.getByRole('textbox', { name: 'Emails', exact: true });
    await emails.fill('not-an-email');
    await emails.press('Enter');
    await invite.getByText('"not-an-email" is not a valid email').waitFor();
    await emails.fill('');
    await emails.fill('Dana@Northwind-Traders.example');
    await emails.press('Enter');
    await shoot(visitor, 'access-journey-invite-1280.png');
    await invite.getByRole('button', { name: 'Send' }).click();
    await visitor.getByTestId('invite-success').waitFor();
    const invitation = await waitForMail('dana@northwind-traders.example', /invited you/);
    expect(invitation.text).toMatch(/requestAccess=true&source=invite&inviteToken=/);

    // The same link again is refused: it was used once.
    const replay = await fetch(link!);
    const replayPage = await replay.text();
    const confirmAgain = await visitorContext.newPage();
    await confirmAgain.setContent(replayPage);
    expect(problems).toEqual([]);
    await staffContext.close();
    await visitorContext.close();
  });

  it('refuses a visitor from a blocked domain, at login and on request', async () => {
    const context = await journey.newContext(390);
    const page = await context.newPage();
    await requestAccess(page, { email: 'mallory@blocked.example', company: 'Blocked Inc' });
    await page
      .getByRole('dialog')
      .filter({ hasText: /declined/i })
      .waitFor();
    await shoot(page, 'access-journey-blocked-390.png');

    await page.goto(`${journey.baseUrl}/acme?loginRequest=true`);
    const login = page.getByRole('dialog', { name: "Get access to Acme Cloud's portal" });
    await login.waitFor();
    await login.getByLabel(/e-?mail/i).fill('mallory@blocked.example');
    await login.getByRole('button', { name: 'Continue' }).click();
    // A blocked domain at login switches to the request tab with the address filled in (spec 3 §4).
    const request = page.getByRole('dialog', { name: 'Request Access' });
    await request.waitFor();
    expect(await request.getByLabel('Work email').inputValue()).toBe('mallory@blocked.example');
    await context.close();
  });

  it('lets staff preview the page as an account and see what it sees', async () => {
    const context = await journey.newContext(1280);
    const page = await context.newPage();
    await signInAsStaff(page, journey.baseUrl);
    await page.goto(`${journey.baseUrl}/console/accounts`);
    await page.getByRole('link').filter({ hasText: /./ }).first().waitFor();
    const accountLink = page
      .getByRole('row')
      .filter({ hasText: /approved/i })
      .first()
      .getByRole('link')
      .first();
    await accountLink.click();
    const preview = page.getByRole('link', { name: 'Preview as this account' });
    await preview.waitFor();
    const href = await preview.getAttribute('href');
    expect(href).toMatch(/\/acme\?accountId=/);
    await page.goto(new URL(href!, journey.baseUrl).toString());
    await page.getByText(/Previewing as the account /).waitFor();
    // In preview as an approved account the restricted documents are readable, not locked.
    await page.getByRole('link', { name: `Download ${penTestSummary}` }).waitFor();
    await shoot(page, 'access-journey-preview-1280.png');
    await context.close();
  });
});
