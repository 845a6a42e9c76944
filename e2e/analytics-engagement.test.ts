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

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-analytics-engagement-' });

type MailboxMessage = { subject: string; text: string };

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

async function shoot(page: Page, name: string, width: number) {
  await settle(page);
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: path.join(screenshots, `${name}-${width}.png`), fullPage: true });
}

const email = 'riley@globex-engagement.example';
// The demo dates its documents from the day it is seeded: the server started today.
const documentName = dated('Penetration test summary {penTestQuarter}', demoCalendar());

/** A buyer asks for access, staff approve, the buyer signs in, accepts the NDA and downloads a report. */
async function buyerDownloadsAReport(staff: Page) {
  const context = await journey.newContext(1280, { acceptDownloads: true } as never);
  const visitor = await context.newPage();
  await visitor.goto(`${journey.baseUrl}/acme?requestAccess=true&source=e2e`);
  await visitor.getByRole('button', { name: "Let's Go" }).click();
  const request = visitor.getByRole('dialog', { name: 'Request Access' });
  await request.waitFor();
  await request.getByLabel('First name').fill('Riley');
  await request.getByLabel('Last name').fill('Buyer');
  await request.getByLabel('Work email').fill(email);
  await request.getByLabel('Company name').fill('Globex');
  await request.getByRole('checkbox', { name: /I agree to the/ }).check();
  await request.getByRole('button', { name: 'Submit Request' }).click();
  await visitor.getByRole('dialog', { name: 'Request sent' }).waitFor();

  await staff.goto(`${journey.baseUrl}/console/access-requests`);
  const row = staff.getByTestId('access-request-row').filter({ hasText: email });
  await row.getByRole('button', { name: /^Approve/ }).click();
  const approve = staff.getByRole('dialog', { name: 'Approve access request' });
  await approve.waitFor();
  await approve.getByRole('button', { name: 'Approve', exact: true }).click();
  await approve.waitFor({ state: 'hidden' });

  const mail = await waitForMail(email, /approved|access/i);
  const link = mail.text.match(/https?:\/\/\S+\/sign-in\?token=[\w.-]+/)?.[0];
  expect(link, mail.text).toBeTruthy();
  await visitor.goto(link!);
  await visitor.getByRole('button', { name: 'Sign in', exact: true }).click();
  await visitor.waitForURL(`${journey.baseUrl}/acme`);
  await visitor.getByRole('button', { name: 'Review NDA' }).click();
  const nda = visitor.getByRole('dialog').filter({ hasText: 'I have read and agree to this agreement' });
  await nda.waitFor();
  await nda.getByLabel('Your full name').fill('Riley Buyer');
  await nda.getByRole('checkbox', { name: 'I have read and agree to this agreement' }).check();
  await nda.getByRole('button', { name: 'Accept' }).click();
  await nda.waitFor({ state: 'hidden' });
  const documentLink = visitor.getByRole('link', { name: `Download ${documentName}` });
  await Promise.all([visitor.waitForEvent('download'), documentLink.click()]);
  await context.close();
}

describe('analytics people can read', () => {
  it('moves through a chart by keyboard, opens an account’s engagement and downloads its CSV', {
    timeout: 300_000,
  }, async () => {
    const context = await journey.newContext(1280, { acceptDownloads: true } as never);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signInAsStaff(page, journey.baseUrl);
    await buyerDownloadsAReport(page);

    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: 'Analytics' }).waitFor();
    const visits = page.getByRole('figure', { name: /^Visits and unique visitors per day/ });
    const chart = visits.getByRole('application');
    await chart.waitFor();
    // Axes with scales: day ticks along the bottom, counts up the side.
    expect(await visits.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count()).toBeGreaterThan(1);
    expect(await visits.locator('.recharts-yAxis .recharts-cartesian-axis-tick').count()).toBeGreaterThan(1);
    await chart.focus();
    await page.keyboard.press('ArrowRight');
    const tooltip = visits.getByTestId('chart-tooltip');
    await tooltip.waitFor();
    const firstPoint = await tooltip.textContent();
    expect(firstPoint).toMatch(/Visits: \d/);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tooltip.textContent()).not.toBe(firstPoint);
    await shoot(page, 'analytics-chart-keyboard', 1280);
    // The numbers are also a table, shown on request.
    await visits.getByRole('button', { name: 'Show data table' }).click();
    await visits.getByRole('columnheader', { name: 'Unique visitors' }).waitFor();

    const engagement = page.getByTestId('engagement-table');
    const account = engagement.getByRole('link', { name: 'Globex' });
    await account.waitFor();
    await account.click();
    await page.getByRole('heading', { name: 'Globex', level: 1 }).waitFor();
    await page.getByRole('rowheader', { name: /Riley Buyer/ }).waitFor();
    await page.getByRole('rowheader', { name: documentName }).waitFor();
    await page.getByText(`${email} downloaded ${documentName}`).waitFor();
    await shoot(page, 'analytics-account-engagement', 1280);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^engagement-globex-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = (await readFile((await download.path())!)).toString('utf8');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFF"time","account","person","action","document or item"');
    expect(lines).toContainEqual(
      expect.stringMatching(`,"Globex","${email}","downloaded","${documentName}"$`),
    );

    // A phone: the same pages fit and stay usable, also under a long name with no place to break.
    const { csrfToken } = await (await page.request.get(`${journey.baseUrl}/api/auth/session`)).json();
    const accountId = new URL(page.url()).pathname.split('/').pop();
    const renamed = await page.request.patch(`${journey.baseUrl}/api/accounts/${accountId}`, {
      headers: { 'x-csrf-token': csrfToken },
      data: { name: 'GlobexCorporationInternationalHoldingsAndSubsidiariesEMEALimited' },
    });
    expect(renamed.status()).toBe(200);
    const phone = await journey.newContext(390);
    const small = await phone.newPage();
    await signInAsStaff(small, journey.baseUrl);
    await small.goto(`${journey.baseUrl}/console/analytics`);
    await small
      .getByRole('figure', { name: /^Visits and unique visitors per day/ })
      .getByRole('application')
      .waitFor();
    await small.getByTestId('engagement-table').getByRole('link', { name: 'Globex' }).waitFor();
    await shoot(small, 'analytics-chart-keyboard', 390);
    await small.getByTestId('engagement-table').getByRole('link', { name: 'Globex' }).click();
    await small.getByRole('heading', { name: 'Globex', level: 1 }).waitFor();
    await shoot(small, 'analytics-account-engagement', 390);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.close();
    expect(problems).toEqual([]);
    await context.close();
  });
});
