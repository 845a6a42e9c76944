/** The attribute that marks an element whose inner HTML the client keeps as the server rendered it. */
const serverHtmlAttribute = 'data-server-html';

const captured = new Map<string, string | null>();

/**
 * The inner HTML the server rendered into the element marked `data-server-html={key}`, read once, at
 * hydration, before React changes the page; null where there is none (rendered later, or no DOM). A
 * key must name its content exactly: whatever reads it later gets the same markup.
 */
export function serverHtml(key: string): string | null {
  if (typeof document === 'undefined') return null;
  if (!captured.has(key)) {
    const marked = document.querySelectorAll(`[${serverHtmlAttribute}]`);
    const element = [...marked].find((candidate) => candidate.getAttribute(serverHtmlAttribute) === key);
    captured.set(key, element ? element.innerHTML : null);
  }
  return captured.get(key) ?? null;
}

/**
 * A key that names its content: `prefix` and a hash of what the markup is drawn from, so markup the
 * server drew from other data (the page's model changed since) is never taken for the current one.
 */
export function contentKey(prefix: string, drawnFrom: unknown): string {
  const text = JSON.stringify(drawnFrom) ?? '';
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${prefix}:${(hash >>> 0).toString(36)}`;
}
