import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { classNames } from '../../lib/class-names';

const fieldClassName =
  'block w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-xs transition placeholder:text-slate-400 focus-visible:border-brand-ink focus-visible:outline-2 focus-visible:outline-offset-0 disabled:bg-slate-50';

function borderFor(isInvalid: boolean | undefined) {
  return isInvalid ? 'border-red-500' : 'border-slate-300';
}

type Invalid = { isInvalid?: boolean };

export function Input({ className, isInvalid, ...props }: InputHTMLAttributes<HTMLInputElement> & Invalid) {
  return (
    <input
      aria-invalid={isInvalid || undefined}
      className={classNames(fieldClassName, 'h-10', borderFor(isInvalid), className)}
      {...props}
    />
  );
}

export function Textarea({
  className,
  isInvalid,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & Invalid) {
  return (
    <textarea
      aria-invalid={isInvalid || undefined}
      className={classNames(fieldClassName, 'min-h-24 py-2 leading-6', borderFor(isInvalid), className)}
      {...props}
    />
  );
}
