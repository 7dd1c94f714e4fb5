import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

export const buttonClass: Record<ButtonVariant, string> = {
  primary: `${base} bg-brand text-brand-contrast hover:bg-brand-strong`,
  secondary: `${base} border border-gray-400 bg-white text-gray-900 hover:bg-gray-100`,
  ghost: `${base} text-gray-900 hover:bg-gray-100`,
  link: 'inline-flex min-h-11 items-center font-medium text-brand underline underline-offset-2 hover:text-brand-strong',
};

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** Shows a spinner inside the button and disables it (UI.md: the spinner lives in the pressed button). */
  busy?: boolean;
  children: ReactNode;
};

export function Button({ variant = 'primary', busy = false, className = '', type = 'button', disabled, children, ...rest }: Props) {
  return (
    <button type={type} className={`${buttonClass[variant]} ${className}`} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <Spinner />}
      {children}
    </button>
  );
}
