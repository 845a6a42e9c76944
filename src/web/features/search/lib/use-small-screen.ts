import { useEffect, useState } from 'react';

/** Below Tailwind's md breakpoint (spec 1 §9 small-screen breakpoint md); re-read on resize. */
const smallScreenQuery = '(max-width: 767.98px)';

export function isSmallScreen(): boolean {
  return typeof window !== 'undefined' && Boolean(window.matchMedia?.(smallScreenQuery).matches);
}

export function useSmallScreen(): boolean {
  const [isSmall, setSmall] = useState(isSmallScreen);
  useEffect(() => {
    const update = () => setSmall(isSmallScreen());
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return isSmall;
}
