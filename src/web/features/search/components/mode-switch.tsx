import { Sparkles } from 'lucide-react';
import { classNames } from '../../../lib/class-names';
import type { SearchMode } from '../lib/mode-memory';
import { useSearchTexts } from '../lib/search-texts';

/** Search / Ask AI (spec 1 §2): one switch, toggled by click, Enter or Space (a native button). */
export function ModeSwitch({ mode, onChange }: { mode: SearchMode; onChange(mode: SearchMode): void }) {
  const searchTexts = useSearchTexts();
  const isAskAi = mode === 'ask_ai';
  const segment = (isActive: boolean) =>
    classNames(
      'inline-flex items-center gap-1.5 rounded-md px-2.5 py-1 transition',
      isActive ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600',
    );
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isAskAi}
      aria-label={searchTexts.modeAskAi}
      data-testid="search-mode-switch"
      onClick={() => onChange(isAskAi ? 'search' : 'ask_ai')}
      className="inline-flex shrink-0 items-center gap-1 rounded-lg bg-slate-100 p-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      <span className={segment(!isAskAi)}>{searchTexts.modeSearch}</span>
      <span className={segment(isAskAi)}>
        <Sparkles className="size-3.5" aria-hidden />
        {searchTexts.modeAskAi}
      </span>
    </button>
  );
}
