import type { CSSProperties } from 'react';
import { accentPalette } from '../../shared/contrast';

/**
 * The accent as the CSS variables our Tailwind theme reads (--brand, --brand-foreground, --brand-soft,
 * --brand-ink). The server puts the same variables on <html> so Radix portals inherit them too.
 */
export function accentThemeStyle(accent: string): CSSProperties {
  const palette = accentPalette(accent);
  return {
    '--brand': palette.accent,
    '--brand-foreground': palette.onAccent,
    '--brand-soft': palette.soft,
    '--brand-ink': palette.ink,
  } as CSSProperties;
}
