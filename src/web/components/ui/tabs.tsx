import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
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

/**
 * Tabs that filter one shared panel (Radix Tabs: roving focus, arrow keys, aria-selected). The panel
 * is rendered once, under the selected tab, so switching never re-mounts what is inside.
 */
export function FilterTabs<Value extends string>({
  label,
  value,
  options,
  onValueChange,
  children,
  className,
}: TabListProps<Value>) {
  return (
    <TabsPrimitive.Root
      value={value}
      onValueChange={(next) => onValueChange(next as Value)}
      activationMode="automatic"
      className={className}
    >
      <TabsPrimitive.List
        aria-label={label}
        className="inline-flex max-w-full gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1"
      >
        {options.map((option) => (
          <TabsPrimitive.Trigger
            key={option.value}
            value={option.value}
            className={classNames(
              'rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-600 transition hover:text-slate-900',
              'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
            )}
          >
            {option.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      <TabsPrimitive.Content value={value} className="mt-4 outline-none" tabIndex={-1}>
        {children}
      </TabsPrimitive.Content>
    </TabsPrimitive.Root>
  );
}
