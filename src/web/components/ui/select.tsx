import { ChevronDown } from 'lucide-react';
import type { SelectHTMLAttributes } from 'react';
import { classNames } from '../../lib/class-names';

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { isInvalid?: boolean };

/**
 * A styled native <select>: the platform's own picker on phones, full keyboard support and no
 * portal to manage. Pass <option> children.
 */
export function Select({ className, isInvalid, children, ...props }: SelectProps) {
  return (
    <div className={classNames('relative', className)}>
      <select
        aria-invalid={isInvalid || undefined}
        className={classNames(
          'block h-10 w-full appearance-none rounded-lg border bg-white pe-9 ps-3 text-sm text-slate-900 shadow-xs transition',
          'focus-visible:border-brand-ink focus-visible:outline-2 focus-visible:outline-offset-0 disabled:bg-slate-50 disabled:text-slate-500',
          isInvalid ? 'border-red-500' : 'border-slate-300',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 end-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden
      />
    </div>
  );
}
