import { Check } from 'lucide-react';
import { Checkbox, Label } from 'radix-ui';
import type { Ref } from 'react';
import * as styles from './Field.css.ts';
import { FieldMessages, useFieldIds } from './FieldFrame.tsx';

export interface CheckboxFieldProps {
  label: string;
  name: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string | undefined;
  disabled?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function CheckboxField({
  label,
  name,
  checked,
  onCheckedChange,
  error,
  disabled,
  ref,
}: CheckboxFieldProps) {
  const { id, control } = useFieldIds(undefined, error);
  return (
    <div className={styles.field}>
      <div className={styles.checkboxRow}>
        <Checkbox.Root
          ref={ref}
          id={id}
          name={name}
          checked={checked}
          onCheckedChange={(state) => onCheckedChange(state === true)}
          disabled={disabled}
          {...control}
          className={styles.checkbox}
        >
          <Checkbox.Indicator className={styles.checkboxIndicator}>
            <Check size={14} strokeWidth={3} aria-hidden="true" />
          </Checkbox.Indicator>
        </Checkbox.Root>
        <Label.Root htmlFor={id} className={styles.checkboxLabel}>
          {label}
        </Label.Root>
      </div>
      <FieldMessages id={id} error={error} />
    </div>
  );
}
