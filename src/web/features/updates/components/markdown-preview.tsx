import { useMemo } from 'react';
import { RichText } from '../../../components/ui/rich-text';
import { renderMarkdownHtml } from '../../../lib/markdown';

/** Loaded only when the Preview tab opens; the draft is sanitised too, so the preview never runs script. */
export default function MarkdownPreview({ markdown: source }: { markdown: string }) {
  const html = useMemo(() => renderMarkdownHtml(source), [source]);
  if (!source.trim()) return <p className="text-sm text-slate-500">Nothing to preview yet.</p>;
  return <RichText html={html} />;
}
