/**
 * Runs a search for the latest term after the visitor pauses typing (spec 1 §4: 100 ms local, 500 ms
 * server), and never twice in a row for the same term (trimmed), so retyping a word costs nothing.
 */
export type TermScheduler = {
  schedule(term: string): void;
  /** Forget the last term (closing the dialog resets results), and drop a pending run. */
  reset(): void;
  cancel(): void;
};

export function createTermScheduler(delayMs: number, run: (term: string) => void): TermScheduler {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastTerm: string | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    schedule(term) {
      cancel();
      const trimmed = term.trim();
      timer = setTimeout(() => {
        timer = null;
        if (trimmed === lastTerm) return;
        lastTerm = trimmed;
        run(trimmed);
      }, delayMs);
    },
    reset() {
      cancel();
      lastTerm = null;
    },
    cancel,
  };
}
