import type { DOMPurify } from 'dompurify';
import { Marked } from 'marked';

/**
 * How Markdown becomes HTML, on the server (updates) and in the browser (previews, Ask AI answers):
 * marked with these options, then DOMPurify with these, so both sides render and strip alike.
 */
const markdown = new Marked({ gfm: true, breaks: true, async: false });

/** No scripts, event handlers, styles, forms, frames or javascript:/data: links. */
const sanitiseOptions = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
  ],
  FORBID_ATTR: ['style', 'class', 'id'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#|\/(?!\/))/i,
};

/**
 * DOMPurify hook: links leave the portal, so never pass the referrer or a handle on our window. A link
 * or image whose address was removed as unsafe would still look like one: the link becomes its
 * text, the image goes.
 */
function openLinksApart(node: Element): void {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('rel', 'noopener noreferrer nofollow');
    node.setAttribute('target', '_blank');
  } else if (node.tagName === 'A') {
    const text = node.ownerDocument.createElement('span');
    text.append(...node.childNodes);
    node.replaceWith(text);
  } else if (node.tagName === 'IMG' && !node.getAttribute('src')) {
    node.remove();
  }
}

const purifiersWithHook = new WeakSet<DOMPurify>();

/** Markdown (raw HTML included) as sanitised HTML, with the browser's DOMPurify or one on a jsdom window. */
export function renderSafeMarkdown(purifier: DOMPurify, source: string): string {
  if (!purifiersWithHook.has(purifier)) {
    purifiersWithHook.add(purifier);
    purifier.addHook('afterSanitizeAttributes', openLinksApart);
  }
  return purifier.sanitize(markdown.parse(source) as string, sanitiseOptions);
}
