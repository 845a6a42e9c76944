import type { InputHTMLAttributes, ReactNode } from 'react';
import { classNames } from '../../../lib/class-names';
import { useTranslator } from '../../../lib/i18n';

type CheckboxFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: ReactNode;
  error?: string;
};

/** A native checkbox with its label beside it and its error below; works with react-hook-form's register. */
export function CheckboxField({ id, label, error, className, ...input }: CheckboxFieldProps) {
  return (
    <div className={classNames('space-y-1', className)}>
      <div className="flex items-start gap-2.5">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-brand"
          {...input}
        />
        <label htmlFor={id} className="text-sm leading-5 text-slate-700">
          {label}
        </label>
      </div>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-xs font-medium text-red-700" role="alert">
      {children}
    </p>
  );
}

/** A form-level message (an unknown error, a rate limit) above the buttons. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p
      className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200 ring-inset"
      role="alert"
      data-testid="access-form-alert"
    >
      {children}
    </p>
  );
}

export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslator();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-brand-ink underline underline-offset-2"
    >
      {children}
      <span className="sr-only"> {t('common.opensInNewTab')}</span>
    </a>
  );
}
