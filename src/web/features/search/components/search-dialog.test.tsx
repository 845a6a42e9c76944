// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KbHit } from '../../../../shared/knowledge-base';
import type { PortalView } from '../../../../shared/portal';
import type { SearchResult, SearchSetup } from '../../../../shared/search';
import { setCsrfToken } from '../../../lib/api-client';
import { portalQueryChangeEvent } from '../../../lib/portal-query';
import {
  byText,
  click,
  press,
  type Rendered,
  renderInDom,
  settle,
  typeInto,
  waitFor,
} from '../../../lib/test-support/render-in-dom';
import type { AnswerState } from '../lib/use-ai-answer';
import {
  cardFixture,
  controlResult,
  faqResult,
  itemFixture,
  viewFixture,
} from '../test-support/search-fixtures';
import { AiAnswer } from './ai-answer';
import SearchDialog from './search-dialog';
import { SearchEntry } from './search-entry';
// Loaded up front, as the dialog's first open would: lazyWithPageQuery imports it with the dialog.
import '../../../lib/page-query-client';

// A visitor's page: the API client knows there is no session token.
beforeEach(() => setCsrfToken(null));

let rendered: Rendered | undefined;
let setup: SearchSetup = { engine: 'local', isAnswerAvailable: false };
let serverMatches: SearchResult[] = [];
let searchBodies: Array<{ query: { term: string }; offset: number; limit: number }> = [];
let answerBodies: unknown[] = [];
let failSearch = false;
/** The knowledge-base entries the gate's key reaches, and the key and query calls made. */
let faqHits: KbHit[] = [];
let keyRequests: URL[] = [];
let kbQueryBodies: Array<{ key: string; page: number; hitsPerPage: number }> = [];
let failAnswer = false;

const accountView = () =>
  viewFixture({
    viewer: {
      mode: 'account_external',
      staff: null,
      member: {
        email: 'ann@customer.example',
        firstName: 'Ann',
        lastName: 'Lee',
        accountId: '44444444-4444-4444-8444-444444444444',
        accountName: 'Customer',
        reviewStatus: 'approved',
        isAutoApprovedAccountMember: false,
      },
      preview: null,
    },
  });

beforeEach(() => {
  setup = { engine: 'local', isAnswerAvailable: false };
  serverMatches = [];
  searchBodies = [];
  answerBodies = [];
  failSearch = false;
  faqHits = [];
  keyRequests = [];
  kbQueryBodies = [];
  failAnswer = false;
  window.localStorage.clear();
  window.history.replaceState(null, '', '/acme');
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (url.pathname.endsWith('/search/setup')) return json(setup);
    if (url.pathname.endsWith('/compliance-update')) {
      return json({ topics: [], page: 1, pageSize: 5, totalTopics: 0, totalPages: 0 });
    }
    if (url.pathname === '/api/statuspage/share/acme/kb/ais') {
      keyRequests.push(url);
      return json({
        key: 'gate-key',
        expiresAt: '2030-01-01T00:00:00.000Z',
        lifetimeSeconds: 900,
        accessLevels: ['public'],
        productIds: [url.searchParams.get('productId')],
      });
    }
    if (url.pathname === '/api/kb/query') {
      const body = JSON.parse(String(init?.body));
      kbQueryBodies.push(body);
      const start = body.page * body.hitsPerPage;
      return json({
        hits: faqHits.slice(start, start + body.hitsPerPage),
        nbHits: faqHits.length,
        page: body.page,
        nbPages: Math.ceil(faqHits.length / body.hitsPerPage),
        hitsPerPage: body.hitsPerPage,
      });
    }
    if (url.pathname.endsWith('/search/answer')) {
      answerBodies.push(JSON.parse(String(init?.body)));
      if (failAnswer) return json({ error: { code: 'unavailable', message: 'down' } }, 503);
      return json({
        result: {
          answer: 'Yes, every employee uses MFA [1].',
          sources: [controlResult(1, 'Multi-factor authentication')],
        },
      });
    }
    if (url.pathname.endsWith('/search')) {
      const body = JSON.parse(String(init?.body));
      searchBodies.push(body);
      if (failSearch) return json({ error: { code: 'internal', message: 'boom' } }, 500);
      const page = serverMatches.slice(body.offset, body.offset + body.limit);
      const nextOffset = body.offset + body.limit < serverMatches.length ? body.offset + body.limit : null;
      return json({
        result: { matches: page, total: serverMatches.length, counts: {}, nextOffset, isFuzzy: false },
      });
    }
    return json({ error: { code: 'not_found', message: 'no route' } }, 404);
  });
});

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const wait = (ms: number) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));
const dialog = () => document.querySelector('[data-testid="search-dialog"]');
const input = () => document.querySelector<HTMLInputElement>('[data-testid="search-input"]')!;
const titles = () =>
  [...document.querySelectorAll('[data-testid="search-result"]')].map(
    (row) => row.querySelector('.truncate')?.textContent,
  );

