import { useEffect, useState } from 'react';
import { searchLimits } from '../../../../shared/search';

/** Words with the spaces after them: joined back, they give the text unchanged. */
export function revealChunks(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/**
 * The AI answer appears word by word, one chunk every 10 ms (spec 1 §9). Visitors who ask for less
 * motion get the whole text at once.
 */
export function useWordReveal(text: string | null, chunkMs: number = searchLimits.answerRevealChunkMs) {
  const [shown, setShown] = useState(0);
  const chunks = text ? revealChunks(text) : [];
  const prefersLessMotion =
    typeof window !== 'undefined' && Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);
  const total = chunks.length;

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
  return { text: chunks.slice(0, count).join(''), isDone: count >= total };
}
