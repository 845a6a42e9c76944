import { Check, ChevronDown, Copy, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type SearchResult, searchMessages } from '../../../../shared/search';
import { Skeleton } from '../../../components/ui/skeleton';
import { classNames } from '../../../lib/class-names';
import type { AnswerState } from '../lib/use-ai-answer';
import { useWordReveal } from '../lib/use-word-reveal';
import { ResultIcon } from './result-icon';
import { SearchErrorState } from './search-status';

const copiedResetMs = 3000;

function CopyResponse({ text }: { text: string }) {
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
      {searchMessages.copyResponse}
      <span className="sr-only" aria-live="polite">
        {isCopied ? 'Copied' : ''}
      </span>
    </button>
  );
}

function Sources({ sources, onOpen }: { sources: SearchResult[]; onOpen(result: SearchResult): void }) {
  const [isOpen, setOpen] = useState(true);
  return (
    <div className="rounded-lg border border-slate-200">
      <button
        type="button"
        aria-expanded={isOpen}
        onClick={() => setOpen(!isOpen)}
        className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm font-medium text-slate-800"
      >
        <ChevronDown className={classNames('size-4 transition', !isOpen && '-rotate-90')} aria-hidden />
        {searchMessages.generatedFrom(sources.length)}
      </button>
      {isOpen ? (
        <ol className="space-y-1 border-t border-slate-200 p-2" data-testid="answer-sources">
          {sources.map((source, index) => (
            <li key={`${source.type}:${source.id}`}>
              <button
                type="button"
                onClick={() => onOpen(source)}
                className="flex w-full items-center gap-2.5 rounded-md px-2 py-1.5 text-left text-sm text-slate-700 hover:bg-slate-50"
              >
                <span className="w-5 shrink-0 text-xs font-semibold text-slate-500">[{index + 1}]</span>
                <ResultIcon type={source.type} className="size-4 shrink-0 text-slate-500" />
                <span className="truncate">{source.title}</span>
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

function RevealedAnswer({ answer }: { answer: string }) {
  const revealed = useWordReveal(answer);
  return (
    <p className="text-sm leading-7 whitespace-pre-line text-slate-800" data-testid="answer-text">
      {revealed.text}
      {/* Screen readers get the whole answer once, not every word. */}
      <span className="sr-only" aria-live="polite">
        {revealed.isDone ? answer : ''}
      </span>
    </p>
  );
}

/** Ask AI's block (spec 1 §2): 'Generating Answer', then 'Answer', the text word by word, sources. */
export function AiAnswer({
  state,
  onOpenSource,
  onRetry,
}: {
  state: AnswerState;
  onOpenSource(result: SearchResult): void;
  /** Asks the failed question again. */
  onRetry(): void;
}) {
  if (state.status === 'error')
    return <SearchErrorState title={searchMessages.answerErrorState} onRetry={onRetry} />;
  if (state.status === 'idle') {
    return (
      <div className="m-auto flex max-w-md flex-col items-center gap-2 px-6 py-12 text-center">
        <Sparkles className="size-7 text-brand-ink" aria-hidden />
        <p className="text-sm text-slate-600">
          Ask a question in your own words. Answers are written only from content you can see here, with their
          sources.
        </p>
      </div>
    );
  }
  if (state.status === 'loading') {
    return (
      <div className="space-y-3 overflow-y-auto p-5" aria-busy="true" data-testid="answer-loading">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Sparkles className="size-4 text-brand-ink motion-safe:animate-pulse" aria-hidden />
          {searchMessages.generatingAnswer}
        </h3>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-3/5" />
      </div>
    );
  }
  return (
    <div className="space-y-4 overflow-y-auto p-5" data-testid="answer">
      <div className="flex items-center gap-2">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Sparkles className="size-4 text-brand-ink" aria-hidden />
          {searchMessages.answer}
        </h3>
        {state.answer ? (
          <span className="ml-auto">
            <CopyResponse text={state.answer} />
          </span>
        ) : null}
      </div>
      {state.answer ? (
        <RevealedAnswer answer={state.answer} />
      ) : (
        <p className="text-sm text-slate-700">{searchMessages.noAnswer}</p>
      )}
      {state.sources.length > 0 ? <Sources sources={state.sources} onOpen={onOpenSource} /> : null}
    </div>
  );
}