async function renderDialog(view: PortalView, navigate = vi.fn()) {
  rendered = await renderInDom(
    <SearchDialog
      view={view}
      basePath="/acme"
      initialTerm=""
      open
      onOpenChange={() => undefined}
      navigate={navigate}
    />,
  );
  await settle(4);
  return navigate;
}

const localView = () =>
  viewFixture({
    cards: [
      cardFixture('AccessControl', [
        itemFixture(1, { title: 'Multi-factor authentication', explanation: 'Every employee uses MFA.' }),
        itemFixture(2, { title: 'Single sign-on', explanation: 'SAML SSO for every employee.' }),
        itemFixture(3, { title: 'Access reviews', explanation: 'Quarterly employee access reviews.' }),
        itemFixture(4, { title: 'Offboarding', explanation: 'Employee access removed in a day.' }),
        itemFixture(5, { title: 'Least privilege', explanation: 'Employees get the access they need.' }),
      ]),
    ],
  });

describe('SearchEntry', () => {
  it('opens with Ctrl+K or a click on the box, and Escape closes', async () => {
    rendered = await renderInDom(<SearchEntry view={localView()} basePath="/acme" />);
    expect(dialog()).toBeNull();
    await press(document.body, 'k', { ctrlKey: true });
    await settle(4);
    expect(dialog()).not.toBeNull();
    expect(document.activeElement).toBe(input());
    await press(input(), 'Escape');
    await settle(4);
    expect(dialog()).toBeNull();
    await click(document.querySelector('[data-testid="search-box"]'));
    await settle(4);
    expect(dialog()).not.toBeNull();
  });

  it('typing in the box opens the dialog with what was typed', async () => {
    rendered = await renderInDom(<SearchEntry view={localView()} basePath="/acme" />);
    await typeInto(document.querySelector<HTMLInputElement>('[data-testid="search-box"]')!, 'm');
    await settle(4);
    expect(input().value).toBe('m');
  });
});

