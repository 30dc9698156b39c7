import { Label } from 'radix-ui';
import { type ComponentProps, useId } from 'react';
import * as styles from './Field.css.ts';

export interface TextFieldProps
  extends Omit<ComponentProps<'input'>, 'id' | 'aria-invalid' | 'aria-describedby'> {
  label: string;
  name: string;
  /** Shown under the input, linked with aria-describedby, and marks the input invalid. */
  error?: string | undefined;
  hint?: string | undefined;
  optional?: boolean;
}

export function TextField({ label, error, hint, optional = false, className, ...input }: TextFieldProps) {
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
      <input
        id={id}
        className={styles.input}
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
