import { limits } from '../../../../shared/limits';

export const highlightParameter = 'tcuUid';

/** The topic or update the address asks to highlight (spec 3 §2 tcuUid), if any. */
export function readHighlightedId(search: string): string | null {
  const value = new URLSearchParams(search).get(highlightParameter);
  return value?.trim() ? value.trim() : null;
}

/** Where the window scrolls so the element sits 200 px below the top (spec 1 §9 topic highlight offset). */
export function highlightScrollTop(element: Element, scrollY: number): number {
  return Math.max(0, element.getBoundingClientRect().top + scrollY - limits.topicHighlightOffsetPx);
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

const settleWindowMs = 1500;

/**
 * Scrolls the element to the highlight offset; smoothly unless the reader asked for less motion.
 * Sections above may still be loading (they mount after hydration): while the page settles, a change
 * of its height puts the element back at the offset.
 */
export function scrollToHighlight(element: Element): () => void {
  const scroll = (behavior: ScrollBehavior) =>
    window.scrollTo({ top: highlightScrollTop(element, window.scrollY), behavior });
  scroll(prefersReducedMotion() ? 'auto' : 'smooth');
  if (typeof ResizeObserver === 'undefined') return () => {};
  let lastHeight = document.body.scrollHeight;
  const observer = new ResizeObserver(() => {
    if (document.body.scrollHeight === lastHeight) return;
    lastHeight = document.body.scrollHeight;
    scroll('auto');
  });
  observer.observe(document.body);
  const timer = window.setTimeout(() => observer.disconnect(), settleWindowMs);
  return () => {
    window.clearTimeout(timer);
    observer.disconnect();
  };
}

/** The DOM id of a topic or update on the card, so the highlight can find it. */
export function updateElementId(id: string): string {
  return `trust-update-${id}`;
}
