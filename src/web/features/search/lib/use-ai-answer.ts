import { useCallback, useEffect, useRef, useState } from 'react';
import type { SearchResult } from '../../../../shared/search';
import { postAnswer, type SearchTarget } from '../api/search-api';
import { newSearchFailure, type SearchFailure } from './search-failure';
import { useSearchTexts } from './search-texts';

export type AnswerState =
  | { status: 'idle' }
  | { status: 'loading'; question: string }
  | { status: 'done'; question: string; answer: string | null; sources: SearchResult[] }
  | { status: 'error'; question: string; failure: SearchFailure };

/**
 * Ask AI (spec 1 §4): an empty question is not sent; asking clears the previous answer and shows
 * loading until the answer (or null: nothing the viewer may see answers it) arrives.
 */
export function useAiAnswer(target: SearchTarget) {
  const searchTexts = useSearchTexts();
  const [state, setState] = useState<AnswerState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const targetRef = useRef(target);
  targetRef.current = target;

  useEffect(() => () => controller.current?.abort(), []);

  const ask = useCallback(async (question: string) => {
    const trimmed = question.trim();
    if (!trimmed) return false;
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'loading', question: trimmed });
    try {
      const { result } = await postAnswer(targetRef.current, window.location.search, trimmed, abort.signal);
      if (abort.signal.aborted) return true;
      setState({ status: 'done', question: trimmed, answer: result.answer, sources: result.sources });
    } catch {
      if (abort.signal.aborted) return true;
      setState({
        status: 'error',
        question: trimmed,
        failure: newSearchFailure(searchTexts.answerFailed),
      });
    }
    return true;
  }, []);

  const reset = useCallback(() => {
    controller.current?.abort();
    setState({ status: 'idle' });
  }, []);

  return { state, ask, reset };
}
