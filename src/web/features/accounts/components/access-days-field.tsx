import type { UseFormRegisterReturn } from 'react-hook-form';
import { accessLimits } from '../../../../shared/access';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';

export const accessDaysMessage = `Enter a whole number of days from ${accessLimits.accessDaysMin} to ${accessLimits.accessDaysMax}.`;

/** The shared schemas leave the wording of the 1–365 rule to us; this error map gives it. */
export function accessDaysErrorMap(issue: { path?: PropertyKey[] }): string | undefined {
  return issue.path?.at(-1) === 'accessDays' || issue.path?.at(-1) === 'defaultAccessDays'
    ? accessDaysMessage
    : undefined;
}

export function AccessDaysField({
  id,
  label = 'Access duration (days)',
  hint,
  error,
  registration,
}: {
  id: string;
  label?: string;
  hint?: string;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field
      id={id}
      label={label}
      hint={
        hint ??
        `From ${accessLimits.accessDaysMin} to ${accessLimits.accessDaysMax} days, counted from today.`
      }
      error={error}
    >
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={accessLimits.accessDaysMin}
        max={accessLimits.accessDaysMax}
        step={1}
        className="max-w-40"
        isInvalid={Boolean(error)}
        aria-describedby={describedBy(id, error)}
        {...registration}
      />
    </Field>
  );
}
