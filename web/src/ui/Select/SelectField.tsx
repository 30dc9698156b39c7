import { Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';
import { FieldFrame, useFieldIds } from '@/ui/Field/FieldFrame.tsx';
import * as styles from './Select.css.ts';

export interface SelectOption<Value extends string> {
  value: Value;
  label: string;
}

export interface SelectFieldProps<Value extends string> {
  label: string;
  name: string;
  value: Value;
  options: readonly SelectOption<Value>[];
  onValueChange: (value: Value) => void;
  hint?: string;
  disabled?: boolean;
  /** Shown while `value` is '' (nothing chosen yet). */
  placeholder?: string;
  /** Shown under the trigger, linked with aria-describedby, and marks it invalid. */
  error?: string | undefined;
}

/** A labelled Radix Select. Values are plain strings; "all"-style choices are ordinary options. */
export function SelectField<Value extends string>({
  label,
  name,
  value,
  options,
  onValueChange,
  hint,
  disabled,
  placeholder,
  error,
}: SelectFieldProps<Value>) {
  const { id, control } = useFieldIds(hint, error);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <Select.Root
        name={name}
        value={value}
        onValueChange={(next) => onValueChange(next as Value)}
        {...(disabled ? { disabled } : {})}
      >
        <Select.Trigger id={id} className={styles.trigger} {...control}>
          <Select.Value {...(placeholder ? { placeholder } : {})} />
          <Select.Icon className={styles.icon}>
            <ChevronDown size={16} aria-hidden="true" />
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content className={styles.content} position="popper" sideOffset={4} collisionPadding={8}>
            <Select.Viewport className={styles.viewport}>
              {options.map((option) => (
                <Select.Item key={option.value} value={option.value} className={styles.item}>
                  <Select.ItemText>{option.label}</Select.ItemText>
                  <Select.ItemIndicator className={styles.indicator}>
                    <Check size={14} aria-hidden="true" />
                  </Select.ItemIndicator>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </FieldFrame>
  );
}
