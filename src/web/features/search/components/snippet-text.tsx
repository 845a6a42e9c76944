import type { SnippetPart } from '../../../../shared/search';
import { wholeWordMarks } from '../lib/snippet';

/** A snippet with the matched words marked, whole words only; text only, never HTML. */
export function SnippetText({ parts }: { parts: readonly SnippetPart[] }) {
  return (
    <>
      {wholeWordMarks(parts).map((part, index) =>
        part.isMatch ? (
          <mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
