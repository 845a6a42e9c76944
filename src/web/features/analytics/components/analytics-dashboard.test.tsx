// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountEngagementPage, AnalyticsDashboard as Dashboard } from '../../../../shared/analytics';
import { AnalyticsDashboard, fillDays } from './analytics-dashboard';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const dashboard: Dashboard = {
  range: { from: '2025-03-01', to: '2025-03-07' },
  totals: {
    visits: 1234,
    uniqueVisitors: 321,
    documentViews: 40,
    downloads: 12,
    searches: 50,
    searchesWithoutResults: 7,
  },
  visitsByDay: [
    { day: '2025-03-01', visits: 600, uniqueVisitors: 200 },
    { day: '2025-03-02', visits: 634, uniqueVisitors: 150 },
  ],
  topItems: [{ itemId: 'i1', title: 'Encryption at rest', clicks: 9 }],
  topDocuments: [{ fileId: 'f1', title: 'SOC 2 report', views: 30, downloads: 10 }],
  searchesWithoutResults: [{ query: 'fedramp', count: 5 }],
  knowledgeGaps: [{ question: 'Do you have FedRAMP?', askCount: 3, lastAskedAt: '2025-03-02T10:00:00.000Z' }],
  funnel: { requested: 10, approved: 8, signedIn: 5, downloaded: 2 },
  accounts: [
    {
      accountId: 'a1',
      name: 'Buyer Inc',
      events: 14,
      documentViews: 3,
      downloads: 2,
      lastActiveAt: '2025-03-02T10:00:00.000Z',
    },
  ],
  eventCounts: [
    { name: 'search_query_entered', count: 50 },
    { name: 'more_details_toggled', count: 6 },
    { name: 'access_level_changed', count: 4 },
    { name: 'restricted_level_changed', count: 2 },
  ],
};

const engagement: AccountEngagementPage = {
  range: { from: '2025-03-01', to: '2025-03-07' },
  accounts: [
    {
      accountId: '00000000-0000-4000-8000-0000000000a1',
      name: 'Buyer Inc',
      domain: 'buyer.example',
      people: 3,
      portalEvents: 14,
      documentViews: 7,
      downloads: 2,
      itemsOpened: 4,
      lastSeenAt: '2025-03-02T10:00:00.000Z',
    },
  ],
  total: 30,
  page: 1,
  pageSize: 25,
  pageCount: 2,
};

// jsdom has no layout: recharts' ResponsiveContainer only needs the observer to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

async function render() {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(
    async (url) =>
      new Response(
        JSON.stringify(String(url).startsWith('/api/analytics/accounts') ? engagement : dashboard),
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
        },
      ),
  );
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <AnalyticsDashboard initialRange={{ from: '2025-03-01', to: '2025-03-07' }} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
  for (let round = 0; round < 3; round++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  return fetchMock;
}

const text = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent;

describe('AnalyticsDashboard', () => {
  it('asks for the range and shows totals, lists, funnel and accounts', async () => {
    const fetchMock = await render();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/analytics?from=2025-03-01&to=2025-03-07');
    expect(text('stat-visits')).toBe('Visits1,234');
    expect(text('stat-no-results')).toBe('Searches without results7');
    expect(text('funnel-Signed in')).toBe('5');
    expect(text('funnel-Downloaded a document')).toBe('2');
    expect(document.body.textContent).toContain('Encryption at rest');
    expect(document.body.textContent).toContain('fedramp');
    expect(document.body.textContent).toContain('Buyer Inc');
  });

  it('lists event counts by name, staff access-level changes and more-details opens included', async () => {
    await render();
    const rows = [...document.querySelectorAll('ul[aria-label="Events by name"] li')].map((row) =>
      [...row.querySelectorAll('span')].map((cell) => cell.textContent).filter(Boolean),
    );
    expect(rows).toEqual([
      ['Searches', '50'],
      ['More details opened', '6'],
      ['Access level changes', '4'],
      ['Restricted level changes', '2'],
    ]);
  });

  it('links the CSV export to the range, report and BOM choice', async () => {
    await render();
    const link = [...document.querySelectorAll('a')].find((anchor) =>
      anchor.textContent?.includes('Download CSV'),
    )!;
    expect(link.getAttribute('href')).toBe(
      '/api/analytics/export?from=2025-03-01&to=2025-03-07&report=events&bom=1',
    );
    const select = document.querySelector('select')!;
    await act(async () => {
      select.value = 'accounts';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const checkbox = document.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    await act(async () => checkbox.click());
    expect(link.getAttribute('href')).toBe(
      '/api/analytics/export?from=2025-03-01&to=2025-03-07&report=accounts&bom=0',
    );
  });

  it('gives each chart a name and its numbers in a table that can be shown', async () => {
    await render();
    const figures = [...document.querySelectorAll('figure')];
    expect(figures.map((figure) => figure.getAttribute('aria-label'))).toEqual([
      'Visits and unique visitors per day, March 1, 2025 to March 7, 2025',
      'Access-request funnel: people at each step',
    ]);
    const visits = figures[0]!;
    const cells = [...visits.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    // Every day of the range, days without visits as zero.
    expect(cells).toHaveLength(7);
    expect(cells[1]).toEqual(['March 2, 2025', '634', '150']);
    expect(cells[6]).toEqual(['March 7, 2025', '0', '0']);
    const toggle = [...visits.querySelectorAll('button')].find(
      (button) => button.textContent === 'Show data table',
    )!;
    const table = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(table.className).toBe('sr-only');
    await act(async () => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide data table');
    expect(table.className).not.toContain('sr-only');
  });

  it('lists accounts by engagement, pages on the server and links each to its drill-down', async () => {
    const fetchMock = await render();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/analytics/accounts?from=2025-03-01&to=2025-03-07&page=1&pageSize=25',
    );
    const table = document.querySelector('[data-testid="engagement-table"]')!;
    const row = [...table.querySelectorAll('tbody tr')][0]!;
    expect([...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent)).toEqual([
      '3',
      '7',
      '2',
      '4',
    ]);
    expect(row.querySelector('a')!.getAttribute('href')).toBe(
      '/console/analytics/accounts/00000000-0000-4000-8000-0000000000a1?from=2025-03-01&to=2025-03-07',
    );
    const next = [...document.querySelectorAll('nav[aria-label="Account engagement pages"] button')].find(
      (button) => button.textContent === 'Next',
    ) as HTMLButtonElement;
    await act(async () => next.click());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/analytics/accounts?from=2025-03-01&to=2025-03-07&page=2&pageSize=25',
    );
  });
});

describe('fillDays', () => {
  it('gives every day of the range, both ends included, and keeps the recorded counts', () => {
    const filled = fillDays({ from: '2026-10-28', to: '2026-11-26' }, [
      { day: '2026-11-26', visits: 2, uniqueVisitors: 1 },
    ]);
    expect(filled).toHaveLength(30);
    expect(filled[0]).toEqual({ day: '2026-10-28', visits: 0, uniqueVisitors: 0 });
    expect(filled.at(-1)).toEqual({ day: '2026-11-26', visits: 2, uniqueVisitors: 1 });
  });

  it('keys days in UTC across a daylight-saving change, so no day repeats or goes missing', () => {
    const filled = fillDays({ from: '2026-03-28', to: '2026-03-30' }, [
      { day: '2026-03-29', visits: 5, uniqueVisitors: 3 },
    ]);
    expect(filled.map((day) => [day.day, day.visits])).toEqual([
      ['2026-03-28', 0],
      ['2026-03-29', 5],
      ['2026-03-30', 0],
    ]);
  });
});
