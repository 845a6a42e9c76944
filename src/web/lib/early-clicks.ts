/**
 * A tap that lands before React listens is lost: the portal paints its server HTML first and its code
 * arrives later (decision 220), and React drops a click on a part it cannot hydrate in time (decision
 * 316). The last such click is remembered and given again once the page (or the part) is live.
 */

/**
 * Elements whose click the browser acts on itself (a link is followed, a label toggles its input, a
 * summary its details, a submit button sends its form): giving the click again would do it twice.
 */
const nativelyActive = 'a[href], label, summary, input, select, textarea, form button:not([type="button"])';

/** Whether a click on `target` did nothing without React, so giving it again does it once. */
export function isReplayableClick(target: EventTarget | null): target is Element {
  return target instanceof Element && target.isConnected && !target.closest(nativelyActive);
}

/** Gives the click again on the same element, where React now listens. */
export function replayClick(target: Element) {
  if (!target.isConnected) return;
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

/** What the entry script leaves on window: the last click before React listened, and how to stop. */
export type EarlyClicks = { target: EventTarget | null; stop(): void };
export type WindowWithEarlyClicks = Window & { attestEarlyClicks?: EarlyClicks };

/** When React starts to hydrate: from then on it holds clicks itself and gives them to what it hydrates. */
export function stopListeningForEarlyClicks() {
  if (typeof window === 'undefined') return;
  (window as WindowWithEarlyClicks).attestEarlyClicks?.stop();
}

/** Once the page has hydrated: the click remembered before React listened, given again. */
export function replayEarlyClick() {
  if (typeof window === 'undefined') return;
  const earlyClicks = (window as WindowWithEarlyClicks).attestEarlyClicks;
  if (!earlyClicks) return;
  earlyClicks.stop();
  const { target } = earlyClicks;
  earlyClicks.target = null;
  if (isReplayableClick(target)) replayClick(target);
}
