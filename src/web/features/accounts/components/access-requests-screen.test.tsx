// @vitest-environment jsdom
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessRequestPage } from '../../../../shared/access-queue';
import { setCsrfToken } from '../../../lib/api-client';
import { type Call, json, stubFetch, writes } from '../../../lib/test-support/fetch-double';
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
import { profileFixture, requestFixture, settingsFixture } from '../test-support/fixtures';
import { AccessRequestsScreen } from './access-requests-screen';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf-1'));

// jsdom lays nothing out and has no scrollIntoView; moving through the queue calls it.
Element.prototype.scrollIntoView ??= () => {};

let rendered: Rendered | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const ada = requestFixture();
const grace = requestFixture({
  id: '5f1c9a8e-2b7d-4c3e-8f6a-1d2e3f4a5b6c',
  email: 'grace@navy.example',
  firstName: 'Grace',
  lastName: 'Hopper',
  companyName: 'Navy Systems',
});

function pageOf(requests = [ada, grace]): AccessRequestPage {
  return {
    requests,
    total: requests.length,
    page: 1,
    pageSize: 25,
    pageCount: 1,
    sort: 'oldest',
    counts: { pending: requests.length, approved: 3, declined: 1, auto_approved: 0, auto_declined: 0 },
    facets: { products: [], sources: ['item'], countries: ['GB'] },
  };
}

function answer(call: Call) {
  if (call.url.startsWith('/api/access-requests?')) return json(pageOf());
  if (call.url === '/api/access-settings') return json(settingsFixture());
  if (call.url === '/api/permission-profiles') return json({ profiles: [profileFixture()] });
  if (call.url === '/api/access-requests/bulk-approve')
    return json({ decidedIds: (call.body as { ids: string[] }).ids, alreadyDecidedIds: [] });
  return undefined;
}

async function renderScreen(address = '/console/access-requests', canDecide = true) {
  const calls = stubFetch(answer);
  rendered = await renderInDom(
    <MemoryRouter initialEntries={[address]}>
      <AccessRequestsScreen canDecide={canDecide} />
    </MemoryRouter>,
  );
  await waitFor(() => document.querySelectorAll('[data-testid="access-request-row"]').length === 2);
  return calls;
}

const dialogTitle = () => document.querySelector('[role="dialog"] h2')?.textContent;
const listCalls = (calls: Call[]) => calls.filter((call) => call.url.startsWith('/api/access-requests?'));

