import { RadioGroup } from 'radix-ui';
import { classNames } from '../../lib/class-names';

export type SegmentedOption<Value extends string> = { value: Value; label: string };

type SegmentedControlProps<Value extends string> = {
  /** Names the group for assistive technology; pair with a visible label via labelledBy when there is one. */
  label: string;
  labelledBy?: string;
  value: Value;
  options: ReadonlyArray<SegmentedOption<Value>>;
  onValueChange(value: Value): void;
  disabled?: boolean;
};

/** A small set of exclusive choices shown side by side; a radio group underneath (arrow keys move). */
export function SegmentedControl<Value extends string>({
  label,
  labelledBy,
  value,
  options,
  onValueChange,
  disabled,
}: SegmentedControlProps<Value>) {
  return (
    <RadioGroup.Root
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      value={value}
      onValueChange={(next) => onValueChange(next as Value)}
      disabled={disabled}
      orientation="horizontal"
      className="inline-flex max-w-full flex-wrap gap-1 rounded-lg bg-slate-100 p-1"
    >
      {options.map((option) => (
        <RadioGroup.Item
          key={option.value}
          value={option.value}
          className={classNames(
            'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 transition hover:text-slate-900',
            'data-[state=checked]:bg-white data-[state=checked]:text-slate-900 data-[state=checked]:shadow-sm',
            'disabled:cursor-not-allowed disabled:opacity-60',
          )}
        >
          {option.label}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
