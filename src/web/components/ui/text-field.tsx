import type { InputHTMLAttributes, ReactNode } from 'react';
import { describedBy, Field } from './field';
import { Input } from './input';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
};

/** A labelled Input whose hint or error is announced with it; the other props go to the input. */
export function TextField({ id, label, hint, error, ...inputProps }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Input id={id} isInvalid={Boolean(error)} aria-describedby={describedBy(id, error)} {...inputProps} />
    </Field>
  );
}
