import { type Mock, vi } from 'vitest';
import { flushAnalytics } from '../analytics';

export type SentEvent = { name: string; itemId?: string; subject?: string; props?: Record<string, unknown> };
export type BeaconMock = Mock<(url: string, body?: BodyInit | null) => boolean>;

/** Replaces navigator.sendBeacon with a mock that keeps what analytics sends. */
export function captureBeacons(): BeaconMock {
  const beacon: BeaconMock = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  return beacon;
}

/** The events analytics has sent through the mock, flushed first; the page-load event left out. */
export async function sentEvents(beacon: BeaconMock): Promise<SentEvent[]> {
  flushAnalytics();
  const batches = await Promise.all(
    beacon.mock.calls.map(
      async ([, blob]) => JSON.parse(await (blob as Blob).text()) as { events: SentEvent[] },
    ),
  );
  return batches.flatMap((batch) => batch.events).filter((event) => event.name !== 'portal_loaded');
}