describe('SearchDialog', () => {
  it("searches locally for a public visitor: groups with counts, 3 then '...N more', a 'Top match'", async () => {
    await renderDialog(localView());
    expect(document.body.textContent).toContain('Start searching above');
    await typeInto(input(), 'employee');
    await wait(150);
    await settle(4);
    expect(searchBodies).toEqual([]);
    const group = document.querySelector('[data-testid="search-group-control"]')!;
    expect(group.querySelector('h3')?.textContent).toContain('Controls5');
    expect(titles()).toHaveLength(3);
    expect(document.body.textContent).toContain('Top match');
    expect(document.querySelector('[data-testid="search-footer"]')?.textContent).toContain('5 results');
    await click(byText('button', '...2 more')[0]);
    expect(titles()).toHaveLength(5);
    await click(group.querySelector('h3 button'));
    expect(titles()).toHaveLength(0);
  });

  it('pages local results too: 15 first, then 10 more when scrolled to the end, counts from all matches', async () => {
    const view = viewFixture({
      cards: [
        cardFixture(
          'AccessControl',
          Array.from({ length: 30 }, (_, index) =>
            itemFixture(index + 1, {
              title: `Employee control ${index + 1}`,
              explanation: 'For every employee.',
            }),
          ),
        ),
      ],
    });
    await renderDialog(view);
    await typeInto(input(), 'employee');
    await wait(150);
    await settle(4);
    expect(searchBodies).toEqual([]);
    expect(document.querySelector('[data-testid="search-footer"]')?.textContent).toContain('30 results');
    const group = document.querySelector('[data-testid="search-group-control"]')!;
    expect(group.querySelector('h3')?.textContent).toContain('Controls30');
    // 15 loaded: the group shows 3 and offers the other 12.
    expect(byText('button', '...12 more')).toHaveLength(1);
    const list = document.querySelector<HTMLElement>('[data-testid="search-results"]')!;
    await act(async () => list.dispatchEvent(new Event('scroll')));
    expect(document.querySelector('[data-testid="search-loading-more"]')).not.toBeNull();
    await wait(600);
    await settle(4);
    expect(document.querySelector('[data-testid="search-loading-more"]')).toBeNull();
    expect(byText('button', '...22 more')).toHaveLength(1);
    await act(async () => list.dispatchEvent(new Event('scroll')));
    await wait(600);
    await settle(4);
    expect(byText('button', '...27 more')).toHaveLength(1);
    // All 30 are loaded: scrolling to the end again loads nothing more.
    await act(async () => list.dispatchEvent(new Event('scroll')));
    expect(document.querySelector('[data-testid="search-loading-more"]')).toBeNull();
  });

  it('finds a FAQ by its question among the entries the gate key reaches, asked as the same viewer', async () => {
    const hit = (index: number, content: string): KbHit => ({
      objectID: `30000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      content,
      answer: `Answer ${index}.`,
      comment: '',
      source_type: 'manual',
      source_subtype: null,
      source_name: null,
      favorite_public: false,
      access_level: 'public',
      product_ids: [],
      date_timestamp: 1_700_000_000,
      customer_modified_timestamp: 1_700_000_000,
    });
    // Two pages of 100: the SOC 1 question is on the second.
    faqHits = [
      ...Array.from({ length: 100 }, (_, index) => hit(index + 1, `Filler question ${index + 1}?`)),
      hit(101, 'Do you have a SOC 1 report?'),
    ];
    window.history.replaceState(null, '', '/acme?accountId=44444444-4444-4444-8444-444444444444');
    const view = localView();
    await renderDialog(view);
    await typeInto(input(), 'Do you have a SOC 1 report');
    await wait(150);
    await settle(6);
    expect(document.querySelector('[data-testid="search-group-faq"]')?.textContent).toContain(
      'Do you have a SOC 1 report?',
    );
    expect(keyRequests.map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { productId: view.product!.productId, accountId: '44444444-4444-4444-8444-444444444444' },
    ]);
    expect(kbQueryBodies.map((body) => [body.key, body.page, body.hitsPerPage])).toEqual([
      ['gate-key', 0, 100],
      ['gate-key', 1, 100],
    ]);
  });

  it('shows no-result texts', async () => {
    await renderDialog(localView());
    await typeInto(input(), 'zzqqxx');
    await wait(150);
    await settle(4);
    expect(document.body.textContent).toContain('No results found');
    expect(document.body.textContent).toContain('Try using a different search term.');
  });

  it('moves with up/down and opens the selected item with Enter', async () => {
    const navigate = await renderDialog(localView());
    await typeInto(input(), 'employee');
    await wait(150);
    await settle(4);
    const selectedTitle = () =>
      document.getElementById(input().getAttribute('aria-activedescendant') ?? '')?.querySelector('.truncate')
        ?.textContent;
    const first = selectedTitle();
    expect(first).toBe(titles()[0]);
    expect(document.querySelector('[data-testid="search-side-panel"]')?.textContent).toContain(first ?? '');
    await press(input(), 'ArrowDown');
    expect(selectedTitle()).toBe(titles()[1]);
    await press(input(), 'ArrowUp');
    await press(input(), 'ArrowUp');
    expect(selectedTitle()).toBe(titles()[0]);
    await press(input(), 'Enter');
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate.mock.calls[0]![0]).toMatch(/^\/acme\?itemUid=00000000-0000-4000-8000-/);
  });

  it('opens an item in the page without a reload: a history entry and a query-change event', async () => {
    const load = vi.fn();
    const closed = vi.fn();
    const announced = vi.fn();
    window.addEventListener(portalQueryChangeEvent, announced);
    const historyLength = window.history.length;
    rendered = await renderInDom(
      <SearchDialog
        view={localView()}
        basePath="/acme"
        initialTerm=""
        open
        onOpenChange={closed}
        load={load}
      />,
    );
    await settle(4);
    await typeInto(input(), 'Offboarding');
    await wait(150);
    await settle(4);
    await press(input(), 'Enter');
    window.removeEventListener(portalQueryChangeEvent, announced);
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      `/acme?itemUid=${itemFixture(4).itemUid}`,
    );
    expect(window.history.length).toBe(historyLength + 1);
    expect(announced).toHaveBeenCalledTimes(1);
    expect(closed).toHaveBeenCalledWith(false);
    expect(load).not.toHaveBeenCalled();
  });

  it("loads the item's address in full when the page model does not hold the item", async () => {
    setup = { engine: 'server', isAnswerAvailable: false };
    const result = controlResult(1);
    serverMatches = [result];
    const itemUid = 'metadata' in result && 'itemUid' in result.metadata ? result.metadata.itemUid : '';
    const navigate = vi.fn();
    const load = vi.fn();
    rendered = await renderInDom(
      <SearchDialog
        view={accountView()}
        basePath="/acme"
        initialTerm=""
        open
        onOpenChange={() => undefined}
        navigate={navigate}
        load={load}
      />,
    );
    await settle(4);
    await typeInto(input(), 'control');
    await wait(600);
    await settle(4);
    await press(input(), 'Enter');
    expect(navigate).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledWith(`/acme?itemUid=${itemUid}`);
  });

  it('uses the server for a signed-in account: 15 first, then 10 more when scrolled to the end', async () => {
    setup = { engine: 'server', isAnswerAvailable: false };
    serverMatches = Array.from({ length: 30 }, (_, index) => controlResult(index + 1));
    await renderDialog(accountView());
    await typeInto(input(), 'control');
    await wait(600);
    await settle(4);
    expect(searchBodies).toHaveLength(1);
    expect(searchBodies[0]).toMatchObject({ query: { term: 'control' }, offset: 0, limit: 15 });
    expect(document.querySelector('[data-testid="search-footer"]')?.textContent).toContain('30 results');
    const list = document.querySelector<HTMLElement>('[data-testid="search-results"]')!;
    await act(async () => list.dispatchEvent(new Event('scroll')));
    expect(document.querySelector('[data-testid="search-loading-more"]')).not.toBeNull();
    await wait(600);
    await settle(4);
    expect(searchBodies[1]).toMatchObject({ offset: 15, limit: 10 });
    expect(byText('button', '...22 more')).toHaveLength(1);
  });

  it("keeps one height, says 'Searching…' (never '0 results') until the count is known, and shows a detail's text once", async () => {
    setup = { engine: 'server', isAnswerAvailable: false };
    const explained = controlResult(1, 'Security awareness training');
    serverMatches = [
      {
        ...explained,
        snippet: [
          { text: 'Annual ', isMatch: false },
          { text: 'train', isMatch: true },
          { text: 'ing for every employee.', isMatch: false },
        ],
        metadata: { ...explained.metadata, explanation: 'Annual training for every employee.' },
      } as SearchResult,
    ];
    await renderDialog(accountView());
    const dialogClass = dialog()?.className ?? '';
    expect(dialogClass).toContain('md:h-[min(700px,80vh)]');
    expect(dialogClass).not.toMatch(/md:max-h-/);
    const footer = () => document.querySelector('[data-testid="search-footer"]')?.textContent ?? '';
    // Before a term: no count under "Start searching above", and no keys for results that are not there.
    expect(footer()).not.toContain('results');
    expect(footer()).not.toContain('to navigate');
    await typeInto(input(), 'train');
    await wait(100);
    expect(footer()).toContain('Searching…');
    expect(footer()).not.toContain('0 results');
    await wait(600);
    await settle(4);
    expect(footer()).toContain('1 results');
    expect(footer()).toContain('to navigate');
    const panel = document.querySelector('[data-testid="search-side-panel"]')?.textContent ?? '';
    expect(panel.split('Annual training for every employee.')).toHaveLength(2);
    const marks = [...document.querySelectorAll('[data-testid="search-dialog"] mark')].map(
      (m) => m.textContent,
    );
    expect(marks.length).toBeGreaterThan(0);
    expect(new Set(marks)).toEqual(new Set(['training']));
  });

  it("shows a failed search as an error state with the snack, never 'No results found'; the next answer clears both", async () => {
    setup = { engine: 'server', isAnswerAvailable: false };
    serverMatches = [controlResult(1, 'MFA everywhere')];
    failSearch = true;
    await renderDialog(accountView());
    await typeInto(input(), 'mfa');
    await wait(600);
    await settle(4);
    const alert = () => document.querySelector('[role="alert"]')?.textContent ?? null;
    expect(alert()).toContain('Failed to retrieve search results. Please try again later.');
    expect(document.querySelector('[data-testid="search-error"]')?.textContent).toContain(
      'Search results could not be loaded',
    );
    expect(document.body.textContent).not.toContain('No results found');
    expect(document.querySelector('[data-testid="search-footer"]')?.textContent).not.toContain('0 results');

    failSearch = false;
    await typeInto(input(), 'mfa everywhere');
    await wait(600);
    await settle(4);
    expect(titles()).toEqual(['MFA everywhere']);
    expect(alert()).toBeNull();
    expect(document.querySelector('[data-testid="search-error"]')).toBeNull();

    // 'Try again' runs the same term at once.
    failSearch = true;
    await typeInto(input(), 'sso');
    await wait(600);
    await settle(4);
    failSearch = false;
    await click(byText('button', 'Try again')[0]);
    await settle(4);
    expect(searchBodies.at(-1)).toMatchObject({ query: { term: 'sso' } });
    expect(titles()).toEqual(['MFA everywhere']);
    expect(alert()).toBeNull();
  });

  it('shows a failed answer as an error state; the next answer replaces it and its snack', async () => {
    setup = { engine: 'server', isAnswerAvailable: true };
    window.localStorage.setItem('attest:search-mode', 'ask_ai');
    failAnswer = true;
    await renderDialog(accountView());
    await typeInto(input(), 'Do you use MFA?');
    await press(input(), 'Enter');
    await settle(4);
    expect(document.querySelector('[role="alert"]')?.textContent).toContain(
      'Failed to get an answer from the AI. Please try again later.',
    );
    expect(document.querySelector('[data-testid="search-error"]')?.textContent).toContain(
      'The answer could not be generated',
    );
    failAnswer = false;
    await click(byText('button', 'Try again')[0]);
    await settle(4);
    expect(answerBodies).toHaveLength(2);
    expect(document.querySelector('[data-testid="answer"]')).not.toBeNull();
    expect(document.querySelector('[role="alert"]')).toBeNull();
    expect(document.querySelector('[data-testid="search-error"]')).toBeNull();
  });

  it("marks the best match 'Top match' and shows it first, even when its group comes later in the spec's order", async () => {
    setup = { engine: 'server', isAnswerAvailable: false };
    serverMatches = [faqResult(1), controlResult(1), controlResult(2)];
    await renderDialog(accountView());
    await typeInto(input(), 'question');
    await wait(600);
    await settle(4);
    const rows = [...document.querySelectorAll('[data-testid="search-result"]')];
    expect(rows.map((row) => row.querySelector('.truncate')?.textContent)).toEqual([
      'Question 1?',
      'Control 1',
      'Control 2',
    ]);
    expect(rows[0]!.textContent).toContain('Top match');
    expect(rows[0]!.getAttribute('aria-selected')).toBe('true');
  });

  it('shows the Ask AI switch only when AI is available; the mode is remembered; an empty question is not sent', async () => {
    await renderDialog(accountView());
    expect(document.querySelector('[data-testid="search-mode-switch"]')).toBeNull();
    await rendered?.unmount();

    setup = { engine: 'server', isAnswerAvailable: true };
    await renderDialog(accountView());
    const toggle = document.querySelector<HTMLButtonElement>('[data-testid="search-mode-switch"]')!;
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(window.localStorage.getItem('attest:search-mode')).toBe('ask_ai');
    await press(input(), 'Enter');
    await settle(4);
    expect(answerBodies).toEqual([]);
    await typeInto(input(), 'Do you use MFA?');
    await press(input(), 'Enter');
    await settle(4);
    expect(answerBodies).toEqual([
      { query: { term: 'Do you use MFA?', filters: { product: viewFixture().product.productId } } },
    ]);
    await waitFor(() =>
      document.querySelector('[data-testid="answer-html"]')?.textContent?.includes('uses MFA [1].'),
    );
    expect(document.body.textContent).toContain('Generated from 1 source[');
    expect(document.body.textContent).toContain('Copy response');
    // An answer has nothing to move through: only the close key is hinted.
    expect(document.querySelector('[data-testid="search-footer"]')?.textContent).not.toContain('to navigate');
    await rendered?.unmount();

    await renderDialog(accountView());
    expect(document.querySelector('[data-testid="search-mode-switch"]')?.getAttribute('aria-checked')).toBe(
      'true',
    );
  });
});

describe('AiAnswer', () => {
  const doneState = (answer: string): AnswerState => ({
    status: 'done',
    question: 'q',
    answer,
    sources: [faqResult(1)],
  });
  const answerHtml = () => document.querySelector('[data-testid="answer-html"]');

  it("shows 'Generating Answer', then reveals the answer one word every 10 ms", async () => {
    rendered = await renderInDom(
      <AiAnswer
        state={{ status: 'loading', question: 'q' }}
        onOpenSource={() => undefined}
        onRetry={() => undefined}
      />,
    );
    expect(document.body.textContent).toContain('Generating Answer');
    // The Markdown renderer is a lazy chunk: loaded once here, before the clock is faked.
    await rendered.rerender(
      <AiAnswer state={doneState('Warm up.')} onOpenSource={() => undefined} onRetry={() => undefined} />,
    );
    await waitFor(answerHtml);
    await rendered.unmount();

    vi.useFakeTimers();
    rendered = await renderInDom(
      <AiAnswer
        state={doneState('We encrypt data at rest.')}
        onOpenSource={() => undefined}
        onRetry={() => undefined}
      />,
    );
    const text = () => answerHtml()?.textContent ?? '';
    expect(document.body.textContent).toContain('Answer');
    await act(async () => vi.advanceTimersByTime(10));
    expect(text()).toBe('We ');
    await act(async () => vi.advanceTimersByTime(20));
    expect(text()).toBe('We encrypt data ');
    await act(async () => vi.advanceTimersByTime(100));
    expect(text().trim()).toBe('We encrypt data at rest.');
    expect(document.body.textContent).toContain('Generated from 1 source[');
  });

  it('renders the answer as sanitised Markdown and copies it as plain text', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const answer =
      'We hold a **SOC 2 Type II** report [1].\n\n- Annual audit\n- [Bridge letter](javascript:alert(1))<img src=x onerror="alert(1)">';
    rendered = await renderInDom(
      <AiAnswer state={doneState(answer)} onOpenSource={() => undefined} onRetry={() => undefined} />,
    );
    await waitFor(() => answerHtml()?.textContent?.includes('Bridge letter'));
    const html = answerHtml()!;
    expect(html.querySelector('strong')?.textContent).toBe('SOC 2 Type II');
    expect(html.querySelectorAll('li')).toHaveLength(2);
    expect(html.textContent).not.toContain('**');
    expect(html.innerHTML).not.toMatch(/javascript:|onerror/);
    await click(byText('button', 'Copy response')[0]);
    expect(writeText).toHaveBeenCalledWith(
      'We hold a SOC 2 Type II report [1].\n\n- Annual audit\n- Bridge letter',
    );
    Reflect.deleteProperty(navigator, 'clipboard');
  });
});
