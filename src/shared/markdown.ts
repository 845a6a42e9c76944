/**
 * How Markdown becomes HTML, on the server (updates) and in the browser (previews, Ask AI answers):
 * marked with these options, then DOMPurify with these, so both sides render and strip alike.
 */
export const markdownOptions = { gfm: true, breaks: true, async: false } as const;

/** No scripts, event handlers, styles, forms, frames or javascript:/data: links. */
export const markdownSanitiseOptions = {
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

/** DOMPurify hook: links leave the portal, so never pass the referrer or a handle on our window. */
export function openLinksApart(node: Element): void {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('rel', 'noopener noreferrer nofollow');
    node.setAttribute('target', '_blank');
  }
}
