import { escapeHtml } from '../../render/html';

/**
 * Small server-written pages of the sign-in flow. Opening a link changes nothing (mail scanners
 * prefetch links); the button posts a plain form, so it works without scripts.
 */
function page(input: {
  title: string;
  heading: string;
  text: string;
  form?: { action: string; fields: Record<string, string>; button: string };
  backHref: string;
  backLabel: string;
}) {
  const form = input.form
    ? `<form method="post" action="${escapeHtml(input.form.action)}">
${Object.entries(input.form.fields)
  .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
  .join('\n')}
<button type="submit" style="font:inherit;font-weight:600;color:#fff;background:#1d4ed8;border:0;border-radius:0.5rem;padding:0.625rem 1.25rem;cursor:pointer">${escapeHtml(input.form.button)}</button>
</form>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(input.title)}</title>
</head>
<body style="margin:0;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f8fafc;color:#0f172a">
<main style="max-width:28rem;margin:10vh auto;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:0.75rem">
<h1 style="font-size:1.25rem;margin:0 0 0.75rem">${escapeHtml(input.heading)}</h1>
<p style="margin:0 0 1.5rem;line-height:1.5">${escapeHtml(input.text)}</p>
${form}
<p style="margin:1.5rem 0 0"><a href="${escapeHtml(input.backHref)}" style="color:#1d4ed8">${escapeHtml(input.backLabel)}</a></p>
</main>
</body>
</html>`;
}

export function renderSignInConfirmPage(input: {
  portalName: string;
  actionPath: string;
  token: string;
  portalPath: string;
}) {
  return page({
    title: `Sign in · ${input.portalName}`,
    heading: `Sign in to the ${input.portalName}`,
    text: 'Continue to sign in with the link from your e-mail. The link works once.',
    form: { action: input.actionPath, fields: { token: input.token }, button: 'Sign in' },
    backHref: input.portalPath,
    backLabel: `Back to the ${input.portalName}`,
  });
}

export function renderByoidWelcomePage(input: {
  portalName: string;
  actionPath: string;
  token: string;
  portalPath: string;
}) {
  return page({
    title: `Welcome · ${input.portalName}`,
    heading: `Welcome to the ${input.portalName}`,
    text: 'You arrived with a sign-in from your company. Continue to open the portal signed in.',
    form: { action: input.actionPath, fields: { byoidJwt: input.token }, button: 'Continue' },
    backHref: input.portalPath,
    backLabel: 'Continue without signing in',
  });
}

export function renderRefusalPage(input: { portalName: string; message: string; portalPath: string }) {
  return page({
    title: `Sign-in failed · ${input.portalName}`,
    heading: 'You are not signed in',
    text: input.message,
    backHref: input.portalPath,
    backLabel: `Back to the ${input.portalName}`,
  });
}
