// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecentUpdate } from '../../../../shared/page';
import { onPortalQueryChange } from '../../../lib/portal-query';
import { click, type Rendered, renderInDom } from '../../../lib/test-support/render-in-dom';
import { topicId } from '../test-support/updates-fixtures';
import { UpdatesNotificationBar } from './updates-notification-bar';

const now = new Date('2025-03-10T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
let rendered: Rendered | undefined;
let latestAnswer: unknown = { latest: null };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now });
  window.history.replaceState(null, '', '/acme?product=platform');
  latestAnswer = { latest: null };
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(latestAnswer), { status: 200 }));
});

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function renderBar(recentUpdate: RecentUpdate | null) {
  rendered = await renderInDom(
    <UpdatesNotificationBar
      recentUpdate={recentUpdate}
      organisationSlug="acme"
      organisationName="Acme Cloud"
      basePath="/acme"
    />,
  );
}

const bar = () => document.querySelector('[data-testid="updates-notification-bar"]');

describe('UpdatesNotificationBar', () => {
  it('shows for an update created within 24 hours and goes when the window closes', async () => {
    await renderBar({ topicId: topicId(1), subject: 'SOC 2 report renewed', createdAt: hoursAgo(23) });
    expect(bar()).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(59 * 60_000));
    expect(bar()).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(60_001));
    expect(bar()).toBeNull();
  });

  it('does not show an update older than 24 hours', async () => {
    await renderBar({ topicId: topicId(1), subject: 'Old news', createdAt: hoursAgo(24.01) });
    expect(bar()).toBeNull();
  });

  it('reads the latest subject on wide screens, the fallback without one, and the short text on small screens', async () => {
    await renderBar({ topicId: topicId(1), subject: 'SOC 2 report renewed', createdAt: hoursAgo(1) });
    const wide = document.querySelector('[data-testid="notification-text-wide"]');
    const small = document.querySelector('[data-testid="notification-text-small"]');
    expect(wide?.textContent).toBe('SOC 2 report renewed');
    expect(wide?.className).toMatch(/(^| )hidden( |$)/);
    expect(wide?.className).toContain('md:inline');
    expect(small?.textContent).toBe('Recent trust updates available');
    expect(small?.className).toContain('md:hidden');
    await rendered?.unmount();

    await renderBar({ topicId: topicId(1), subject: null, createdAt: hoursAgo(1) });
    expect(document.querySelector('[data-testid="notification-text-wide"]')?.textContent).toBe(
      "Click here to see Acme Cloud's latest trust updates",
    );
  });

  it('sets tcuUid without a reload when clicked, and links to it for a new tab', async () => {
    await renderBar({ topicId: topicId(3), subject: 'Pen test summary', createdAt: hoursAgo(2) });
    const link = bar()?.querySelector('a');
    expect(link?.getAttribute('href')).toBe(`/acme?tcuUid=${topicId(3)}`);
    const heard = vi.fn();
    const stop = onPortalQueryChange(heard);
    await click(link);
    stop();
    expect(window.location.pathname).toBe('/acme');
    expect(new URLSearchParams(window.location.search).get('tcuUid')).toBe(topicId(3));
    expect(new URLSearchParams(window.location.search).get('product')).toBe('platform');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('asks the API for the latest update when the page data has none', async () => {
    latestAnswer = {
      latest: {
        topicId: topicId(4),
        updateId: topicId(40),
        subject: 'Incident resolved',
        createdAt: hoursAgo(3),
      },
    };
    await renderBar(null);
    for (let round = 0; round < 3; round++) await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(document.querySelector('[data-testid="notification-text-wide"]')?.textContent).toBe(
      'Incident resolved',
    );
  });
});
