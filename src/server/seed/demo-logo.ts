/** The demo organisation's logo, drawn here (a shield and a wordmark). */
export function demoLogoSvg(accent: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="220" height="48" viewBox="0 0 220 48" role="img" aria-label="Acme Cloud">
  <path d="M24 3 42 10v13c0 11-7.6 19.6-18 22C13.6 42.6 6 34 6 23V10z" fill="${accent}"/>
  <path d="m16 24 6 6 11-12" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
  <text x="54" y="32" font-family="Inter, DejaVu Sans, Arial, sans-serif" font-size="24" font-weight="700" fill="#0f172a">Acme Cloud</text>
</svg>`;
}
