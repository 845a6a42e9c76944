import type { ButtonHTMLAttributes } from 'react';
import { classNames } from '../../lib/class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'dark';
export type ButtonSize = 'sm' | 'md';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-brand-foreground shadow-sm hover:brightness-110 active:brightness-95',
  secondary: 'border border-slate-300 bg-white text-slate-800 shadow-xs hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  dark: 'bg-white/10 text-white ring-1 ring-white/20 hover:bg-white/20',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 gap-1.5 rounded-md px-3 text-sm',
  md: 'h-10 gap-2 rounded-lg px-4 text-sm',
};

/** Button look for <button> and for links that act like buttons. */
export function buttonClassName(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return classNames(
    'inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap transition',
    'disabled:pointer-events-none disabled:opacity-60',
    variants[variant],
    sizes[size],
  );
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
};

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={classNames(buttonClassName(variant, size), className)} {...props} />;
}
