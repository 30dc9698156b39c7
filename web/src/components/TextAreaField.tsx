import { Label } from 'radix-ui';
import { type ComponentProps, useId } from 'react';
import * as styles from './Field.css.ts';

export interface TextAreaFieldProps
  extends Omit<ComponentProps<'textarea'>, 'id' | 'aria-invalid' | 'aria-describedby'> {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string | undefined;
  optional?: boolean;
}

export function TextAreaField({
  label,
  error,
  hint,
  optional = false,
  className,
  ...input
}: TextAreaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <Label.Root htmlFor={id} className={styles.label}>
        {label}
        {optional ? <span className={styles.optional}>(optional)</span> : null}
      </Label.Root>
      <textarea
        id={id}
        rows={3}
        className={`${styles.input} ${styles.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
