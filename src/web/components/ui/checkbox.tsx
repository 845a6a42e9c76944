import { Check, Minus } from 'lucide-react';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import { classNames } from '../../lib/class-names';

type CheckboxProps = {
  id?: string;
  checked: boolean | 'indeterminate';
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
  'aria-label'?: string;
  className?: string;
};

/** A checkbox with a mixed state (select all over a partial selection); pair it with a <label htmlFor>. */
export function Checkbox({ id, checked, onCheckedChange, disabled, className, ...aria }: CheckboxProps) {
  return (
    <CheckboxPrimitive.Root
      id={id}
      checked={checked}
      disabled={disabled}
      onCheckedChange={(value) => onCheckedChange(value === true)}
      aria-label={aria['aria-label']}
      className={classNames(
        'grid size-4.5 shrink-0 place-items-center rounded border border-slate-400 bg-white text-white shadow-xs transition',
        'data-[state=checked]:border-brand data-[state=checked]:bg-brand data-[state=indeterminate]:border-brand data-[state=indeterminate]:bg-brand',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
    >
      <CheckboxPrimitive.Indicator className="text-brand-foreground">
        {checked === 'indeterminate' ? (
          <Minus className="size-3.5" strokeWidth={3} aria-hidden />
        ) : (
          <Check className="size-3.5" strokeWidth={3} aria-hidden />
        )}
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
