import { createRequire } from 'node:module';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import type { JSDOM as JsdomClass } from 'jsdom';
import { renderSafeMarkdown } from '../../../shared/markdown';

let purifier: DOMPurify | undefined;
let jsdomClass: typeof JsdomClass | undefined;

/** jsdom takes ~0.4 s and ~80 MiB to load: loaded at the first Markdown render, not at every start. */
export function newJsdom(...args: ConstructorParameters<typeof JsdomClass>): JsdomClass {
  jsdomClass ??= (createRequire(import.meta.url)('jsdom') as typeof import('jsdom')).JSDOM;
  return new jsdomClass(...args);
}

/** One jsdom window per process: building one costs tens of milliseconds, sanitising with it is cheap. */
function getPurifier(): DOMPurify {
  if (!purifier) {
    purifier = createDOMPurify(newJsdom('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  }
  return purifier;
}

/**
 * Staff write Markdown (raw HTML included); visitors get HTML without scripts, event handlers, styles,
 * forms, frames or javascript:/data: links. Sanitised on every output, so a stored message is never trusted.
 */
export function renderUpdateHtml(message: string): string {
  return renderSafeMarkdown(getPurifier(), message);
}

/** Plain text of a message for mail bodies and feed summaries. */
export function renderUpdateText(message: string): string {
  const html = renderUpdateHtml(message);
  const { document } = newJsdom(`<body>${html}</body>`).window;
  for (const br of document.querySelectorAll('br')) br.replaceWith('\n');
  for (const block of document.querySelectorAll('p, li, h1, h2, h3, h4, h5, h6, pre, blockquote')) {
    block.append('\n');
  }
  for (const link of document.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href') ?? '';
    if (href && href !== link.textContent) link.append(` (${href})`);
  }
  return (document.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