describe('the review queue screen', () => {
  it('shows a role without access:review the queue with nothing to approve, decline or select', async () => {
    const calls = await renderScreen('/console/access-requests', false);
    expect(byText('button', /^Approve/)).toEqual([]);
    expect(byText('button', /^Decline/)).toEqual([]);
    expect(document.querySelectorAll('[role="checkbox"]')).toHaveLength(0);
    expect(byText('button', /Details/)).toHaveLength(2);
    await press(document.querySelector('[data-testid="access-request-row"]')!, 'a');
    expect(dialogTitle()).toBeUndefined();
    expect(writes(calls)).toEqual([]);
  });

  it('asks for the view in the address and shows the counts per status', async () => {
    const calls = await renderScreen('/console/access-requests?q=navy&sort=name&page=2');
    expect(listCalls(calls).map((call) => call.url)).toContain(
      '/api/access-requests?q=navy&sort=name&page=2&status=pending',
    );
    const tabs = [...document.querySelectorAll('nav[aria-label="Request status"] a')].map(
      (link) => link.textContent,
    );
    expect(tabs).toEqual(['Pending2', 'Approved3', 'Declined1', 'Auto-approved0', 'Auto-declined0', 'All6']);
    expect(document.querySelector('a[aria-current="page"]')?.textContent).toBe('Pending2');
  });

  it('opens the request a staff mail links to (?request=id), and closing it forgets the link', async () => {
    const detail = {
      request: { ...grace, itemKind: null, wantsUpdates: false, customCheckbox: null, decidedBy: null },
      samePerson: [],
      samePersonTotal: 0,
      domain: 'navy.example',
      sameDomain: [ada, ada].map((entry, index) => ({
        ...entry,
        id: `${entry.id.slice(0, -1)}${index}`,
        decidedBy: null,
        decidedAt: null,
        accessDays: null,
      })),
      sameDomainTotal: 30,
    };
    const calls = stubFetch((call) =>
      call.url === `/api/access-requests/${grace.id}` ? json(detail) : answer(call),
    );
    let address = '';
    const { useLocation } = await import('react-router');
    function Address() {
      address = useLocation().search;
      return null;
    }
    rendered = await renderInDom(
      <MemoryRouter initialEntries={[`/console/access-requests?request=${grace.id}`]}>
        <AccessRequestsScreen canDecide />
        <Address />
      </MemoryRouter>,
    );
    await waitFor(() => dialogTitle() === 'Grace Hopper');
    expect(calls.some((call) => call.url === `/api/access-requests/${grace.id}`)).toBe(true);
    // The history holds the newest few and says how many there are, with the way to all of them.
    const more = byText('a', 'See all 30 in the queue')[0]!;
    expect(more.closest('p')?.textContent).toContain('The newest 2 of 30.');
    expect(more.getAttribute('href')).toContain('q=navy.example');
    expect(more.getAttribute('href')).toContain('status=all');
    await press(document.querySelector('[role="dialog"]')!, 'Escape');
    await waitFor(() => !document.querySelector('[role="dialog"]'));
    expect(address).not.toContain('request=');
  });

  it('works through the queue from the keyboard: j and k move, a approves, d declines', async () => {
    await renderScreen();
    const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="access-request-row"]')];
    // Until staff move to a row, a and d decide nothing.
    await press(document.body, 'a');
    expect(dialogTitle()).toBeUndefined();
    expect(document.querySelector('[data-active]')).toBeNull();
    await press(document.body, 'j');
    expect(document.activeElement).toBe(rows()[0]);
    await press(document.activeElement, 'j');
    expect(document.activeElement).toBe(rows()[1]);
    await press(document.activeElement, 'a');
    expect(dialogTitle()).toBe('Approve access request');
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain('Grace Hopper');
    await press(document.activeElement, 'Escape');
    await settle();
    expect(dialogTitle()).toBeUndefined();
    await press(rows()[1], 'k');
    expect(document.activeElement).toBe(rows()[0]);
    await press(document.activeElement, 'd');
    expect(dialogTitle()).toBe('Decline access request');
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain('Ada Lovelace');
  });

  it('leaves the keys alone while someone types in the search, then searches after the pause', async () => {
    const calls = await renderScreen();
    const search = document.getElementById('queue-search') as HTMLInputElement;
    search.focus();
    await typeInto(search, 'ada');
    await press(search, 'a');
    expect(dialogTitle()).toBeUndefined();
    await waitFor(() => listCalls(calls).some((call) => call.url.includes('q=ada')));
  });

  it('selects requests and approves them together after a confirmation that names how many', async () => {
    const calls = await renderScreen();
    await click(document.querySelector('[aria-label="Select Ada Lovelace"]'));
    await click(document.querySelector('[aria-label="Select Grace Hopper"]'));
    expect(byText('section[aria-label="Selected requests"] span', '2 requests selected')).toHaveLength(1);
    await click(byText('button', 'Approve 2')[0]);
    expect(dialogTitle()).toBe('Approve 2 access requests?');
    await click(byText('button', 'Approve 2 requests')[0]);
    await settle(3);
    expect(writes(calls)).toEqual([
      {
        url: '/api/access-requests/bulk-approve',
        method: 'POST',
        body: { ids: [ada.id, grace.id], accessDays: 30, permissionProfileId: null },
        csrf: 'csrf-1',
      },
    ]);
    expect(dialogTitle()).toBeUndefined();
    expect(document.querySelector('section[aria-label="Selected requests"]')).toBeNull();
  });

  it('selects every pending request the view matches, beyond the page, and decides them 100 at a time', async () => {
    const matching = Array.from(
      { length: 130 },
      (_, index) => `7a0e4c1d-3b2f-4e6a-9c8d-${String(index).padStart(12, '0')}`,
    );
    const crowded = { ...pageOf(), total: 130, pageCount: 65, counts: { ...pageOf().counts, pending: 130 } };
    const calls = stubFetch((call) => {
      if (call.url.startsWith('/api/access-requests?')) return json(crowded);
      if (call.url.startsWith('/api/access-requests/pending-ids?'))
        return json({ ids: matching, total: matching.length });
      return answer(call);
    });
    rendered = await renderInDom(
      <MemoryRouter initialEntries={['/console/access-requests?q=engines']}>
        <AccessRequestsScreen canDecide />
      </MemoryRouter>,
    );
    await waitFor(() => document.querySelectorAll('[data-testid="access-request-row"]').length === 2);
    // Paging keeps a selection: it belongs to the view, not to its page.
    await click(document.querySelector('[aria-label="Select Ada Lovelace"]'));
    await click(byText('button', 'Next')[0]);
    await settle();
    expect(listCalls(calls).some((call) => call.url.includes('page=2'))).toBe(true);
    expect(byText('section[aria-label="Selected requests"] span', '1 request selected')).toHaveLength(1);

    await click(document.querySelector('[aria-label="Select every pending request on this page"]'));
    await click(byText('button', 'Select all 130 pending requests that match')[0]);
    await waitFor(() => document.querySelector('[data-testid="all-matching-selected"]') !== null);
    expect(document.querySelector('[data-testid="all-matching-selected"]')?.textContent).toBe(
      'All 130 pending requests that match are selected.',
    );
    const idsCall = calls.find((call) => call.url.startsWith('/api/access-requests/pending-ids?'));
    expect(new URLSearchParams(idsCall!.url.split('?')[1]).get('q')).toBe('engines');
    await click(byText('button', 'Approve 130')[0]);
    expect(dialogTitle()).toBe('Approve 130 access requests?');
    await click(byText('button', 'Approve 130 requests')[0]);
    await settle(5);
    expect(writes(calls).map((call) => (call.body as { ids: string[] }).ids)).toEqual([
      matching.slice(0, 100),
      matching.slice(100),
    ]);
    expect(dialogTitle()).toBeUndefined();
    expect(document.querySelector('section[aria-label="Selected requests"]')).toBeNull();
  });
});
