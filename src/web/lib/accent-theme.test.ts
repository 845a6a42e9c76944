import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../shared/contrast';
import { accentThemeStyle } from './accent-theme';

type Variables = Record<'--brand' | '--brand-foreground' | '--brand-soft' | '--brand-ink', string>;

describe('accentThemeStyle', () => {
  it('turns the accent into the theme variables with readable text colours', () => {
    expect(accentThemeStyle('#4338ca')).toEqual({
      '--brand': '#4338ca',
      '--brand-foreground': '#ffffff',
      '--brand-soft': '#ecebfa',
      '--brand-ink': '#4338ca',
    });
  });

  it('uses near-black text on a light accent and a darkened accent for text', () => {
    const style = accentThemeStyle('#facc15') as unknown as Variables;
    expect(style['--brand-foreground']).toBe('#0f172a');
    expect(contrastRatio(style['--brand'], style['--brand-foreground'])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(style['--brand-ink'], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
