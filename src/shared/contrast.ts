/**
 * WCAG 2 colour contrast for the organisation's accent colour. The accent is customisable, so text on
 * it, and the accent used as text, are computed here instead of hard-coded (server og image and web).
 */

export const nearBlack = '#0f172a';
export const white = '#ffffff';
/** WCAG AA for normal text. */
export const minimumTextContrast = 4.5;

type Rgb = [number, number, number];

export function parseHexColour(hex: string): Rgb {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const value = Number.parseInt(match[1]!, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([red, green, blue]: Rgb): string {
  return `#${[red, green, blue].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

export function relativeLuminance(hex: string): number {
  const [red, green, blue] = parseHexColour(hex).map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

export const black = '#000000';

/**
 * White or near-black, whichever reads better on the background; for the few mid-tones where neither
 * reaches AA, pure black does (white or black always reaches at least 4.58:1).
 */
export function readableTextOn(background: string): string {
  const onWhite = contrastRatio(background, white);
  const onNearBlack = contrastRatio(background, nearBlack);
  if (Math.max(onWhite, onNearBlack) >= minimumTextContrast)
    return onWhite >= onNearBlack ? white : nearBlack;
  return onWhite >= contrastRatio(background, black) ? white : black;
}

/** Mixes a colour towards another; amount 0 keeps the first, 1 gives the second. */
export function mixColours(from: string, to: string, amount: number): string {
  const start = parseHexColour(from);
  const end = parseHexColour(to);
  return toHex(start.map((channel, index) => channel + (end[index]! - channel) * amount) as Rgb);
}

/** The accent darkened just enough to be readable as text on the given light background. */
export function accentInkOn(accent: string, background: string = white): string {
  for (let step = 0; step <= 20; step++) {
    const candidate = mixColours(accent, nearBlack, step / 20);
    if (contrastRatio(candidate, background) >= minimumTextContrast) return candidate;
  }
  return nearBlack;
}

export type AccentPalette = {
  /** The organisation's colour, for filled surfaces (buttons, bands). */
  accent: string;
  /** Text and icons drawn on the accent. */
  onAccent: string;
  /** A light tint of the accent for soft backgrounds (chips, hovers). */
  soft: string;
  /** The accent as text or focus ring on white or on the soft tint. */
  ink: string;
};

export function accentPalette(accent: string): AccentPalette {
  const soft = mixColours(accent, white, 0.9);
  return { accent, onAccent: readableTextOn(accent), soft, ink: accentInkOn(accent, soft) };
}
