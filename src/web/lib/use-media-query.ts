import { useSyncExternalStore } from 'react';

/** Below Tailwind's `sm` breakpoint: a phone held upright. */
export const phoneQuery = '(max-width: 639px)';
/** Below Tailwind's `md` breakpoint (spec 1 §9's small-screen breakpoint for dialogs). */
export const belowMdQuery = '(max-width: 767.98px)';

const matches = (query: string) =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(query).matches;

/**
 * Whether a media query matches, kept current as the window changes. The server and hydration render
 * the large layout (false); anything rendered after that reads the window at once.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matches(query),
    () => false,
  );
}

export const useIsPhone = () => useMediaQuery(phoneQuery);
export const useIsBelowMd = () => useMediaQuery(belowMdQuery);
