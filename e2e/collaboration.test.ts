import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { TrustExport, tprmMessages } from '../src/shared/tprm';
import {
  expectNoSeriousAccessibilityViolations,
  screenshots,
  settle,
  signInAsStaff,
  untilDeferredPartsLive,
  useJourneyHarness,
  watchForErrors,
} from './support/journey-harness';

/**
 * Issue 9's collaboration journeys on the demo organisation, one member from request to comment:
 * questionnaire, TPRM token (shown once, redeemed once), comments both ways, and the analytics
 * dashboard showing what those journeys did. The share popover ('Copy link' → 'Copied!', LinkedIn,
 * e-mail) has its journeys in portal-extras.test.ts.
 */
const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-collaboration-' });

const member = {
  email: 'casey@contoso-pharma.example',
  firstName: 'Casey',
  lastName: 'Contoso',
  company: 'Contoso Pharma',
};
const staffEmail = 'admin@acme.example';
const fruitlessSearch = 'quantum llama audit';
/** As long as Playwright waits for an element: polls follow the page, not a clock of their own. */
const uiWait = { timeout: 30_000, interval: 200 };

type MailboxMessage = { subject: string; text: string };

async function mailbox(to: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${journey.baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
  return (await response.json()) as MailboxMessage[];
}

/** Mail arrives once the delivery job has run; the dev mailbox is polled until a matching one is there. */
async function waitForMail(to: string, subject: RegExp, body?: RegExp): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailbox(to)).find(
          (message) => subject.test(message.subject) && (!body || body.test(message.text)),
        );
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

// The member's browser and the staff console stay open across the journeys, as two people would.
let memberContext: BrowserContext;
let memberPage: Page;
let memberProblems: string[];
let staffContext: BrowserContext;
let staffPage: Page;
let staffProblems: string[];

afterAll(async () => {
  await memberContext?.close();
  await staffContext?.close();
});

type Dashboard = {
  totals: Record<string, number>;
  funnel: Record<string, number>;
  eventCounts: { name: string; count: number }[];
  accounts: { name: string }[];
};

/** What the staff dashboard reports for today, read with the staff session. */
function dashboardOfToday(): Promise<Dashboard> {
  const today = new Date().toISOString().slice(0, 10);
  return staffPage.evaluate(async (day) => {
    const response = await fetch(`/api/analytics?from=${day}&to=${day}`);
    return (await response.json()) as Dashboard;
  }, today);
}

async function openAccountMenuItem(name: string) {
  await memberPage.getByTestId('account-menu-trigger').click();
  await memberPage.getByRole('menuitem', { name }).click();
}

