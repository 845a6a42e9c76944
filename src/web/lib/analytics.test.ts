// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushAnalytics, initPortalAnalytics, readVisitorId, trackEvent } from './analytics';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.restoreAllMocks();
  localStorage.clear();
});

async function sentBatches(beacon: ReturnType<typeof vi.fn>) {
  return Promise.all(
    beacon.mock.calls.map(async ([url, blob]) => ({
      url,
      type: (blob as Blob).type,
      body: JSON.parse(await (blob as Blob).text()) as {
        visitorId: string;
        events: { name: string; subject?: string }[];
      },
    })),
  );
}

describe('portal analytics client', () => {
  it('batches events and sends them with a text/plain beacon to the organisation’s own server', async () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    stop = initPortalAnalytics({ organisationSlug: 'acme', mode: 'public' });
    trackEvent({ name: 'search_box_focused' });
    window.dispatchEvent(new CustomEvent('attest:trusted-by-click', { detail: { company: 'Globex' } }));
    expect(beacon).not.toHaveBeenCalled();
    flushAnalytics();
    const [batch] = await sentBatches(beacon);
    expect(batch!.url).toBe('/api/statuspage/share/acme/events');
    expect(batch!.type).toBe('text/plain;charset=utf-8');
    expect(batch!.body.events.map((event) => event.name)).toEqual([
      'portal_loaded',
      'search_box_focused',
      'trusted_by_clicked',
    ]);
    expect(batch!.body.events[2]!.subject).toBe('Globex');
    expect(batch!.body.visitorId).toBe(localStorage.getItem('attest.analytics.visitor'));
  });

  it('sends what is queued when the page is hidden', async () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    stop = initPortalAnalytics({ organisationSlug: 'acme', mode: 'account_external' });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beacon).toHaveBeenCalledTimes(1);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('is off in Main and Preview mode', () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    for (const mode of ['main', 'preview']) {
      stop = initPortalAnalytics({ organisationSlug: 'acme', mode });
      trackEvent({ name: 'item_clicked' });
      flushAnalytics();
    }
    expect(beacon).not.toHaveBeenCalled();
  });

  it('holds what happens before the tracker starts and sends it with the first batch', async () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    trackEvent({ name: 'file_viewed', subject: 'SOC 2 report' });
    stop = initPortalAnalytics({ organisationSlug: 'acme', mode: 'account_external' });
    flushAnalytics();
    const [batch] = await sentBatches(beacon);
    expect(batch!.body.events.map((event) => [event.name, event.subject])).toEqual([
      ['portal_loaded', undefined],
      ['file_viewed', 'SOC 2 report'],
    ]);
  });

  it('drops what was held when the page turns out to be Main or Preview mode', async () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    trackEvent({ name: 'file_viewed' });
    const stopMain = initPortalAnalytics({ organisationSlug: 'acme', mode: 'main' });
    trackEvent({ name: 'item_clicked' });
    stopMain();
    stop = initPortalAnalytics({ organisationSlug: 'acme', mode: 'public' });
    flushAnalytics();
    expect(beacon).toHaveBeenCalledTimes(1);
    const [batch] = await sentBatches(beacon);
    expect(batch!.body.events.map((event) => event.name)).toEqual(['portal_loaded']);
  });

  it('keeps one visitor id per browser and makes a new one when storage is unavailable', () => {
    const first = readVisitorId(localStorage);
    expect(first).toMatch(/^[a-f0-9]{36}$/);
    expect(readVisitorId(localStorage)).toBe(first);
    expect(readVisitorId(null)).not.toBe(first);
  });
});
