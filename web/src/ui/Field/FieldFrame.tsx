import { Label } from 'radix-ui';
import { type ReactNode, useId } from 'react';
import { t } from '@/i18n/i18n.ts';
import * as styles from './Field.css.ts';

/**
 * The ids tying a field's control to its hint and error: give `control` to the input (or trigger), and
 * the same `hint`/`error` to `FieldMessages`, which renders them under it with those ids.
 */
export function useFieldIds(hint: string | undefined, error: string | undefined) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    id,
    control: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}

/** A field's hint and error, under its control; the error marks nothing by itself (see `useFieldIds`). */
export function FieldMessages({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: string | undefined;
  error?: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled field: the label (with "(optional)"), the control given as children, hint and error. */
export function FieldFrame({
  id,
  label,
  optional = false,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean | undefined;
  hint?: string | undefined;
  error?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <Label.Root htmlFor={id} className={styles.label}>
        {label}
        {optional ? <span className={styles.optional}>{t('shell.field.optional')}</span> : null}
      </Label.Root>
      {children}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
