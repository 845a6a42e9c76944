import { accentPalette } from '../../../shared/contrast';
import { limits } from '../../../shared/limits';

export type OgImageLogo = { contentType: string; bytes: Buffer };

export type OgImageContent = {
  organisationName: string;
  portalTitle: string;
  accentColor: string;
  /** Where the portal lives, shown small at the bottom (e.g. 'trust.acme.example'). */
  address: string;
  /** PNG or JPEG; an SVG logo is rasterised first (rasteriseSvgLogo) so its text gets real fonts. */
  logo: OgImageLogo | null;
};

const fontFamily = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

function escapeXml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** Shortens text to roughly fit a width, using an average glyph width of 0.56em. */
function fitText(text: string, fontSize: number, width: number): string {
  const maxCharacters = Math.floor(width / (fontSize * 0.56));
  return text.length <= maxCharacters ? text : `${text.slice(0, Math.max(1, maxCharacters - 1)).trimEnd()}…`;
}

/** The largest size (down to a floor) at which the text fits on one line. */
function fontSizeFor(text: string, largest: number, smallest: number, width: number): number {
  const size = Math.floor(width / (Math.max(text.length, 1) * 0.56));
  return Math.max(smallest, Math.min(largest, size));
}

/**
 * Only self-contained SVG logos are drawn: one that references anything outside itself (files, URLs)
 * is left out, so rendering can never read from the server's disk or the network.
 */
export function isSelfContainedSvg(svg: string): boolean {
  const references = svg.match(/(?:href|src)\s*=\s*["'][^"']*["']/gi) ?? [];
  const isEachInternal = references.every((reference) =>
    /=\s*["'](#|data:image\/(png|jpeg);)/i.test(reference),
  );
  return isEachInternal && !/@import|url\(\s*["']?(?!#)/i.test(svg);
}

function embeddableLogo(logo: OgImageLogo | null): string | null {
  if (logo?.contentType !== 'image/png' && logo?.contentType !== 'image/jpeg') return null;
  return `data:${logo.contentType};base64,${logo.bytes.toString('base64')}`;
}

/** The 1200x630 link-preview picture: logo, organisation name, portal title, in the accent colour. */
export function composeOgImageSvg(content: OgImageContent): string {
  const width = limits.ogImageWidth;
  const height = limits.ogImageHeight;
  const palette = accentPalette(content.accentColor);
  const textWidth = width - 2 * 96;
  const nameSize = fontSizeFor(content.organisationName, 76, 44, textWidth);
  const name = fitText(content.organisationName, nameSize, textWidth);
  const title = fitText(content.portalTitle, 44, textWidth);
  const address = fitText(content.address, 26, textWidth - 200);
  const logo = embeddableLogo(content.logo);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="wash" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${palette.soft}"/>
      <stop offset="1" stop-color="#ffffff"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#wash)"/>
  <circle cx="${width - 80}" cy="40" r="260" fill="${palette.accent}" opacity="0.08"/>
  <rect x="0" y="0" width="16" height="${height}" fill="${palette.accent}"/>
  ${logo ? `<image href="${logo}" x="96" y="84" width="420" height="88" preserveAspectRatio="xMinYMid meet"/>` : ''}
  <text x="96" y="${logo ? 330 : 290}" font-family="${fontFamily}" font-size="${nameSize}" font-weight="700" fill="#0f172a">${escapeXml(name)}</text>
  <text x="96" y="${logo ? 400 : 360}" font-family="${fontFamily}" font-size="44" font-weight="400" fill="${palette.ink}">${escapeXml(title)}</text>
  <rect x="0" y="${height - 96}" width="${width}" height="96" fill="${palette.accent}"/>
  <text x="96" y="${height - 38}" font-family="${fontFamily}" font-size="26" font-weight="700" fill="${palette.onAccent}">${escapeXml(address)}</text>
  <text x="${width - 96}" y="${height - 38}" text-anchor="end" font-family="${fontFamily}" font-size="24" fill="${palette.onAccent}">Security · Privacy · Compliance</text>
</svg>`;
}
