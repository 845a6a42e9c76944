import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { useMemo } from 'react';
import { UpdateHtml } from './update-html';

// The server's settings (src/server/modules/updates/render-markdown.ts), so the preview shows what visitors get.
const markdown = new Marked({ gfm: true, breaks: true, async: false });
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

/** Staff's draft rendered and sanitised in the browser, so the preview never runs script either. */
export function renderPreviewHtml(message: string): string {
  return DOMPurify.sanitize(markdown.parse(message) as string, sanitiseOptions);
}

/** Loaded only when the Preview tab opens. */
export default function MarkdownPreview({ markdown: source }: { markdown: string }) {
  const html = useMemo(() => renderPreviewHtml(source), [source]);
  if (!source.trim()) return <p className="text-sm text-slate-500">Nothing to preview yet.</p>;
  return <UpdateHtml html={html} />;
}
