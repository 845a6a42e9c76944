import DOMPurify from 'dompurify';
import { renderSafeMarkdown } from '../../shared/markdown';

/** Markdown rendered in the browser and sanitised (DOMPurify): no script, handlers, styles or javascript: links. */
export function renderMarkdownHtml(source: string): string {
  return renderSafeMarkdown(DOMPurify, source);
}

function fragmentOf(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/** What a person reads in sanitised HTML, as plain text: paragraphs, list bullets, a link's address after it. */
export function htmlPlainText(html: string): string {
  const root = fragmentOf(html);
  // Markup's own line breaks between blocks are not text; the blocks below say where lines end.
  for (const node of textNodesOf(root)) {
    if (!node.data.trim() && !node.parentElement?.closest('pre')) node.remove();
  }
  for (const br of root.querySelectorAll('br')) br.replaceWith('\n');
  for (const link of root.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href') ?? '';
    if (href && href !== link.textContent) link.append(` (${href})`);
  }
  for (const list of root.querySelectorAll('ul, ol')) {
    let number = Number(list.getAttribute('start') ?? 1);
    for (const item of list.children) {
      item.prepend(list.tagName === 'OL' ? `${number++}. ` : '- ');
    }
  }
  for (const cell of root.querySelectorAll('th, td')) if (cell.nextElementSibling) cell.append('\t');
  for (const line of root.querySelectorAll('li, tr')) line.append('\n');
  for (const block of root.querySelectorAll('p, h1, h2, h3, h4, h5, h6, pre, blockquote, ul, ol, table')) {
    block.append('\n\n');
  }
  return (root.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/** Words with the spaces after them: joined back, they give the text unchanged. */
export function revealChunks(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/** A text node's reveal steps: the line breaks markup puts between blocks take none. */
function chunksOf(node: Text): string[] {
  return node.data.trim() ? revealChunks(node.data) : [];
}

function textNodesOf(root: Node): Text[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  while (walker.nextNode()) nodes.push(walker.currentNode as Text);
  return nodes;
}

/** How many word chunks the text of sanitised HTML has (what a word-by-word reveal counts). */
export function htmlChunkCount(html: string): number {
  return textNodesOf(fragmentOf(html)).reduce((sum, node) => sum + chunksOf(node).length, 0);
}

/**
 * The first `count` word chunks of sanitised HTML with their markup, and nothing after them: a
 * word-by-word reveal of rendered Markdown never shows a half-typed '**'. Only removes, so stays safe.
 */
export function htmlFirstChunks(html: string, count: number): string {
  const root = fragmentOf(html);
  let remaining = count;
  let last: Node | null = null;
  for (const node of textNodesOf(root)) {
    const chunks = chunksOf(node);
    if (remaining >= chunks.length) {
      remaining -= chunks.length;
      last = node;
      continue;
    }
    if (remaining > 0) {
      node.data = chunks.slice(0, remaining).join('');
      last = node;
    }
    break;
  }
  if (last === null) return '';
  for (let node: Node | null = last; node && node !== root; node = node.parentNode) {
    while (node.nextSibling) node.nextSibling.remove();
  }
  const wrapper = document.createElement('div');
  wrapper.append(root);
  return wrapper.innerHTML;
}
