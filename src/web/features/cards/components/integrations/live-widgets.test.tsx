// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatusIndicator } from '../../../../../shared/specialised-cards';
import {
  cardViewFixture,
  itemViewFixture,
  viewWithCards,
} from '../../../../lib/test-support/card-view-fixture';
import { IntegrationWidget } from './integration-widget';
import { StatusIndicatorBadge } from './live-widgets';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.unstubAllGlobals();
});

async function render(ui: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const client = new QueryClient();
  await act(async () => root.render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>));
  cleanups.push(() => {
    act(() => root.unmount());
    container.remove();
  });
  return container;
}

/** Lets the lazy chunk, the fetch and React settle. */
async function settle() {
  for (let round = 0; round < 5; round++) {
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  }
}

function answer(status: number, body: unknown) {
  return vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

const item = itemViewFixture({ title: 'Status monitoring' });
const card = cardViewFixture({ kind: 'Infrastructure', title: 'Infrastructure', items: [item] });

function viewShowing(kind: 'statuspage' | 'hackerone') {
  const view = viewWithCards([card]);
  return {
    ...view,
    specialised: {
      itemKeys: {},
      riskAnswers: {},
      securityGrades: [],
      trustedBy: [],
      subprocessors: [],
      overview: '',
      integrations: [{ kind, showInCard: true, itemUid: item.itemUid }],
    },
  };
}

describe('live status indicator', () => {
  it.each([
    ['none', 'green'],
    ['operational', 'green'],
    ['minor', 'yellow'],
    ['major', 'orange'],
    ['critical', 'red'],
    ['maintenance', 'blue'],
  ] as Array<[StatusIndicator, string]>)('%s is %s', async (indicator, colour) => {
    const container = await render(<StatusIndicatorBadge indicator={indicator} description="" />);
    const badge = container.querySelector('[data-testid="live-status"]');
    expect(badge?.getAttribute('data-colour')).toBe(colour);
    expect(badge?.textContent).not.toBe('');
  });

  it('shows the status page answer under its item, asking once', async () => {
    const fetch = answer(200, {
      allowed: true,
      showInCard: true,
      description: 'Partial outage',
      indicator: 'major',
    });
    vi.stubGlobal('fetch', fetch);
    const container = await render(<IntegrationWidget view={viewShowing('statuspage')} item={item} />);
    // The widget's code and the query library load on demand: wait for them, then for React.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await settle();
    expect(container.querySelector('[data-indicator="major"]')?.textContent).toContain('Partial outage');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toContain(`/api/statuspage/share/acme/statuspageio?productId=`);
    // Focus does not ask again (spec 2 §9).
    await act(async () => window.dispatchEvent(new Event('focus')));
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('renders nothing when the live call fails', async () => {
    const fetch = answer(503, { error: { code: 'unavailable', message: 'Temporary connection error.' } });
    vi.stubGlobal('fetch', fetch);
    const container = await render(<IntegrationWidget view={viewShowing('statuspage')} item={item} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await settle();
    expect(container.innerHTML).toBe('');
  });

  it('renders nothing for items without a connection', async () => {
    const fetch = answer(200, {});
    vi.stubGlobal('fetch', fetch);
    const other = itemViewFixture({ title: 'Cloud hosting provider' });
    const container = await render(<IntegrationWidget view={viewShowing('statuspage')} item={other} />);
    await settle();
    expect(container.innerHTML).toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('bug-bounty statistics', () => {
  it('shows the figures the program reports and leaves out missing ones', async () => {
    vi.stubGlobal(
      'fetch',
      answer(200, {
        allowed: true,
        enabled: true,
        programStatistics: { reportsResolved: 1248, lastReportedResolved: null },
        responseEfficiency: { averageTimeToFirstResponse: 5.2, averageTimeToTriage: 72, averageBounty: 750 },
      }),
    );
    const container = await render(<IntegrationWidget view={viewShowing('hackerone')} item={item} />);
    await settle();
    const text = container.querySelector('[data-testid="live-statistics"]')?.textContent ?? '';
    expect(text).toContain('Reports resolved1,248');
    expect(text).toContain('Average time to first response5 hrs');
    expect(text).toContain('Average time to triage3 days');
    expect(text).toContain('Average bounty$750');
    expect(text).not.toContain('Last report resolved');
  });
});