describe('collaboration on the demo organisation', () => {
  it('a visitor asks for access, staff approve, and the member signs in through the e-mailed link', {
    timeout: 180_000,
  }, async () => {
    staffContext = await journey.newContext(1280, { abortNonLoopback: true, acceptDownloads: true } as never);
    staffPage = await staffContext.newPage();
    staffProblems = watchForErrors(staffPage);
    await signInAsStaff(staffPage, journey.baseUrl);
    memberContext = await journey.newContext(1280, {
      permissions: ['clipboard-read', 'clipboard-write'],
      abortNonLoopback: true,
      acceptDownloads: true,
    } as never);
    memberPage = await memberContext.newPage();
    memberProblems = watchForErrors(memberPage);

    // A visitor searches for something that is not there, then asks for access.
    await memberPage.goto(`${journey.baseUrl}/acme`);
    await memberPage.getByRole('button', { name: "Let's Go" }).click();
    await memberPage.getByTestId('search-box').click();
    await memberPage.getByTestId('search-dialog').waitFor();
    await memberPage.getByTestId('search-input').fill(fruitlessSearch);
    await memberPage.getByText('No results found').waitFor();
    // A query counts once it has rested (spec 1 §9) and goes with the page's next batch.
    await expect
      .poll(() => dashboardOfToday().then((dashboard) => dashboard.totals.searches), {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(1);
    await memberPage.keyboard.press('Escape');
    await memberPage.getByTestId('search-dialog').waitFor({ state: 'hidden' });

    await memberPage.goto(`${journey.baseUrl}/acme?requestAccess=true&source=e2e`);
    const request = memberPage.getByRole('dialog', { name: 'Request Access' });
    await request.waitFor();
    await request.getByLabel('First name').fill(member.firstName);
    await request.getByLabel('Last name').fill(member.lastName);
    await request.getByLabel('Work email').fill(member.email);
    await request.getByLabel('Company name').fill(member.company);
    await request.getByRole('checkbox', { name: /I agree to the/ }).check();
    await request.getByRole('button', { name: 'Submit Request' }).click();
    await memberPage.getByRole('dialog', { name: 'Request sent' }).waitFor();
    await waitForMail(staffEmail, /Access requested|access request/i, new RegExp(member.email));

    // The approval's default duration comes from the access settings: the page has them first.
    const settingsLoaded = staffPage.waitForResponse((response) =>
      response.url().endsWith('/api/access-settings'),
    );
    await staffPage.goto(`${journey.baseUrl}/console/access-requests`);
    await settingsLoaded;
    await staffPage
      .getByTestId('access-request-row')
      .filter({ hasText: member.email })
      .getByRole('button', { name: /^Approve/ })
      .click();
    const approve = staffPage.getByRole('dialog', { name: 'Approve access request' });
    await expect
      .poll(() => approve.getByLabel('Access duration (days)').inputValue(), uiWait)
      .toMatch(/^\d+$/);
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();
    await approve.waitFor({ state: 'hidden' });

    const approval = await waitForMail(member.email, /approved|access/i, /sign-in\?token=/);
    const link = approval.text.match(/https?:\/\/\S+\/sign-in\?token=[\w.-]+/)?.[0];
    expect(link, approval.text).toBeTruthy();
    await memberPage.goto(link!);
    await memberPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await memberPage.waitForURL(`${journey.baseUrl}/acme`);
    await memberPage.getByTestId('account-menu-trigger').waitFor();

    // A public document: opened in a new tab, then downloaded.
    const tile = memberPage.getByTestId('document-tile').filter({ hasText: 'Information security policy' });
    await tile.scrollIntoViewIfNeeded();
    // A link clicked before its card's code is in is followed by the browser alone: no client event.
    await untilDeferredPartsLive(memberPage);
    const [viewer] = await Promise.all([
      memberContext.waitForEvent('page'),
      tile.getByRole('link', { name: 'Information security policy', exact: true }).click(),
    ]);
    await viewer.waitForLoadState();
    await viewer.close();
    const [download] = await Promise.all([
      memberPage.waitForEvent('download'),
      tile.getByRole('link', { name: 'Download Information security policy' }).click(),
    ]);
    expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the member submits a questionnaire as a file and as a link; staff see both and are e-mailed', {
    timeout: 120_000,
  }, async () => {
    await openAccountMenuItem('Submit a questionnaire');
    const dialog = memberPage.getByRole('dialog', { name: 'Questionnaires can take some time' });
    await dialog.waitFor();
    await shoot(memberPage, 'collaboration-questionnaire-entry-1280.png');
    await dialog.getByRole('button', { name: 'upload it' }).click();
    await dialog.getByLabel('Questionnaire file').setInputFiles({
      name: 'contoso-vendor-questionnaire.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Question,Answer\nDo you encrypt data at rest?,\nDo you run a bug bounty?,\n'),
    });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const success = memberPage.getByRole('dialog', { name: 'Questionnaire submitted successfully' });
    await success.waitFor();
    await shoot(memberPage, 'collaboration-questionnaire-success-1280.png');
    await success.getByRole('button', { name: 'Got it' }).click();
    await success.waitFor({ state: 'hidden' });

    await openAccountMenuItem('Submit a questionnaire');
    await dialog.getByRole('button', { name: 'provide a link' }).click();
    const linkField = dialog.getByLabel('Link to the questionnaire');
    // A private address is refused before anything is sent.
    await linkField.fill('https://10.0.0.8/questionnaire');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('The link must point to a public address.').waitFor();
    await linkField.fill('https://forms.contoso-pharma.example/vendor-review');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await success.getByRole('button', { name: 'Got it' }).click();
    await success.waitFor({ state: 'hidden' });

    await waitForMail(
      staffEmail,
      /New questionnaire from Contoso Pharma/,
      /contoso-vendor-questionnaire\.csv/,
    );
    await waitForMail(staffEmail, /New questionnaire from Contoso Pharma/, /forms\.contoso-pharma\.example/);

    await staffPage.getByRole('link', { name: 'Questionnaires' }).click();
    await staffPage.getByRole('heading', { name: 'Questionnaires' }).waitFor();
    const submissions = staffPage.getByTestId('questionnaire-list').getByRole('listitem');
    const file = submissions.filter({ hasText: 'contoso-vendor-questionnaire.csv' });
    await file.waitFor();
    await submissions.filter({ hasText: 'https://forms.contoso-pharma.example/vendor-review' }).waitFor();
    const [saved] = await Promise.all([
      staffPage.waitForEvent('download'),
      file.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect((await readFile((await saved.path())!)).toString()).toContain('Do you run a bug bounty?');
    await file.getByRole('button', { name: 'Mark done' }).click();
    await file.getByText('Done', { exact: true }).waitFor();
    await shoot(staffPage, 'collaboration-console-questionnaires-1280.png');
  });

  it('the member sends data to TPRM: the token shows once, copies, and redeems once', {
    timeout: 120_000,
  }, async () => {
    await openAccountMenuItem('Send data to TPRM');
    const dialog = memberPage.getByRole('dialog', { name: 'Send data to TPRM tool' });
    await dialog.waitFor();
    const next = dialog.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: /RiskLedger/ }).check();
    const [tokenView] = await Promise.all([
      memberPage.waitForRequest((request) => /\/external\/[\w-]+\/jwt\/\?tokenId=/.test(request.url())),
      next.click(),
    ]);
    const tokenField = dialog.getByTestId('tprm-token');
    await tokenField.waitFor();
    const token = await tokenField.inputValue();
    expect(token.split('.')).toHaveLength(3);
    await dialog.getByText('Tokens expire after 24 hours and cannot be viewed more than once.').waitFor();
    expect(
      await dialog.getByRole('link', { name: /How to use this token in RiskLedger/ }).getAttribute('href'),
    ).toBe('https://riskledger.example/docs/import-attest');

    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await memberPage.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await shoot(memberPage, 'collaboration-tprm-token-1280.png');

    // Viewing the same token again, with the member's own session and CSRF header, is refused.
    const headers = await tokenView.allHeaders();
    const secondView = await memberContext.request.get(tokenView.url(), {
      headers: { 'x-csrf-token': headers['x-csrf-token'] ?? '' },
    });
    expect(secondView.status()).toBe(403);
    expect(((await secondView.json()) as { error: { message: string } }).error.message).toBe(
      tprmMessages.tokenAlreadyViewed,
    );

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The partner redeems it at the documented endpoint: the account's export, once.
    const redeem = () =>
      fetch(`${journey.baseUrl}/api/tprm/export`, { headers: { authorization: `Bearer ${token}` } });
    const first = await redeem();
    expect(first.status).toBe(200);
    const document = TrustExport.parse(await first.json());
    expect(document).toMatchObject({
      schema: 'attest.trust-export',
      audience: 'account',
      account: { name: member.company },
      partner: { name: 'RiskLedger' },
    });
    const titles = document.products.flatMap((product) => product.items.map((item) => item.title));
    expect(titles).toContain('Encryption at rest');
    expect(document.products.some((product) => product.documents.length > 0)).toBe(true);
    const replay = await redeem();
    expect(replay.status).toBe(403);
    expect(((await replay.json()) as { error: { message: string } }).error.message).toBe(
      tprmMessages.tokenAlreadyUsed,
    );
  });

  it('the member comments on an item (Ctrl+Enter sends, Enter alone does not); staff answer; both are e-mailed', {
    timeout: 120_000,
  }, async () => {
    const question = 'Do you also encrypt the backups, and with which keys?';
    await memberPage.locator('[data-card-kind="DataSecurity"] h2 button').click();
    const drawer = memberPage.getByRole('dialog', { name: 'Data Security' });
    await drawer.waitFor();
    const entry = drawer.getByRole('article', { name: 'Encryption at rest' });
    // Copying the item's permalink is a click on the item (top items on the dashboard).
    await entry.getByRole('link', { name: 'Copy link to item: Encryption at rest' }).click();
    await expect
      .poll(() => memberPage.evaluate(() => navigator.clipboard.readText()), uiWait)
      .toMatch(/\/acme\/.*encryption-at-rest$/);
    await entry.getByRole('button', { name: /Conversation/ }).click();
    await entry.getByText('No comments yet. Ask the team a question about this item.').waitFor();
    const composer = entry.getByTestId('comment-composer');
    await composer.fill(question);
    await composer.press('Enter');
    expect(await composer.inputValue()).toBe(question);
    expect(await entry.getByTestId('comment').count()).toBe(0);
    await composer.press('Control+Enter');
    const posted = entry.getByTestId('comment').filter({ hasText: question });
    await posted.waitFor();
    await expect.poll(() => posted.getAttribute('data-pending'), uiWait).toBeNull();
    expect(await composer.inputValue()).toBe('');
    await shoot(memberPage, 'collaboration-comment-posted-1280.png');
    await waitForMail(staffEmail, /New comment from Contoso Pharma on "Encryption at rest"/);

    const answer = 'Yes: backups use their own KMS keys, rotated every year.';
    await staffPage.getByRole('link', { name: 'Comments' }).click();
    await staffPage.getByRole('heading', { name: 'Comments', level: 1 }).waitFor();
    await staffPage.getByRole('button', { name: /Encryption at rest.*Contoso Pharma/s }).click();
    const thread = staffPage.getByRole('region', { name: 'Contoso Pharma on Encryption at rest' });
    await thread.getByText(question).waitFor();
    const reply = thread.getByLabel('Answer');
    await reply.fill(answer);
    await reply.press('Enter');
    expect(await reply.inputValue()).toBe(answer);
    await reply.press('Control+Enter');
    await thread.getByRole('listitem').filter({ hasText: answer }).waitFor();
    await expect.poll(() => reply.inputValue(), uiWait).toBe('');
    await shoot(staffPage, 'collaboration-console-comments-1280.png');

    const mail = await waitForMail(member.email, /answered your comment on "Encryption at rest"/);
    expect(mail.text).toContain(answer);
    // The member sees the answer when the conversation is opened again.
    await memberPage.reload();
    await memberPage.locator('[data-card-kind="DataSecurity"] h2 button').click();
    await memberPage
      .getByRole('dialog', { name: 'Data Security' })
      .getByRole('article', { name: 'Encryption at rest' })
      .getByRole('button', { name: /Conversation/ })
      .click();
    await memberPage.getByTestId('comment').filter({ hasText: answer }).waitFor();
    await memberPage.keyboard.press('Escape');
    expect(memberProblems).toEqual([]);
  });

  it('staff see the events of these journeys on the analytics dashboard and export them as CSV', {
    timeout: 120_000,
  }, async () => {
    // Leaving sends what the member's page still holds (its pagehide runs: a bare close would skip it);
    // the dashboard is read until it is all there.
    await memberPage.close({ runBeforeUnload: true });
    await expect
      .poll(
        async () => {
          const dashboard = await dashboardOfToday();
          return {
            ...dashboard.totals,
            funnel: dashboard.funnel,
            names: dashboard.eventCounts.map((row) => row.name).sort(),
            accounts: dashboard.accounts.map((row) => row.name),
          };
        },
        { timeout: 60_000, interval: 500 },
      )
      .toMatchObject({
        visits: expect.any(Number),
        uniqueVisitors: 1,
        documentViews: 1,
        downloads: 1,
        searchesWithoutResults: 1,
        // The demo's own pending requests count as asked today too.
        funnel: { requested: expect.any(Number), approved: 1, signedIn: 1, downloaded: 1 },
        names: expect.arrayContaining([
          'access_requested',
          'item_clicked',
          'file_downloaded',
          'file_viewed',
          'page_view',
          'search_query_entered',
        ]),
        accounts: [member.company],
      });

    await staffPage.getByRole('link', { name: 'Analytics' }).click();
    await staffPage.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await staffPage.getByTestId('stat-visits').waitFor();
    expect(Number(await staffPage.getByTestId('stat-downloads').locator('dd').textContent())).toBe(1);
    expect(Number(await staffPage.getByTestId('stat-document-views').locator('dd').textContent())).toBe(1);
    await staffPage
      .getByRole('list', { name: 'Searches with no results' })
      .getByText(fruitlessSearch)
      .waitFor();
    await staffPage
      .getByRole('list', { name: 'Top documents' })
      .getByText(/Information security policy/)
      .waitFor();
    await staffPage.getByRole('list', { name: 'Top items' }).getByText('Encryption at rest').waitFor();
    const events = staffPage.getByRole('list', { name: 'Events by name' });
    for (const label of ['Access requests', 'Item clicks', 'File views', 'File downloads', 'Searches']) {
      await events.getByText(label, { exact: true }).waitFor();
    }
    // The account engagement list names each account as its row's heading, a link to its details.
    await staffPage.getByTestId('engagement-table').getByRole('link', { name: member.company }).waitFor();
    await settle(staffPage);
    await expectNoSeriousAccessibilityViolations(staffPage);
    await staffPage.screenshot({
      path: path.join(screenshots, 'collaboration-console-analytics-1280.png'),
      fullPage: true,
    });

    const [csv] = await Promise.all([
      staffPage.waitForEvent('download'),
      staffPage.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const text = (await readFile((await csv.path())!)).toString('utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = text.trim().split(/\r?\n/);
    expect(header).toMatch(/^"time","event",/);
    expect(rows.some((row) => row.includes('page_view'))).toBe(true);
    expect(rows.some((row) => row.includes('"access_requested"'))).toBe(true);
    expect(rows.some((row) => row.includes('"file_downloaded"') && row.includes(member.company))).toBe(true);
    expect(rows.some((row) => row.includes(fruitlessSearch))).toBe(true);
    expect(staffProblems).toEqual([]);
  });
});
