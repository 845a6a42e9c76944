import { accentPalette } from '../../shared/contrast';
import { type Locale, textDirection } from '../../shared/i18n/locales';
import { escapeHtml, metaName } from './html';
import type { EntryAssets } from './web-build';

export type DocumentParts = {
  title: string;
  /** Extra tags for <head> (already escaped). */
  head?: string;
  /** Server-rendered markup for <div id="root">. */
  body: string;
  /** Stylesheets always; the script and its preloads only when the page runs code. */
  assets: EntryAssets | null;
  hasScript: boolean;
  /**
   * The script only hydrates what the server drew (the portal): fetched at low priority, so the
   * stylesheet and images the first paint needs go first on a slow link.
   */
  isScriptAfterPaint?: boolean;
  /** The organisation's accent: its CSS variables go on <html> so dialogs in portals inherit them. */
  accentColor?: string;
  /** Chunks the script imports later that this page certainly needs (its language's catalogue). */
  extraPreloads?: string[];
  /** The page's language (lang and dir on <html>); English when not given. */
  locale?: Locale;
  /** Inline JSON for hydration, already serialized with serializePageData. */
  pageData?: { elementId: string; json: string };
};

function accentStyle(accentColor: string | undefined): string {
  if (!accentColor) return '';
  const palette = accentPalette(accentColor);
  const style = `--brand:${palette.accent};--brand-foreground:${palette.onAccent};--brand-soft:${palette.soft};--brand-ink:${palette.ink}`;
  return ` style="${escapeHtml(style)}"`;
}

/** One HTML document. No inline executable script anywhere: the CSP is script-src 'self'. */
export function renderDocument(parts: DocumentParts): string {
  const { assets } = parts;
  const lowPriority = parts.isScriptAfterPaint ? ' fetchpriority="low"' : '';
  const styles = (assets?.styles ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`);
  const scripts =
    parts.hasScript && assets
      ? [
          ...[...assets.preloads, ...(parts.extraPreloads ?? [])].map(
            (href) => `<link rel="modulepreload" href="${escapeHtml(href)}"${lowPriority}>`,
          ),
          `<script type="module" src="${escapeHtml(assets.script)}"${lowPriority}></script>`,
        ]
      : [];
  const pageData = parts.pageData
    ? `<script type="application/json" id="${escapeHtml(parts.pageData.elementId)}">${parts.pageData.json}</script>`
    : '';
  return [
    '<!doctype html>',
    `<html lang="${parts.locale ?? 'en'}" dir="${textDirection(parts.locale ?? 'en')}"${accentStyle(parts.accentColor)}>`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(parts.title)}</title>`,
    parts.head ?? '',
    ...styles,
    ...scripts,
    '</head>',
    '<body>',
    `<div id="root">${parts.body}</div>`,
    pageData,
    '</body>',
    '</html>',
  ]
    .filter(Boolean)
    .join('\n');
}

/** A favicon drawn from the organisation's initial on its accent colour, for organisations without one. */
export function generatedFavicon(name: string, accentColor: string): string {
  const palette = accentPalette(accentColor);
  const initial = escapeHtml((name.trim()[0] ?? 'A').toUpperCase());
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${palette.accent}"/><text x="32" y="44" text-anchor="middle" font-family="system-ui,Arial,sans-serif" font-size="36" font-weight="700" fill="${palette.onAccent}">${initial}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export const noIndex = metaName('robots', 'noindex, nofollow');
