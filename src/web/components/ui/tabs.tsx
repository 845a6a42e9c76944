import { type KeyboardEvent, type ReactNode, useId } from 'react';
import { classNames } from '../../lib/class-names';

export type TabOption<Value extends string> = { value: Value; label: ReactNode };

type TabListProps<Value extends string> = {
  label: string;
  value: Value;
  options: ReadonlyArray<TabOption<Value>>;
  onValueChange(value: Value): void;
  /** Content shown for the selected tab; every tab shares one panel since they filter one list. */
  children: ReactNode;
  className?: string;
};

/** Where each key moves focus in a horizontal tab list, as Radix's roving focus does. */
const keyMoves: Record<string, 'previous' | 'next' | 'first' | 'last'> = {
  ArrowLeft: 'previous',
  ArrowRight: 'next',
  Home: 'first',
  PageUp: 'first',
  End: 'last',
  PageDown: 'last',
};

/**
 * Tabs that filter one shared panel, written to the WAI-ARIA tabs pattern with automatic activation
 * (what Radix Tabs did here): the selected tab is the one tab stop, arrow keys wrap, Home/End jump,
 * focus selects. Our own because it is on the portal's first paint and Radix's code is ~10 kB gzip.
 */
export function FilterTabs<Value extends string>({
  label,
  value,
  options,
  onValueChange,
  children,
  className,
}: TabListProps<Value>) {
  const baseId = useId();
  const tabId = (option: Value) => `${baseId}-tab-${option}`;
  const panelId = `${baseId}-panel`;

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const move = keyMoves[event.key];
    if (!move || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
    event.preventDefault();
    const count = options.length;
    const target =
      move === 'first'
        ? 0
        : move === 'last'
          ? count - 1
          : (index + (move === 'next' ? 1 : -1) + count) % count;
    // Focusing a tab selects it (automatic activation), through its focus handler.
    document.getElementById(tabId(options[target]!.value))?.focus();
  };

  return (
    <div data-orientation="horizontal" className={className}>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        data-orientation="horizontal"
        className="inline-flex max-w-full gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1"
      >
        {options.map((option, index) => {
          const isSelected = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              role="tab"
              id={tabId(option.value)}
              aria-selected={isSelected}
              aria-controls={panelId}
              data-state={isSelected ? 'active' : 'inactive'}
              data-orientation="horizontal"
              tabIndex={isSelected ? 0 : -1}
              onMouseDown={(event) => {
                // Selects on press, like Radix; a ctrl-click or another button does nothing.
                if (event.button !== 0 || event.ctrlKey) {
                  event.preventDefault();
                  return;
                }
                event.currentTarget.focus();
                onValueChange(option.value);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') onValueChange(option.value);
                else moveFocus(event, index);
              }}
              onFocus={() => {
                if (!isSelected) onValueChange(option.value);
              }}
              className={classNames(
                'rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-600 transition hover:text-slate-900',
                'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
              )}
            >
              {option.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(value)}
        data-state="active"
        data-orientation="horizontal"
        tabIndex={-1}
        className="mt-4 outline-none"
      >
        {children}
      </div>
    </div>
  );
}
