import type { FormEvent, ReactNode } from 'react';
import * as panel from '../panel/Panel.css.ts';

/**
 * A panel's form, named by its label for screen readers. The browser's own validation is off: the form's
 * `useForm` checks the fields and shows the messages in the app's words.
 */
export function PanelForm({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form className={panel.form} onSubmit={onSubmit} noValidate aria-label={label}>
      {children}
    </form>
  );
}
