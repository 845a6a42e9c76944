import { useSyncExternalStore } from 'react';

/** Below Tailwind's `sm` breakpoint: the documents grid collapses to fewer tiles there (spec 2 §9). */
const smallScreenQuery = '(max-width: 639px)';

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(smallScreenQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isSmallNow = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(smallScreenQuery).matches;

/** The server renders the large layout; a phone switches to the small one right after hydration. */
export function useSmallScreen(): boolean {
  return useSyncExternalStore(subscribe, isSmallNow, () => false);
}
