import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { Switch } from '../../../components/ui/switch';

/** A labelled on/off setting bound to a boolean form field. */
export function SettingSwitch<Values extends FieldValues>({
  control,
  name,
  id,
  label,
  hint,
}: {
  control: Control<Values>;
  name: FieldPath<Values>;
  id: string;
  label: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 px-4 py-3">
      <label htmlFor={id} className="text-sm">
        <span className="block font-medium text-slate-800">{label}</span>
        {hint ? <span className="block text-xs text-slate-500">{hint}</span> : null}
      </label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            checked={Boolean(field.value)}
            onCheckedChange={(checked) => field.onChange(checked)}
          />
        )}
      />
    </div>
  );
}
