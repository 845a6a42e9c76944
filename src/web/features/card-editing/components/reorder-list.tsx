import { ArrowDown, ArrowUp } from 'lucide-react';
import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { moveInOrder } from '../../../../shared/ordering';
import { classNames } from '../../../lib/class-names';

export type ReorderEntry = { id: string; label: string; note?: string };

type ReorderListProps = {
  /** Names the list, e.g. 'Cards'. */
  label: string;
  entries: ReorderEntry[];
  onEntriesChange(entries: ReorderEntry[]): void;
};

/**
 * One list for re-ordering cards, items and sections: arrow buttons for pointers, and for keyboards
 * the focused row moves with the up and down arrow keys. Moves past either end are ignored.
 */
export function ReorderList({ label, entries, onEntriesChange }: ReorderListProps) {
  const instructionsId = useId();
  const rowRefs = useRef(new Map<string, HTMLLIElement>());
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // Re-ordering moves the row's DOM node, which drops focus; give it back to the row that moved.
  useLayoutEffect(() => {
    if (focusAfterMove === null) return;
    rowRefs.current.get(focusAfterMove)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  function move(from: number, to: number, keepFocus: boolean) {
    if (to < 0 || to >= entries.length) return;
    const next = moveInOrder(entries, from, to);
    const moved = entries[from];
    if (!moved) return;
    onEntriesChange(next);
    setAnnouncement(`${moved.label} moved to position ${to + 1} of ${entries.length}`);
    if (keepFocus) setFocusAfterMove(moved.id);
  }

  function onRowKeyDown(event: KeyboardEvent<HTMLLIElement>, index: number) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(index, event.key === 'ArrowUp' ? index - 1 : index + 1, true);
    }
  }

  return (
    <div>
      <p id={instructionsId} className="sr-only">
        Press the up or down arrow key to move the focused entry.
      </p>
      <ol aria-label={label} className="space-y-1.5">
        {entries.map((entry, index) => (
          <li
            key={entry.id}
            ref={(element) => {
              if (element) rowRefs.current.set(entry.id, element);
              else rowRefs.current.delete(entry.id);
            }}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the focused row is what the arrow keys move
            tabIndex={0}
            aria-describedby={instructionsId}
            onKeyDown={(event) => onRowKeyDown(event, index)}
            data-testid="reorder-entry"
            className={classNames(
              'flex items-center gap-3 rounded-lg border border-slate-200 bg-white py-1.5 pe-1.5 ps-3 text-sm shadow-xs',
              'focus-visible:border-brand-ink focus-visible:outline-2 focus-visible:outline-offset-1',
            )}
          >
            <span className="w-6 shrink-0 text-end text-slate-500 tabular-nums" aria-hidden>
              {index + 1}
            </span>
            <span
              className="min-w-0 flex-1 font-medium break-words text-slate-800"
              data-testid="reorder-label"
            >
              {entry.label}
            </span>
            {entry.note ? (
              <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                {entry.note}
              </span>
            ) : null}
            <span className="flex shrink-0 gap-0.5">
              {/* Out of the tab order: keyboard users move the row itself with the arrow keys. */}
              <button
                type="button"
                tabIndex={-1}
                aria-label={`Move ${entry.label} up`}
                disabled={index === 0}
                onClick={() => move(index, index - 1, false)}
                className="rounded-md p-1.5 text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 disabled:opacity-30"
              >
                <ArrowUp className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                tabIndex={-1}
                aria-label={`Move ${entry.label} down`}
                disabled={index === entries.length - 1}
                onClick={() => move(index, index + 1, false)}
                className="rounded-md p-1.5 text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 disabled:opacity-30"
              >
                <ArrowDown className="size-4" aria-hidden />
              </button>
            </span>
          </li>
        ))}
      </ol>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
