import type { AccentPalette } from '../../../shared/contrast';
import type { ActionPageContent } from '../../render/action-page';
import { escapeHtml } from '../../render/html';

/**
 * Small pages of the sign-in flow, in the organisation's branded page (render/action-page.ts).
 * Opening a link changes nothing (mail scanners prefetch links); the button posts a plain form.
 */
export function signInConfirmPage(input: {
  portalName: string;
  actionPath: string;
  token: string;
  portalPath: string;
}): ActionPageContent {
  return {
    title: 'Sign in',
    heading: `Sign in to the ${input.portalName}`,
    text: 'Continue to sign in with the link from your e-mail. The link works once.',
    form: { action: input.actionPath, fields: { token: input.token }, button: 'Sign in' },
    back: { href: input.portalPath, label: `Back to the ${input.portalName}` },
  };
}

export function byoidWelcomePage(input: {
  portalName: string;
  actionPath: string;
  token: string;
  portalPath: string;
}): ActionPageContent {
  return {
    title: 'Welcome',
    heading: `Welcome to the ${input.portalName}`,
    text: 'You arrived with a sign-in from your company. Continue to open the portal signed in.',
    form: { action: input.actionPath, fields: { byoidJwt: input.token }, button: 'Continue' },
    back: { href: input.portalPath, label: 'Continue without signing in' },
  };
}

export function refusalPage(input: {
  portalName: string;
  message: string;
  portalPath: string;
}): ActionPageContent {
  return {
    title: 'Sign-in failed',
    heading: 'You are not signed in',
    text: input.message,
    form: null,
    back: { href: input.portalPath, label: `Back to the ${input.portalName}` },
  };
}

export type PageBrand = {
  organisationName: string;
  portalName: string;
  portalPath: string;
  /** Same-origin path of the organisation's logo; null shows its name instead. */
  logoPath: string | null;
  palette: AccentPalette;
};

/**
 * A page in the organisation's colours, for links from its branded mails (the expiry reminder's
 * "Request more time"): logo or name, an accent rule, the message, and the way back to the portal.
 */
export function renderBrandedNoticePage(input: {
  brand: PageBrand;
  title: string;
  heading: string;
  paragraphs: string[];
  facts?: Array<{ label: string; value: string }>;
}) {
  const { brand } = input;
  const logo = brand.logoPath
    ? `<img src="${escapeHtml(brand.logoPath)}" alt="${escapeHtml(brand.organisationName)}" style="display:block;max-height:40px;max-width:200px">`
    : `<span style="font-size:1.125rem;font-weight:700">${escapeHtml(brand.organisationName)}</span>`;
  const facts = input.facts?.length
    ? `<dl style="margin:0 0 1.25rem;padding:0.75rem 1rem;background:${brand.palette.soft};border-radius:0.5rem">${input.facts
        .map(
          (fact) =>
            `<div style="display:flex;flex-wrap:wrap;gap:0 0.5rem"><dt style="font-weight:600;white-space:nowrap">${escapeHtml(fact.label)}:</dt><dd style="margin:0">${escapeHtml(fact.value)}</dd></div>`,
        )
        .join('')}</dl>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(input.title)} · ${escapeHtml(brand.portalName)}</title>
</head>
<body style="margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f3f4f6;color:#1f2937">
<main style="max-width:34rem;margin:8vh auto;padding:0 1rem">
<div style="background:#fff;border-radius:0.75rem;box-shadow:0 1px 3px rgba(15,23,42,0.12);overflow:hidden">
<header style="display:flex;align-items:center;gap:0.75rem;padding:1.25rem 1.5rem;border-bottom:4px solid ${brand.palette.accent}">
${logo}
<span style="color:#4b5563;font-size:0.875rem">${escapeHtml(brand.portalName)}</span>
</header>
<div style="padding:1.5rem">
<h1 style="font-size:1.375rem;line-height:1.3;margin:0 0 1rem">${escapeHtml(input.heading)}</h1>
${input.paragraphs.map((text) => `<p style="margin:0 0 1rem;line-height:1.6">${escapeHtml(text)}</p>`).join('\n')}
${facts}
<a href="${escapeHtml(brand.portalPath)}" style="display:inline-block;font-weight:600;text-decoration:none;color:${brand.palette.onAccent};background:${brand.palette.accent};border-radius:0.375rem;padding:0.75rem 1.375rem">Open the ${escapeHtml(brand.portalName)}</a>
</div>
</div>
</main>
</body>
</html>`;
}
