import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { cn } from './cn';

/** outline and ghost sit on dark surfaces; light and danger on white ones. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'outline' | 'light' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  // Disabled, the call to action greys out instead of fading (issue 28: it must look disabled, not just paler).
  primary:
    'bg-amber-500 text-neutral-950 hover:bg-amber-400 shadow-lg shadow-amber-500/20 disabled:bg-neutral-300 disabled:text-neutral-700 disabled:shadow-none disabled:hover:bg-neutral-300',
  secondary: 'bg-white text-neutral-950 hover:bg-neutral-200',
  outline: 'border border-white/20 text-white hover:bg-white/10',
  ghost: 'text-neutral-200 hover:bg-white/10 hover:text-white',
  light: 'border border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-100',
  danger: 'bg-red-600 text-white hover:bg-red-500',
};
const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** Shared class list, for links that look like buttons. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400',
    'disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    sizes[size],
    extra,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClasses(variant, size, className)} {...props} />;
});
