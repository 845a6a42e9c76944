import { ChevronDown, Sparkles } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { SearchResult } from '../../../../shared/search';
import { Skeleton } from '../../../components/ui/skeleton';
import { classNames } from '../../../lib/class-names';
import { useSearchTexts } from '../lib/search-texts';
import type { AnswerState } from '../lib/use-ai-answer';
import { ResultIcon } from './result-icon';
import { SearchErrorState } from './search-status';

const loadMarkdownAnswer = () => import('./markdown-answer');
const MarkdownAnswer = lazy(loadMarkdownAnswer);

function Sources({ sources, onOpen }: { sources: SearchResult[]; onOpen(result: SearchResult): void }) {
  const searchTexts = useSearchTexts();
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
        {searchTexts.generatedFrom(sources.length)}
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
  const searchTexts = useSearchTexts();
  // The Markdown renderer loads while the answer is generated, not after it arrives.
  useEffect(() => {
    if (state.status === 'loading') void loadMarkdownAnswer().catch(() => undefined);
  }, [state.status]);
  if (state.status === 'error')
    return <SearchErrorState title={searchTexts.answerErrorState} onRetry={onRetry} />;
  if (state.status === 'idle') {
    return (
      <div className="m-auto flex max-w-md flex-col items-center gap-2 px-6 py-12 text-center">
        <Sparkles className="size-7 text-brand-ink" aria-hidden />
        <p className="text-sm text-slate-600">{searchTexts.askIntro}</p>
      </div>
    );
  }
  if (state.status === 'loading') {
    return (
      <div className="space-y-3 overflow-y-auto p-5" aria-busy="true" data-testid="answer-loading">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Sparkles className="size-4 text-brand-ink motion-safe:animate-pulse" aria-hidden />
          {searchTexts.generatingAnswer}
        </h3>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-3/5" />
      </div>
    );
  }
  const heading = (
    <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
      <Sparkles className="size-4 text-brand-ink" aria-hidden />
      {searchTexts.answer}
    </h3>
  );
  return (
    <div className="space-y-4 overflow-y-auto p-5" data-testid="answer">
      {state.answer ? (
        <Suspense fallback={heading}>
          <MarkdownAnswer answer={state.answer} heading={heading} />
        </Suspense>
      ) : (
        <>
          {heading}
          <p className="text-sm text-slate-700">{searchTexts.noAnswer}</p>
        </>
      )}
      {state.sources.length > 0 ? <Sources sources={state.sources} onOpen={onOpenSource} /> : null}
    </div>
  );
}
