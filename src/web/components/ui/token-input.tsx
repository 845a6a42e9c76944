import { X } from 'lucide-react';
import { type ClipboardEvent, type KeyboardEvent, useState } from 'react';
import { classNames } from '../../lib/class-names';

type TokenInputProps = {
  id: string;
  values: string[];
  onChange(values: string[]): void;
  /** Positions of values the form rejected; they are marked, and their messages shown by the field. */
  invalidIndexes?: ReadonlySet<number>;
  /** Applied to each entry before it is added (e.g. trim and lower-case an e-mail address). */
  normalise?(value: string): string;
  placeholder?: string;
  isInvalid?: boolean;
  disabled?: boolean;
  'aria-describedby'?: string;
  onBlur?(): void;
};

const separators = /[\s,;]+/;

/**
 * A list of short values typed as tokens: Enter, comma, space or leaving the field adds what was
 * typed (a pasted list is split), Backspace on an empty field removes the last one, each has a remove button.
 */
export function TokenInput({
  id,
  values,
  onChange,
  invalidIndexes,
  normalise = (value) => value.trim(),
  placeholder,
  isInvalid,
  disabled,
  onBlur,
  ...aria
}: TokenInputProps) {
  const [draft, setDraft] = useState('');

  function add(text: string) {
    const entries = text
      .split(separators)
      .map(normalise)
      .filter((value) => value !== '');
    if (entries.length > 0) onChange([...values, ...entries]);
    setDraft('');
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (
      (event.key === 'Enter' || event.key === ',' || event.key === ';' || event.key === ' ') &&
      draft.trim()
    ) {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Enter') {
      event.preventDefault();
    } else if (event.key === 'Backspace' && draft === '' && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  }

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    const text = event.clipboardData.getData('text');
    if (!separators.test(text)) return;
    event.preventDefault();
    add(`${draft}${text}`);
  }

  return (
    <div
      className={classNames(
        'flex min-h-10 w-full flex-wrap items-center gap-1.5 rounded-lg border bg-white px-2 py-1.5 shadow-xs transition focus-within:border-brand-ink focus-within:outline-2 focus-within:outline-brand-ink',
        isInvalid ? 'border-red-500' : 'border-slate-300',
        disabled && 'bg-slate-50',
      )}
    >
      <ul className="contents" aria-label="Added">
        {values.map((value, index) => {
          const isRejected = invalidIndexes?.has(index) ?? false;
          return (
            <li
              // Values may repeat (a duplicate is shown, then rejected), so the position is part of the key.
              key={`${index}-${value}`}
              className={classNames(
                'inline-flex max-w-full items-center gap-1 rounded-md py-0.5 pe-1 ps-2 text-sm',
                isRejected ? 'bg-red-50 text-red-800 ring-1 ring-red-300' : 'bg-slate-100 text-slate-800',
              )}
              data-testid="token"
              data-invalid={isRejected || undefined}
            >
              <span className="min-w-0 truncate">{value}</span>
              <button
                type="button"
                disabled={disabled}
                aria-label={`Remove ${value}`}
                onClick={() => onChange(values.filter((_, position) => position !== index))}
                className="rounded p-0.5 text-slate-500 hover:bg-slate-200 hover:text-slate-900"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
      <input
        id={id}
        type="text"
        value={draft}
        disabled={disabled}
        placeholder={values.length === 0 ? placeholder : undefined}
        aria-invalid={isInvalid || undefined}
        aria-describedby={aria['aria-describedby']}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={keyDown}
        onPaste={paste}
        onBlur={() => {
          if (draft.trim()) add(draft);
          onBlur?.();
        }}
        className="h-7 min-w-40 flex-1 border-0 bg-transparent px-1 text-sm text-slate-900 outline-none placeholder:text-slate-400"
      />
    </div>
  );
}
