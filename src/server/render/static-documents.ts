import { messages } from '../../shared/messages';
import type { ErrorPageData } from '../../shared/page';
import { noIndex, renderDocument } from './document';
import { escapeHtml } from './html';
import type { WebBuild } from './web-build';

const attestFavicon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1d4ed8"/><path d="M32 12 48 18v11c0 10-6.8 17.6-16 20-9.2-2.4-16-10-16-20V18z" fill="#fff"/></svg>',
)}`;
const faviconTag = `<link rel="icon" href="${escapeHtml(attestFavicon)}">`;

export function renderAboutDocument(build: WebBuild, data: { licence: string; version: string }): string {
  return renderDocument({
    title: 'About Attest',
    head: [
      '<meta name="description" content="Attest is an open-source, self-hostable trust center and updates portal.">',
      faviconTag,
    ].join('\n'),
    body: build.renderer.renderAboutPage(data),
    assets: build.entries.portal,
    hasScript: false,
  });
}

/** The console is rendered by its own script; the server sends the frame it mounts into. */
export function renderConsoleDocument(build: WebBuild): string {
  return renderDocument({
    title: 'Attest console',
    head: [noIndex, faviconTag].join('\n'),
    body: '<noscript><p style="padding:2rem;font-family:system-ui,sans-serif">The Attest console needs JavaScript. Please turn it on and reload the page.</p></noscript>',
    assets: build.entries.console,
    hasScript: true,
  });
}

export function renderErrorDocument(build: WebBuild, data: ErrorPageData): string {
  return renderDocument({
    title: data.title,
    head: [noIndex, faviconTag].join('\n'),
    body: build.renderer.renderErrorPage(data),
    assets: build.entries.portal,
    hasScript: false,
  });
}

/** When the web build itself cannot be loaded, an error page still goes out, styled inline. */
export function renderBareErrorDocument(data: ErrorPageData): string {
  const detail = data.detail
    ? `<pre style="white-space:pre-wrap;text-align:left;font-size:12px;color:#7f1d1d;background:#fef2f2;padding:12px;border-radius:8px">${escapeHtml(data.detail)}</pre>`
    : '';
  const message = data.status >= 500 ? messages.genericError : data.message;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(data.title)}</title>${noIndex}${faviconTag}</head>`,
    '<body style="margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;background:#f8fafc">',
    '<main style="max-width:36rem;margin:0 auto;padding:4rem 1rem;text-align:center">',
    `<p style="color:#64748b;font-weight:600;letter-spacing:.1em">${data.status}</p>`,
    `<h1 style="font-size:2rem;margin:.5rem 0 1rem">${escapeHtml(data.title)}</h1>`,
    `<p style="color:#475569">${escapeHtml(message)}</p>`,
    detail,
    '</main></body></html>',
  ].join('');
}
