import type { ComponentProps } from 'react';
import * as styles from './Field.css.ts';
import { FieldFrame, useFieldIds } from './FieldFrame.tsx';

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
  const { id, control } = useFieldIds(hint, error);
  return (
    <FieldFrame id={id} label={label} optional={optional} hint={hint} error={error} className={className}>
      <input id={id} className={styles.input} {...control} {...input} />
    </FieldFrame>
  );
}
