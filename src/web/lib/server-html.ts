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
