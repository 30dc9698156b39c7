import { LoaderCircle, type LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import * as styles from './Button.css.ts';

export type ButtonVariant = NonNullable<styles.ButtonVariants['variant']>;
export type ButtonSize = NonNullable<styles.ButtonVariants['size']>;

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string | undefined;
}

/** Class names for anything that should look like a button (e.g. a router `<Link>`). */
export function buttonClassName({
  variant = 'primary',
  size,
  fullWidth = false,
  className,
}: ButtonStyleOptions = {}): string {
  const resolvedSize = size ?? (variant === 'link' ? 'inline' : 'md');
  const classes = styles.button({ variant, size: resolvedSize, fullWidth });
  return className ? `${classes} ${className}` : classes;
}

export interface ButtonProps extends ComponentProps<'button'>, Omit<ButtonStyleOptions, 'className'> {
  /** Shows a spinner, announces busy and blocks repeat clicks while a request runs. */
  pending?: boolean;
  /** Label while pending, e.g. "Signing in…". Defaults to the normal label. */
  pendingLabel?: string;
  /** A glyph before the label, hidden from screen readers; the pending label replaces both. */
  icon?: LucideIcon;
}

export function Button({
  variant,
  size,
  fullWidth,
  pending = false,
  pendingLabel,
  icon: Icon,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, fullWidth, className })}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...rest}
    >
      {pending ? <LoaderCircle size={16} aria-hidden="true" className={styles.spinner} /> : null}
      {pending && pendingLabel ? (
        pendingLabel
      ) : (
        <>
          {Icon ? <Icon size={16} aria-hidden="true" /> : null}
          {children}
        </>
      )}
    </button>
  );
}
