import { Check, Copy } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { richTextClassName } from '../../../components/ui/rich-text';
import { htmlChunkCount, htmlFirstChunks, htmlPlainText, renderMarkdownHtml } from '../../../lib/markdown';
import { useSearchTexts } from '../lib/search-texts';
import { useWordReveal } from '../lib/use-word-reveal';

const copiedResetMs = 3000;

function CopyResponse({ text }: { text: string }) {
  const searchTexts = useSearchTexts();
  const [isCopied, setCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), copiedResetMs);
    return () => clearTimeout(timer);
  }, [isCopied]);
  return (
    <button
      type="button"
      onClick={() =>
        navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
      className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"
    >
      {isCopied ? (
        <Check className="size-3.5 text-emerald-700" aria-hidden />
      ) : (
        <Copy className="size-3.5" aria-hidden />
      )}
      {searchTexts.copyResponse}
      <span className="sr-only" aria-live="polite">
        {isCopied ? 'Copied' : ''}
      </span>
    </button>
  );
}

/**
 * An answer's Markdown rendered and sanitised in the browser, revealed word by word with its markup,
 * and copied as the plain text a person reads. Loaded only when an answer arrives (Markdown code).
 */
export default function MarkdownAnswer({ answer, heading }: { answer: string; heading: ReactNode }) {
  const html = useMemo(() => renderMarkdownHtml(answer), [answer]);
  const plainText = useMemo(() => htmlPlainText(html), [html]);
  const total = useMemo(() => htmlChunkCount(html), [html]);
  const revealed = useWordReveal(html, total);
  const shownHtml = useMemo(
    () => (revealed.isDone ? html : htmlFirstChunks(html, revealed.count)),
    [html, revealed.count, revealed.isDone],
  );
  return (
    <>
      <div className="flex items-center gap-2">
        {heading}
        <span className="ms-auto">
          <CopyResponse text={plainText} />
        </span>
      </div>
      <div data-testid="answer-text">
        <div
          className={richTextClassName}
          aria-hidden={!revealed.isDone}
          data-testid="answer-html"
          dangerouslySetInnerHTML={{ __html: shownHtml }}
        />
        {/* Screen readers get the whole answer once, not every word. */}
        <span className="sr-only" aria-live="polite">
          {revealed.isDone ? plainText : ''}
        </span>
      </div>
    </>
  );
}
