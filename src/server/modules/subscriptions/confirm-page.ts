import { messages } from '../../../shared/messages';
import { escapeHtml } from '../../render/html';

/**
 * The page a confirmation link opens. Opening it changes nothing (mail scanners prefetch links);
 * the button posts a plain form, so it works without scripts.
 */
export function renderConfirmPage(input: { organisationName: string; actionPath: string; token: string }) {
  const title = messages.subscribeTitle(input.organisationName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>Confirm your subscription · ${escapeHtml(title)}</title>
</head>
<body style="margin:0;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f8fafc;color:#0f172a">
<main style="max-width:28rem;margin:10vh auto;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:0.75rem">
<h1 style="font-size:1.25rem;margin:0 0 0.75rem">Confirm your subscription</h1>
<p style="margin:0 0 1.5rem;line-height:1.5">Receive ${escapeHtml(title)} by e-mail. You can unsubscribe at any time from the link in every message.</p>
<form method="post" action="${escapeHtml(input.actionPath)}">
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
<button type="submit" style="font:inherit;font-weight:600;color:#fff;background:#1d4ed8;border:0;border-radius:0.5rem;padding:0.625rem 1.25rem;cursor:pointer">Confirm subscription</button>
</form>
</main>
</body>
</html>`;
}
