import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import { button, type ButtonVariant } from './Button.css';

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={[button[variant], className].filter(Boolean).join(' ')} {...props} />;
}

/** A link that looks like a button, for navigation. */
export function ButtonLink({ variant = 'primary', className, ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link className={[button[variant], className].filter(Boolean).join(' ')} {...props} />;
}
