import { useEffect, useState } from 'react';
import { searchLimits } from '../../../../shared/search';

/**
 * The AI answer appears word by word, one chunk every 10 ms (spec 1 §9): how many of a text's `total`
 * chunks show now; `text` restarts the count. Visitors who ask for less motion get all at once.
 */
export function useWordReveal(
  text: string | null,
  total: number,
  chunkMs: number = searchLimits.answerRevealChunkMs,
) {
  const [shown, setShown] = useState(0);
  const prefersLessMotion =
    typeof window !== 'undefined' && Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);

  useEffect(() => {
    setShown(0);
    if (!text || prefersLessMotion) return;
    const timer = setInterval(() => {
      setShown((count) => {
        if (count + 1 >= total) clearInterval(timer);
        return Math.min(total, count + 1);
      });
    }, chunkMs);
    return () => clearInterval(timer);
  }, [text, total, chunkMs, prefersLessMotion]);

  const count = prefersLessMotion ? total : shown;
  return { count, isDone: count >= total };
}
