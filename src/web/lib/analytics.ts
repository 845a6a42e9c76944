import type { AnalyticsEventInput, ClientEventName } from '../../shared/analytics';

/**
 * First-party analytics of the portal. Events are queued and sent in batches with
 * navigator.sendBeacon to the organisation's own server (no third party, no cookie). The visitor id
 * is a random value kept in localStorage so repeat visits count once; clearing site data resets it.
 * Off in Main and Preview mode: staff looking at their own page are not visitors.
 */

export type TrackedEvent = { name: ClientEventName } & Omit<AnalyticsEventInput, 'name'>;

const visitorKey = 'attest.analytics.visitor';
const maxBatch = 50;
const flushDelayMs = 5000;
/** The trusted-by card announces clicks with this window event (see trusted-by-grid.tsx). */
const trustedByClickEvent = 'attest:trusted-by-click';

type Tracker = { endpoint: string; visitorId: string; queue: TrackedEvent[]; timer: number | null };
let tracker: Tracker | null = null;
/**
 * The tracker starts after hydration, from its own chunk; what a visitor does before (a click on a
 * document right away) waits here and goes with the first batch. Main and Preview mode drop it.
 */
let early: TrackedEvent[] = [];
let isOff = false;

function randomId(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A stable id per browser; without localStorage (private modes, blocked storage) one per page load. */
export function readVisitorId(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeLocalStorage(),
): string {
  const stored = storage?.getItem(visitorKey);
  if (stored && /^[A-Za-z0-9_-]{16,64}$/.test(stored)) return stored;
  const id = randomId();
  try {
    storage?.setItem(visitorKey, id);
  } catch {
    // Storage full or refused: this page load keeps its own id.
  }
  return id;
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function send(endpoint: string, body: string): void {
  // text/plain keeps the beacon a simple request; the server parses it as JSON.
  const blob = new Blob([body], { type: 'text/plain;charset=UTF-8' });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(endpoint, blob)) return;
  void fetch(endpoint, { method: 'POST', body: blob, keepalive: true, credentials: 'same-origin' }).catch(
    () => undefined,
  );
}

/** Sends everything queued now (page hidden or closing, or the batch timer fired). Never throws. */
export function flushAnalytics(): void {
  if (!tracker) return;
  if (tracker.timer !== null) window.clearTimeout(tracker.timer);
  tracker.timer = null;
  while (tracker.queue.length > 0) {
    const events = tracker.queue.splice(0, maxBatch);
    try {
      send(tracker.endpoint, JSON.stringify({ visitorId: tracker.visitorId, events }));
    } catch {
      // Analytics never breaks the page.
    }
  }
}

/** Queues one event; held until initPortalAnalytics, dropped in Main / Preview mode. */
export function trackEvent(event: TrackedEvent): void {
  if (isOff || typeof window === 'undefined') return;
  const path = event.path ?? window.location.pathname.slice(0, 512);
  const queued = { ...event, path, ...(event.subject ? { subject: event.subject.slice(0, 200) } : {}) };
  if (!tracker) {
    if (early.length < maxBatch) early.push(queued);
    return;
  }
  tracker.queue.push(queued);
  if (tracker.queue.length >= maxBatch) flushAnalytics();
  else if (tracker.timer === null) tracker.timer = window.setTimeout(flushAnalytics, flushDelayMs);
}

function onTrustedByClick(event: Event) {
  const company = (event as CustomEvent<{ company?: unknown }>).detail?.company;
  trackEvent({ name: 'trusted_by_clicked', ...(typeof company === 'string' ? { subject: company } : {}) });
}

function onVisibilityChange() {
  if (document.visibilityState === 'hidden') flushAnalytics();
}

/** Starts analytics for a portal page; returns the stop function (tests, unmount). */
export function initPortalAnalytics(options: { organisationSlug: string; mode: string }): () => void {
  if (typeof window === 'undefined') return () => {};
  if (options.mode === 'main' || options.mode === 'preview') {
    isOff = true;
    early = [];
    return () => {
      isOff = false;
    };
  }
  if (tracker) return () => {};
  tracker = {
    endpoint: `/api/statuspage/share/${encodeURIComponent(options.organisationSlug)}/events`,
    visitorId: readVisitorId(),
    queue: [],
    timer: null,
  };
  window.addEventListener(trustedByClickEvent, onTrustedByClick);
  document.addEventListener('visibilitychange', onVisibilityChange);
  window.addEventListener('pagehide', flushAnalytics);
  trackEvent({ name: 'portal_loaded' });
  const held = early;
  early = [];
  for (const event of held) trackEvent(event);
  return () => {
    flushAnalytics();
    window.removeEventListener(trustedByClickEvent, onTrustedByClick);
    document.removeEventListener('visibilitychange', onVisibilityChange);
    window.removeEventListener('pagehide', flushAnalytics);
    tracker = null;
    early = [];
  };
}
