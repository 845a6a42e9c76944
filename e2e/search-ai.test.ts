import path from 'node:path';
import type { APIRequestContext, Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSeriousAccessibilityViolations,
  screenshots,
  settle,
  signInAsStaff,
  useJourneyHarness,
  watchForErrors,
} from './support/journey-harness';

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-search-ai-' });

/**
 * The only answer to `question` sits in content the signed-in account may not see: a restricted and
 * hidden item outside its permission profile, and an internal knowledge-base entry.
 */
const question = 'Which locksmith holds the spare keys to the Lisbon data room?';
const canary = {
  itemTitle: 'QUOKKATITLE5519',
  itemContent: 'QUOKKACANARY7731',
  kbInternal: 'QUOKKAKBINTERNAL2284',
};
// Joanna's account (Initech, profile 'Auditors', NDA accepted) is in the demo seed.
const memberEmail = 'joanna@initech.example';

type PortalViewJson = { product: { productId: string } };
type Staff = { request: APIRequestContext; csrf: string };

async function call<T>(staff: Staff, method: 'POST' | 'PATCH', url: string, data: unknown): Promise<T> {
  const response = await staff.request.fetch(`${journey.baseUrl}${url}`, {
    method,
    data: data as object,
    headers: { 'x-csrf-token': staff.csrf },
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

async function staffSession(page: Page): Promise<Staff> {
  await signInAsStaff(page, journey.baseUrl);
  const session = (await (await page.request.get(`${journey.baseUrl}/api/auth/session`)).json()) as {
    csrfToken: string;
  };
  return { request: page.request, csrf: session.csrfToken };
}

/** Signs the member in the way a person does: the one-time link from the mail, then 'Sign in'. */
async function signInLinks(email: string): Promise<string[]> {
  const response = await fetch(`${journey.baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
  const messages = (await response.json()) as Array<{ text: string }>;
  return messages.flatMap(
    (message) => message.text.match(/https?:\/\/\S+\/sign-in\?token=[\w.-]+/)?.[0] ?? [],
  );
}

async function signInAsMember(page: Page, email: string) {
  // An earlier journey's link (already used) may still be the newest until this mail is delivered.
  const earlierLinks = new Set(await signInLinks(email));
  const login = await page.request.post(`${journey.baseUrl}/api/statuspage/share/acme/login`, {
    data: { email },
  });
  expect(await login.json()).toMatchObject({ outcome: 'check_email' });
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await signInLinks(email)).find((candidate) => !earlierLinks.has(candidate));
        return Boolean(link);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await page.goto(link!);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${journey.baseUrl}/acme`);
  await page.getByTestId('account-menu-trigger').waitFor();
}

/** Every response body the page receives from the app, to prove a canary never arrives. */
function recordResponses(page: Page): () => Promise<string> {
  const bodies: Promise<string>[] = [];
  page.on('response', (response: Response) => {
    if (!response.url().startsWith(journey.baseUrl)) return;
    if (response.status() >= 300 && response.status() < 400) return;
    bodies.push(response.text().catch(() => ''));
  });
  return async () => (await Promise.all(bodies)).join('\n');
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshots, name) });

async function askAi(page: Page, text: string) {
  const modeSwitch = page.getByTestId('search-mode-switch');
  if ((await modeSwitch.getAttribute('aria-checked')) !== 'true') await modeSwitch.click();
  const input = page.getByTestId('search-input');
  await input.fill(text);
  await input.press('Enter');
  await page.getByTestId('answer-loading').waitFor({ state: 'detached' });
  await page.getByTestId('answer').waitFor();
}

let profileId = '';

beforeAll(async () => {
  const context = await journey.newContext(1280);
  const page = await context.newPage();
  const staff = await staffSession(page);
  const view = (await (
    await page.request.get(`${journey.baseUrl}/api/statuspage/share/acme/view`)
  ).json()) as PortalViewJson;
  const products = `/api/trust-center/products/${view.product.productId}`;
  const item = await call<{ itemUid: string }>(staff, 'POST', `${products}/cards/Legal/items`, {
    title: `Data room keys ${canary.itemTitle}`,
  });
  await call(staff, 'PATCH', `${products}/cards/Legal`, {
    items: [
      {
        itemUid: item.itemUid,
        enabledState: 'Enabled',
        explanation: `The spare keys to the Lisbon data room are held by the locksmith ${canary.itemContent}.`,
        publicAccess: false,
        hidden: true,
      },
    ],
  });
  await call(staff, 'POST', '/api/kb/entries', {
    question,
    answer: `The locksmith holding the spare keys to the Lisbon data room is ${canary.kbInternal}.`,
    accessLevel: 'internal',
  });
  const profile = await call<{ id: string }>(staff, 'POST', '/api/permission-profiles', {
    name: 'Data room auditors',
    itemIds: [item.itemUid],
  });
  profileId = profile.id;
  await context.close();
}, 120_000);

describe('Ask AI and server search for a signed-in account, in Chromium', () => {
  it('answers the question for a profile that holds the item (the question is answerable)', {
    timeout: 300_000,
  }, async () => {
    const context = await journey.newContext(1280, { abortNonLoopback: true });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signInAsStaff(page, journey.baseUrl);
    await page.goto(`${journey.baseUrl}/acme?permissionProfileId=${profileId}`);
    await page.getByTestId('search-box').click();
    await askAi(page, question);
    await expect.poll(() => page.getByTestId('answer-text').textContent()).toContain(canary.itemContent);
    expect(await page.getByTestId('answer').textContent()).toMatch(/Generated from 1 source(?!s)/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a signed-in account searches the server with Ctrl+K (15, then 10 more), gets an answer with sources, and no answer from what it may not see', {
    timeout: 300_000,
  }, async () => {
    const context = await journey.newContext(1280, { abortNonLoopback: true });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    const responses = recordResponses(page);
    await signInAsMember(page, memberEmail);

    const searchPages: Array<{ offset: number; limit: number; returned: number; total: number }> = [];
    page.on('response', async (response) => {
      const request = response.request();
      if (request.method() !== 'POST' || !/\/search(\?|$)/.test(response.url())) return;
      const body = request.postDataJSON() as { offset: number; limit: number };
      const { result } = (await response.json()) as { result: { matches: unknown[]; total: number } };
      searchPages.push({
        offset: body.offset,
        limit: body.limit,
        returned: result.matches.length,
        total: result.total,
      });
    });

    // Ctrl+K: the server engine (500 ms debounce), 15 results first.
    await page.keyboard.press('Control+k');
    await page.getByTestId('search-dialog').waitFor();
    await page.getByTestId('search-input').fill('security');
    await page.getByTestId('search-result').first().waitFor();
    await expect.poll(() => searchPages.length).toBe(1);
    expect(searchPages[0]).toMatchObject({ offset: 0, limit: 15, returned: 15 });
    expect(searchPages[0]!.total).toBeGreaterThan(25);
    await expect
      .poll(() => page.getByTestId('search-footer').textContent())
      .toMatch(new RegExp(`^${searchPages[0]!.total} results`));
    // Loaded results = rows shown plus those behind each group's '...N more'.
    const loaded = () =>
      page.getByTestId('search-results').evaluate((list) => {
        const rows = list.querySelectorAll('[data-testid="search-result"]').length;
        const hidden = [...list.querySelectorAll('button')]
          .map((button) => button.textContent?.match(/^\.\.\.(\d+) more$/)?.[1])
          .reduce((sum, count) => sum + Number(count ?? 0), 0);
        return rows + hidden;
      });
    expect(await loaded()).toBe(15);
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await shot(page, 'search-account-server-1280.png');

    // Scrolled to its end, the list loads the next 10.
    await page.getByTestId('search-results').evaluate((list) => {
      list.scrollTop = list.scrollHeight;
    });
    await expect.poll(() => searchPages.length).toBe(2);
    expect(searchPages[1]).toMatchObject({ offset: 15, limit: 10, returned: 10 });
    await expect.poll(loaded).toBe(25);

    // Ask AI: a demo question is answered with its sources.
    await askAi(page, 'Is MFA enforced for employees?');
    await expect.poll(() => page.getByTestId('answer-text').textContent()).toMatch(/\[1\]/);
    const answer = page.getByTestId('answer');
    await expect.poll(() => answer.textContent()).toMatch(/Generated from [1-9]\d* sources/);
    expect(await page.getByTestId('answer-sources').getByRole('button').count()).toBeGreaterThan(0);
    await expect.poll(() => answer.getByRole('button', { name: 'Copy response' }).count()).toBe(1);
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await shot(page, 'search-account-answer-1280.png');

    // The only answer is restricted beyond this account's profile, or internal: no answer, no source.
    await askAi(page, question);
    await expect
      .poll(() => answer.textContent())
      .toContain("We couldn't find an answer to this question in the content available to you.");
    expect(await page.getByTestId('answer-sources').count()).toBe(0);
    expect(await answer.getByRole('button', { name: 'Copy response' }).count()).toBe(0);
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await shot(page, 'search-account-no-answer-1280.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await shot(page, 'search-account-no-answer-390.png');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Plain search for the canary's words finds nothing of it either.
    await page.getByTestId('search-mode-switch').click();
    await page.getByTestId('search-input').fill('locksmith Lisbon data room');
    await expect.poll(() => searchPages.length).toBeGreaterThan(2);
    await page.getByTestId('search-input').fill(canary.itemContent);
    await page.getByText('No results found').waitFor();
    await page.getByTestId('search-input').fill('');

    const html = await page.content();
    const received = await responses();
    // The recording holds the answers (the demo answer's source is in it), and no canary.
    expect(received).toContain('Is MFA enforced for employees?');
    for (const value of Object.values(canary)) {
      expect(html).not.toContain(value);
      expect(received).not.toContain(value);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the knowledge base dialog filters by access, product and time and pages for a signed-in account', {
    timeout: 300_000,
  }, async () => {
    const context = await journey.newContext(1280, { abortNonLoopback: true });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    const responses = recordResponses(page);
    await signInAsMember(page, memberEmail);
    const kbQueries: Array<{ page: number; hitsPerPage: number; filters: Record<string, unknown> }> = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/kb/query')) {
        kbQueries.push(request.postDataJSON());
      }
    });

    const panel = page.getByTestId('knowledge-base-panel');
    await panel.scrollIntoViewIfNeeded();
    await panel.getByTestId('kb-panel-entry').first().waitFor();
    await panel.getByRole('button', { name: 'View more' }).click();
    const dialog = page.getByTestId('kb-dialog');
    const rows = dialog.getByTestId('kb-row');
    await rows.first().waitFor();
    const filters = dialog.getByTestId('kb-filters');
    await filters.waitFor();
    expect(await rows.count()).toBe(10);
    const pages = dialog.getByRole('navigation', { name: 'Knowledge base pages' });
    const entries = async () =>
      Number((await dialog.getByText(/^\d+ entries$/).textContent())?.split(' ')[0]);
    const allEntries = await entries();
    expect(allEntries).toBeGreaterThan(25);
    // The grid's columns for an account: favourite, Details, Access, Date added, Last modified (Comment
    // only when an entry on the page has one, decision 263).
    expect(await dialog.getByRole('columnheader').allTextContents()).toEqual([
      'favorite',
      'Details',
      'Access',
      'Date added',
      'Last modified',
    ]);
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await shot(page, 'kb-dialog-account-1280.png');

    // Paging: Next shows other entries; the page size selector changes the rows and starts over.
    const firstQuestion = await rows.first().locator('p').first().textContent();
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => pages.textContent()).toContain('Page 2 of');
    await expect.poll(() => rows.first().locator('p').first().textContent()).not.toBe(firstQuestion);
    expect(kbQueries.at(-1)).toMatchObject({ page: 1, hitsPerPage: 10 });
    await dialog.getByTestId('kb-page-size').selectOption('25');
    await expect.poll(() => rows.count()).toBe(25);
    await expect.poll(() => pages.textContent()).toContain(`Page 1 of ${Math.ceil(allEntries / 25)}`);
    expect(kbQueries.at(-1)).toMatchObject({ page: 0, hitsPerPage: 25 });
    // The last page is reachable (the result window is far away for the demo).
    for (let page = 1; page < Math.ceil(allEntries / 25); page++) {
      await pages.getByRole('button', { name: 'Next' }).click();
    }
    await expect.poll(() => pages.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await expect.poll(() => rows.count()).toBe(allEntries - 25 * (Math.ceil(allEntries / 25) - 1));

    // Access: only restricted entries, every row says so.
    // (The pager hides itself when the restricted entries fit on one page, so count entries instead.)
    await filters.getByLabel('Access').selectOption('restricted');
    await expect.poll(entries).toBeLessThan(allEntries);
    await expect
      .poll(async () => new Set(await rows.locator('td:nth-child(4)').allTextContents()))
      .toEqual(new Set(['Restricted']));
    const restrictedEntries = await entries();
    expect(restrictedEntries).toBeLessThan(allEntries);
    expect(kbQueries.at(-1)).toMatchObject({ page: 0, filters: { accessLevels: ['restricted'] } });
    // Internal entries are not in this key's scope: the option is not offered.
    expect(await filters.getByLabel('Access').locator('option').allTextContents()).not.toContain('Internal');
    await filters.getByLabel('Access').selectOption('');

    // Time: the last 7 days hold fewer entries than all time, and each row was added within them.
    await filters.getByLabel('Time').selectOption('last7d');
    await expect.poll(entries).toBeLessThan(allEntries);
    expect(kbQueries.at(-1)).toMatchObject({ filters: { time: 'last7d' } });
    const weekAgo = Date.now() - 8 * 24 * 3600 * 1000;
    for (const added of await rows.locator('td:nth-child(5)').allTextContents()) {
      expect(Date.parse(added)).toBeGreaterThan(weekAgo);
    }
    await filters.getByLabel('Time').selectOption('all');
    await expect.poll(entries).toBe(allEntries);

    // Products: the key is for this product, so that is the one choice; it is sent as a filter.
    const productOptions = await filters.getByLabel('Products').locator('option').allTextContents();
    expect(productOptions).toEqual(['All products', 'Acme Payroll']);
    const queriesBefore = kbQueries.length;
    await filters.getByLabel('Products').selectOption({ label: 'Acme Payroll' });
    await expect.poll(() => kbQueries.length).toBeGreaterThan(queriesBefore);
    expect(kbQueries.at(-1)?.filters.productIds).toHaveLength(1);
    await expect.poll(entries).toBe(allEntries);

    // The internal entry's question finds nothing here.
    await filters.getByLabel('Products').selectOption('');
    await dialog.getByTestId('kb-search').fill('locksmith Lisbon');
    await dialog.getByTestId('kb-empty').waitFor();
    expect(await dialog.getByTestId('kb-empty').textContent()).toBe('No results match this criteria');
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);

    const received = await responses();
    expect(received).toContain('"nbHits"');
    for (const value of Object.values(canary)) expect(received).not.toContain(value);
    expect(problems).toEqual([]);
    await context.close();
  });
});
