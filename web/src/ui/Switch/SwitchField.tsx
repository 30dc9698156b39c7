import { Label, Switch } from 'radix-ui';
import { useId } from 'react';
import * as styles from './Switch.css.ts';

export interface SwitchFieldProps {
  label: string;
  description?: string;
  name?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** A labelled Radix Switch: an on/off setting that applies as it is toggled or with its form. */
export function SwitchField({
  label,
  description,
  name,
  checked,
  onCheckedChange,
  disabled,
}: SwitchFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className={styles.row}>
      <div className={styles.text}>
        <Label.Root htmlFor={id} className={styles.label}>
          {label}
        </Label.Root>
        {description ? (
          <p id={descriptionId} className={styles.description}>
            {description}
          </p>
        ) : null}
      </div>
      <Switch.Root
        id={id}
        {...(name ? { name } : {})}
        checked={checked}
        onCheckedChange={onCheckedChange}
        {...(disabled ? { disabled } : {})}
        aria-describedby={description ? descriptionId : undefined}
        className={styles.root}
      >
        <Switch.Thumb className={styles.thumb} />
      </Switch.Root>
    </div>
  );
}
