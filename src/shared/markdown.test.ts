import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { renderSafeMarkdown } from './markdown';

describe('Markdown, one renderer for server and browser (issue 17 item 3)', () => {
  const purifier = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);

  it('keeps Markdown and plain markup, strips script, handlers, styles, forms and unsafe links', () => {
    const html = renderSafeMarkdown(
      purifier,
      '**Bold** [site](https://example.com)\n<script>alert(1)</script><img src="/a.png" onerror="x()" style="color:red">' +
        '<form><input></form>\n\n[bad](javascript:alert(1)) [data](data:text/html,hi)',
    );
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('<img src="/a.png">');
    // A link or image whose address was unsafe no longer looks like one (issue 29 item 10).
    expect(html).toContain('<span>bad</span> <span>data</span>');
    expect(html).not.toContain('<a>');
    for (const stripped of ['<script', 'onerror', 'style=', '<form', '<input', 'javascript:', 'data:']) {
      expect(html).not.toContain(stripped);
    }
  });

  it('drops an image whose only address was unsafe, keeping what stood around it', () => {
    const html = renderSafeMarkdown(
      purifier,
      'Before <img src="javascript:alert(1)"> middle <img src="" alt="x"> after <a href="javascript:x()"><b>bold</b></a>',
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('Before');
    expect(html).toContain('after <span><b>bold</b></span>');
  });

  it('opens links apart, with the hook added once however often it renders', () => {
    renderSafeMarkdown(purifier, 'first');
    const html = renderSafeMarkdown(purifier, '[site](https://example.com)');
    expect(html).toBe(
      '<p><a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">site</a></p>\n',
    );
  });
});
