import { describe, expect, it } from 'vitest';
import { accentInkOn, accentPalette, contrastRatio, nearBlack, readableTextOn, white } from './contrast';

describe('WCAG contrast', () => {
  it('computes the known ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#1d4ed8', '#ffffff')).toBeCloseTo(contrastRatio('#ffffff', '#1d4ed8'), 10);
  });

  it('puts white on dark accents and near-black on light ones', () => {
    expect(readableTextOn('#1d4ed8')).toBe(white);
    expect(readableTextOn('#4338ca')).toBe(white);
    expect(readableTextOn('#fbbf24')).toBe(nearBlack);
    expect(readableTextOn('#a3e635')).toBe(nearBlack);
  });

  it('darkens a light accent until it reads as text, and keeps a dark one as it is', () => {
    expect(accentInkOn('#1d4ed8')).toBe('#1d4ed8');
    const ink = accentInkOn('#fbbf24');
    expect(ink).not.toBe('#fbbf24');
    expect(contrastRatio(ink, white)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives every accent a palette whose text colours pass AA', () => {
    for (let value = 0; value < 0xffffff; value += 0x0a1b2c) {
      const accent = `#${value.toString(16).padStart(6, '0')}`;
      const palette = accentPalette(accent);
      expect(contrastRatio(palette.accent, palette.onAccent)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(palette.ink, palette.soft)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(palette.ink, white)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('rejects values that are not #rrggbb', () => {
    expect(() => contrastRatio('red', '#ffffff')).toThrow();
  });
});
