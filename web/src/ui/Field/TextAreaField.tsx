import type { ComponentProps } from 'react';
import * as styles from './Field.css.ts';
import { FieldFrame, useFieldIds } from './FieldFrame.tsx';

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
  const { id, control } = useFieldIds(hint, error);
  return (
    <FieldFrame id={id} label={label} optional={optional} hint={hint} error={error} className={className}>
      <textarea id={id} rows={3} className={`${styles.input} ${styles.textarea}`} {...control} {...input} />
    </FieldFrame>
  );
}
