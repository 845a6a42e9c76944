// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { htmlChunkCount, htmlFirstChunks, htmlPlainText, renderMarkdownHtml } from './markdown';

describe('renderMarkdownHtml', () => {
  it('renders Markdown and removes script, handlers and javascript: links', () => {
    const html = renderMarkdownHtml(
      '**SOC 2 Type II** [report](https://example.com/soc2) [bad](javascript:alert(1)) <img src=x onerror="alert(1)"><script>alert(1)</script>',
    );
    expect(html).toContain('<strong>SOC 2 Type II</strong>');
    expect(html).toContain('href="https://example.com/soc2"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).not.toMatch(/javascript:|onerror|<script/i);
  });
});

describe('htmlPlainText', () => {
  it('gives what a person reads: no Markdown marks, paragraphs, bullets and numbers, link addresses', () => {
    const html = renderMarkdownHtml(
      '**SOC 2 Type II** report, see [1].\n\n- *Annual* audit\n- [Bridge letter](https://example.com/b)\n\n1. One\n2. Two\n\nDone.',
    );
    expect(htmlPlainText(html)).toBe(
      'SOC 2 Type II report, see [1].\n\n- Annual audit\n- Bridge letter (https://example.com/b)\n\n1. One\n2. Two\n\nDone.',
    );
  });
});

describe('htmlFirstChunks', () => {
  const html = renderMarkdownHtml('We hold a **SOC 2 Type II** report.\n\n- Annual audit');

  it('counts the word chunks of the text, not the markup: the last one completes the answer', () => {
    const count = htmlChunkCount(html);
    expect(htmlFirstChunks(html, count)).toBe(html);
    expect(htmlFirstChunks(html, count - 1)).toContain('<li>Annual </li>');
  });

  it('keeps the markup of the words shown and drops everything after them', () => {
    expect(htmlFirstChunks(html, 0)).toBe('');
    expect(htmlFirstChunks(html, 3)).toBe('<p>We hold a </p>');
    expect(htmlFirstChunks(html, 5)).toBe('<p>We hold a <strong>SOC 2 </strong></p>');
    expect(htmlFirstChunks(html, htmlChunkCount(html))).toBe(html);
  });
});
