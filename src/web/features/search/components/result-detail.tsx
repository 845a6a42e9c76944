import { ArrowRight, Lock } from 'lucide-react';
import { formatDate } from '../../../../shared/dates';
import type { SearchResult } from '../../../../shared/search';
import { buttonClassName } from '../../../components/ui/button';
import { openLabel, resultSubtitle } from '../lib/result-texts';
import { useSearchTexts } from '../lib/search-texts';
import { ResultIcon } from './result-icon';
import { SnippetText } from './snippet-text';

function DetailBody({ result }: { result: SearchResult }) {
  const searchTexts = useSearchTexts();
  switch (result.type) {
    case 'control':
    case 'fact':
    case 'trust_item':
      if (result.metadata.isLocked || result.metadata.explanation === null) {
        return (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Lock className="size-4" aria-hidden />
            {searchTexts.restrictedItem}
          </p>
        );
      }
      return result.metadata.explanation ? (
        <p className="text-sm leading-6 whitespace-pre-line text-slate-700">{result.metadata.explanation}</p>
      ) : null;
    case 'faq':
      return (
        <div className="space-y-3 text-sm leading-6 text-slate-700">
          <p className="whitespace-pre-line">{result.metadata.answer}</p>
          {result.metadata.comment ? (
            <p className="text-slate-600 italic">{result.metadata.comment}</p>
          ) : null}
        </div>
      );
    case 'update':
      return (
        <div className="space-y-2 text-sm leading-6 text-slate-700">
          <p className="text-xs text-slate-600">
            {formatDate(result.metadata.createdAt)} · {result.metadata.category}
          </p>
          <p className="line-clamp-[10] whitespace-pre-line">{result.metadata.description}</p>
        </div>
      );
    case 'document':
      return (
        <p className="text-sm text-slate-700">
          {result.metadata.fileName}
          {result.content[0]?.value && result.content[0].value !== result.metadata.fileName ? (
            <span className="mt-2 block text-slate-600">{result.content[0].value}</span>
          ) : null}
        </p>
      );
    case 'webpage':
      return <p className="text-sm break-all text-slate-700">{result.metadata.url}</p>;
  }
}

/** The text the detail body shows in full, if any. */
function bodyText(result: SearchResult): string | null {
  switch (result.type) {
    case 'control':
    case 'fact':
    case 'trust_item':
      return result.metadata.isLocked ? null : result.metadata.explanation;
    case 'faq':
      return result.metadata.answer;
    case 'update':
      return result.metadata.description;
    case 'document':
      return `${result.metadata.fileName} ${result.content[0]?.value ?? ''}`;
    case 'webpage':
      return result.metadata.url;
  }
}

/** The snippet adds something only when the body does not already show all of its text. */
function isSnippetRepeated(result: SearchResult): boolean {
  if (!result.snippet) return false;
  const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
  const snippet = squash(
    result.snippet
      .map((part) => part.text)
      .join('')
      .replace(/^…|…$/g, ''),
  );
  return squash(bodyText(result) ?? '').includes(snippet);
}

/** The selected result's details: the side panel on wide screens, inline under it on small ones. */
export function ResultDetail({
  result,
  onOpen,
}: {
  result: SearchResult;
  onOpen(result: SearchResult): void;
}) {
  const searchTexts = useSearchTexts();
  return (
    <div className="space-y-4 p-5" data-testid="search-result-detail">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-white text-slate-600 ring-1 ring-slate-200">
          <ResultIcon type={result.type} className="size-5" />
        </span>
        <div className="min-w-0">
          <h3 className="text-base font-semibold break-words text-slate-950">{result.title}</h3>
          {result.type !== 'faq' && result.type !== 'update' ? (
            <p className="text-xs text-slate-600">{resultSubtitle(result)}</p>
          ) : null}
        </div>
      </div>
      {result.snippet && result.type !== 'faq' && !isSnippetRepeated(result) ? (
        <p className="rounded-lg bg-white p-3 text-sm leading-6 text-slate-700 ring-1 ring-slate-200">
          <SnippetText parts={result.snippet} />
        </p>
      ) : null}
      <DetailBody result={result} />
      <button type="button" className={buttonClassName('primary', 'sm')} onClick={() => onOpen(result)}>
        {openLabel(result, searchTexts)}
        <ArrowRight className="size-4" aria-hidden />
      </button>
    </div>
  );
}
